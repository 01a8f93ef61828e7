import type { StoreSnapshot } from '../src/store/index.js';
import type { BenchFixture } from './queries.js';

/** The first person (insertion order) with a company employer, addresses and e-mails: the same in every server of one seed. */
export function pickFixture(snapshot: StoreSnapshot): BenchFixture {
  const contacts = snapshot.collections['contacts'] ?? [];
  const owners = (name: string) => new Set((snapshot.collections[name] ?? []).map((r) => r['contactId']));
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
