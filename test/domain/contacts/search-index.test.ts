// searchFirmContacts through its indexes (term, company, the unfiltered page) against a scan of every
// contact with the filters' own rules (containsText on names, employer and e-mail addresses; the
// display-name order of A-34): the same total and the same page, on seeded data and after writes that
// the indexes must follow (a renamed company, a new e-mail address, names in other cases and accents).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { searchFirmContacts } from '../../../src/domain/contacts/search.js';
import {
  CONTACTS,
  EMAIL_ADDRESSES,
  type ContactRecord,
  type EmailRecord,
} from '../../../src/domain/contacts/model.js';
import type { RequestContext } from '../../../src/domain/area.js';
import { containsText, sortItems } from '../../../src/domain/shared/paging.js';
import { findProfile } from '../../../src/domain/profile.js';
import { DEFAULT_TENANTS, openIndexedStore, seedStore } from '../../../src/simulator/index.js';
import type { Store } from '../../../src/store/index.js';

let store: Store;
beforeAll(async () => {
  const seeded = await seedStore({
    tenant: DEFAULT_TENANTS[0]!,
    region: 'us',
    seed: 41,
    profile: findProfile('small')!,
  });
  store = await openIndexedStore();
  await store.reset(seeded);
});
afterAll(async () => {
  await store.close();
});

const ctx = () => ({ store }) as unknown as RequestContext;

function employerName(c: ContactRecord): string | null | undefined {
  if (c.kind === 'Company') return c.name;
  return c.companyId ? store.get<ContactRecord>(CONTACTS, c.companyId)?.name : null;
}

/** The scan: every contact tested by the filter's rule, sorted by display name then id, paged. */
function scan(field: 'term' | 'company' | undefined, value: string, skip: number, limit: number) {
  const emails = [...store.all<EmailRecord>(EMAIL_ADDRESSES)];
  const matches = [...store.all<ContactRecord>(CONTACTS)].filter((c) => {
    if (field === 'company') return containsText(employerName(c), value);
    if (field === 'term')
      return (
        containsText(c.displayName, value) ||
        containsText(c.firstName, value) ||
        containsText(c.lastName, value) ||
        containsText(employerName(c), value) ||
        emails.some((e) => e.contactId === c.id && containsText(e.address, value))
      );
    return true;
  });
  const sorted = sortItems(matches, [{ value: (c) => c.displayName }]);
  return { total: sorted.length, ids: sorted.slice(skip, skip + limit).map((c) => c.id) };
}

function search(field: 'term' | 'company' | undefined, value: string, skip: number, limit: number) {
  const result = searchFirmContacts(
    { skip, limit, ...(field ? { filter: [{ field, value }] } : {}) } as never,
    ctx(),
  );
  return { total: result.totalModels, ids: result.models.map((c: ContactRecord) => c.id) };
}

/** Texts to search for: parts of names, employers and addresses as stored, in other cases, and misses. */
function needles(): string[] {
  const contacts = [...store.all<ContactRecord>(CONTACTS)];
  const emails = [...store.all<EmailRecord>(EMAIL_ADDRESSES)];
  const parts = [
    ...contacts.slice(0, 15).map((c) => c.displayName.slice(1, 4)),
    ...contacts
      .filter((c) => c.kind === 'Company')
      .slice(0, 5)
      .map((c) => (c.name ?? '').slice(0, 5).toUpperCase()),
    ...emails.slice(0, 8).map((e) => e.address.slice(e.address.indexOf('@') + 1, e.address.indexOf('@') + 6)),
    ...emails.slice(0, 4).map((e) => e.address.slice(0, 4)),
  ];
  return [...parts, 'a', 'E', ' ', 'émile', 'zzqx', ''];
}

function expectSame(): void {
  for (const value of needles()) {
    for (const field of ['term', 'company'] as const) {
      for (const [skip, limit] of [
        [0, 20],
        [3, 5],
      ] as const) {
        expect({ field, value, ...search(field, value, skip, limit) }).toEqual({
          field,
          value,
          ...scan(field, value, skip, limit),
        });
      }
    }
  }
  for (const [skip, limit] of [
    [0, 20],
    [7, 11],
    [0, 1000],
  ] as const) {
    expect(search(undefined, '', skip, limit)).toEqual(scan(undefined, '', skip, limit));
  }
}

describe('searchFirmContacts through its indexes', () => {
  it('answers term, company and unfiltered searches as a scan of every contact does', () => {
    expectSame();
  });

  it('still does after writes: new contacts in other cases and accents, a renamed company, a new address', async () => {
    const company = [...store.all<ContactRecord>(CONTACTS)].find((c) => c.kind === 'Company')!;
    const person = [...store.all<ContactRecord>(CONTACTS)].find((c) => c.kind === 'Person')!;
    await store.transact((tx) => {
      tx.put(CONTACTS, { ...company, name: 'Émile Zzqx Holdings', displayName: 'Émile Zzqx Holdings' });
      tx.put(CONTACTS, {
        ...person,
        id: 'p-lower',
        displayName: 'aaron émile',
        firstName: 'aaron',
        lastName: 'émile',
      });
      tx.put(CONTACTS, {
        ...person,
        id: 'p-upper',
        displayName: 'AARON EMILE',
        firstName: 'AARON',
        lastName: 'EMILE',
      });
      tx.put(EMAIL_ADDRESSES, {
        id: 'e-new',
        contactId: person.id,
        type: 'Work',
        usage: 'Work',
        address: 'Zzqx.Mail@Example.org',
        label: null,
      });
    });
    expectSame();
    expect(search('term', 'zzqx', 0, 100).ids).toEqual(expect.arrayContaining([company.id, person.id]));
  });
});
