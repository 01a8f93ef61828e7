import type { Entity } from '../src/store/index.js';
import type { BenchFixture } from './queries.js';

/**
 * The first person (insertion order) with a company employer, addresses and e-mails: the same in every
 * server of one seed. `collection` gives a collection's entities (only the three the requests read are
 * asked for, so a simulator's other collections stay unparsed).
 */
export function pickFixture(collection: (name: string) => Iterable<Entity>): BenchFixture {
  const contacts = [...collection('contacts')];
  const owners = (name: string) => new Set(Array.from(collection(name), (r) => r['contactId']));
  const withAddress = owners('addresses');
  const withEmail = owners('emailAddresses');
  const companies = new Set(contacts.filter((c) => c['kind'] === 'Company').map((c) => c.id));
  const person = contacts.find(
    (c) =>
      c['kind'] === 'Person' &&
      typeof c['lastName'] === 'string' &&
      companies.has(String(c['companyId'])) &&
      withAddress.has(c.id) &&
      withEmail.has(c.id),
  );
  if (!person) throw new Error('no person with employer, addresses and e-mails in the seeded data');
  return { personId: person.id, lastName: String(person['lastName']) };
}
