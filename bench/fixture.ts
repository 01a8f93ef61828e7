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

/**
 * The growth section's further fixture: the first list with members, and the date of the newest event
 * (a poll after it asks for what is new). Reads two more collections, so only the simulator's servers ask.
 */
export function pickGrowthFixture(
  collection: (name: string) => Iterable<Entity>,
): Pick<BenchFixture, 'listId' | 'lastEventDate'> {
  let listId: string | undefined;
  for (const member of collection('listMembers')) {
    listId = String(member['listId']);
    break;
  }
  let lastEventDate = '1970-01-01T00:00:00.000Z';
  for (const event of collection('events')) {
    const date = String(event['eventDate']);
    if (date > lastEventDate) lastEventDate = date;
  }
  if (!listId) throw new Error('no list with members in the seeded data');
  return { listId, lastEventDate };
}
