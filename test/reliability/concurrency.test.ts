// Issue 8 item 4, concurrency: many clients writing to the same tenant at once over HTTP. Every
// acknowledged write is present afterwards (no lost update), totals stay consistent, concurrent edits of
// one record are linearizable (some serial order of the acknowledged edits explains every response and the
// stored record), and a file-backed simulator restarted on the same data dir still holds every
// acknowledged write.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Entity } from '../../src/store/index.js';
import { dataOf, startTestServer, type TestServer } from '../helpers/server.js';
import { findList, fullyAllowed, memberIds } from '../domain/lists/helpers.js';

const ADD_PERSON = `mutation($input: AddPersonInput!) {
  addPerson(input: $input) { status validationErrors { propertyName message } item { id firstName lastName } } }`;
type AddPersonResult = {
  addPerson: {
    status: string;
    validationErrors: Array<{ propertyName: string; message: string }>;
    item: { id: string; firstName: string; lastName: string } | null;
  };
};

const ADD_TO_LIST = `mutation($listIds: [ID!]!, $contactIds: [ID!]!) {
  addContactsToLists(listIds: $listIds, contactIds: $contactIds) { totalCount successCount skippedCount } }`;
type AddToListResult = {
  addContactsToLists: { totalCount: number; successCount: number; skippedCount: number };
};

const REMOVE_FROM_LIST = `mutation($listId: ID!, $contactIds: [ID!]!) {
  removeContactsFromList(listId: $listId, contactIds: $contactIds) { contactsEffected pendingContactsEffected } }`;
type RemoveFromListResult = {
  removeContactsFromList: { contactsEffected: number; pendingContactsEffected: number };
};

const PERSON_FIELDS = 'id title firstName middleName lastName suffix goesBy assistantName tags';
const UPDATE_PERSON = `mutation($input: UpdatePublicPersonInput!) {
  updatePublicPerson(input: $input) { status validationErrors { propertyName message } item { ${PERSON_FIELDS} } } }`;
type PersonState = Record<
  'title' | 'firstName' | 'middleName' | 'lastName' | 'suffix' | 'goesBy' | 'assistantName',
  string | null
> & {
  id: string;
  tags: string[];
};
type UpdatePersonResult = {
  updatePublicPerson: {
    status: string;
    validationErrors: Array<{ message: string }>;
    item: PersonState | null;
  };
};

const LIST_TOTAL = `query($id: ID!) { list(id: $id) { contacts(limit: 1) { totalModels } } }`;
type ListTotalResult = { list: { contacts: { totalModels: number } } };

/** The fields the concurrent edits spread over (every client edits one of them on the same person). */
const EDITED_FIELDS = [
  'title',
  'firstName',
  'middleName',
  'lastName',
  'suffix',
  'goesBy',
  'assistantName',
  'tags',
] as const;

async function countEvents(server: TestServer, eventType: string): Promise<number> {
  const store = await server.simulator.store('dev-firm', 'us');
  let n = 0;
  for (const e of store.all<Entity & { eventType?: string }>('events')) if (e.eventType === eventType) n += 1;
  return n;
}

/** Runs every call at once (each its own HTTP request) and waits for all. */
function allAtOnce<T>(calls: Array<() => Promise<T>>): Promise<T[]> {
  return Promise.all(calls.map((call) => call()));
}

/** `n` concurrent addPerson calls with distinct names; returns the acknowledged people. */
async function addPeople(
  server: TestServer,
  prefix: string,
  n: number,
): Promise<Array<{ id: string; lastName: string }>> {
  const results = await allAtOnce(
    Array.from(
      { length: n },
      (_, i) => () =>
        server.gql<AddPersonResult>(ADD_PERSON, {
          input: { firstName: 'Concurrent', lastName: `${prefix}-${i}` },
        }),
    ),
  );
  return results.flatMap((res) => {
    const out = res.data?.addPerson;
    return !res.errors && out?.status === 'Created' && out.item && out.validationErrors.length === 0
      ? [{ id: out.item.id, lastName: out.item.lastName }]
      : [];
  });
}

/**
 * Adds `newcomers` (one request each) to the list while removing `leavers` (one request each), all at
 * once; returns the acknowledged adds and removes.
 */
async function churnList(
  server: TestServer,
  listId: string,
  newcomers: readonly string[],
  leavers: readonly string[],
): Promise<{ added: string[]; removed: string[] }> {
  const adds = newcomers.map((id) => async () => {
    const res = await server.gql<AddToListResult>(ADD_TO_LIST, { listIds: [listId], contactIds: [id] });
    return res.data?.addContactsToLists?.successCount === 1 && !res.errors ? { added: id } : {};
  });
  const removes = leavers.map((id) => async () => {
    const res = await server.gql<RemoveFromListResult>(REMOVE_FROM_LIST, { listId, contactIds: [id] });
    return res.data?.removeContactsFromList?.contactsEffected === 1 && !res.errors ? { removed: id } : {};
  });
  // Interleave adds and removes so they arrive mixed.
  const calls: Array<() => Promise<{ added?: string; removed?: string }>> = [];
  for (let i = 0; i < Math.max(adds.length, removes.length); i += 1) {
    if (adds[i]) calls.push(adds[i]!);
    if (removes[i]) calls.push(removes[i]!);
  }
  const outcomes = await allAtOnce(calls);
  return {
    added: outcomes.flatMap((o) => (o.added ? [o.added] : [])),
    removed: outcomes.flatMap((o) => (o.removed ? [o.removed] : [])),
  };
}

async function listTotal(server: TestServer, listId: string): Promise<number> {
  return dataOf(await server.gql<ListTotalResult>(LIST_TOTAL, { id: listId })).list.contacts.totalModels;
}

describe('concurrent writers on one tenant (in memory)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server.close();
  });

  it('keeps every acknowledged addPerson, with one ContactCreated event each', async () => {
    const store = await server.simulator.store('dev-firm', 'us');
    const contactsBefore = store.count('contacts');
    const eventsBefore = await countEvents(server, 'ContactCreated');
    const people = await addPeople(server, 'solo', 60);
    expect(people).toHaveLength(60);
    expect(new Set(people.map((p) => p.id)).size).toBe(60);
    expect(store.count('contacts')).toBe(contactsBefore + people.length);
    expect((await countEvents(server, 'ContactCreated')) - eventsBefore).toBe(people.length);
    for (const p of people) {
      const res = await server.gql<{ person: { lastName: string } | null }>(
        'query($id: ID!) { person(id: $id) { lastName } }',
        { id: p.id },
      );
      expect(dataOf(res).person?.lastName).toBe(p.lastName);
    }
  });

  it('adds 50 contacts to one list while removing 20 of its members, losing none and counting right', async () => {
    const list = await findList(server, fullyAllowed('marketingLists'));
    const before = await memberIds(server, list.id);
    expect(before.length).toBeGreaterThanOrEqual(20);
    const newcomers = (await addPeople(server, 'member', 50)).map((p) => p.id);
    expect(newcomers).toHaveLength(50);
    const leavers = before.slice(0, 20);

    const { added, removed } = await churnList(server, list.id, newcomers, leavers);
    expect(added).toHaveLength(50);
    expect(removed).toHaveLength(20);

    const after = await memberIds(server, list.id);
    const expected = new Set([...before.filter((id) => !removed.includes(id)), ...added]);
    expect(new Set(after)).toEqual(expected);
    expect(after).toHaveLength(expected.size);
    expect(await listTotal(server, list.id)).toBe(before.length + added.length - removed.length);
  });

  it('serialises 50 concurrent edits of one person: a serial order explains every answer and the stored record', async () => {
    const store = await server.simulator.store('dev-firm', 'us');
    const person = (await addPeople(server, 'edited', 1))[0]!;
    const initial = dataOf(
      await server.gql<{ person: PersonState }>(`query($id: ID!) { person(id: $id) { ${PERSON_FIELDS} } }`, {
        id: person.id,
      }),
    ).person;
    const updatesBefore = await countEvents(server, 'ContactUpdated');

    // Client i sets one field (spread over 8 fields) to a value no other client uses.
    const edits = Array.from({ length: 50 }, (_, i) => {
      const field = EDITED_FIELDS[i % EDITED_FIELDS.length]!;
      const value = field === 'tags' ? [`tag-${i}`] : `${field}-${i}`;
      return { field, value };
    });
    const answers = await allAtOnce(
      edits.map(
        (edit) => () =>
          server.gql<UpdatePersonResult>(UPDATE_PERSON, {
            input: { id: person.id, [edit.field]: edit.value },
          }),
      ),
    );
    const acked = answers.flatMap((res, i) => {
      const out = res.data?.updatePublicPerson;
      return !res.errors && out?.status === 'Updated' && out.item ? [{ ...edits[i]!, item: out.item }] : [];
    });
    expect(acked).toHaveLength(50);

    // Replay: at each step exactly one remaining edit's answer must equal the current state plus that edit.
    // A lost update (a write built on a stale read) leaves no such edit.
    let state: PersonState = initial;
    const remaining = [...acked];
    while (remaining.length > 0) {
      const i = remaining.findIndex(
        (e) => JSON.stringify({ ...state, [e.field]: e.value }) === JSON.stringify(e.item),
      );
      if (i < 0) {
        throw new Error(
          `no serial order explains the answers: state ${JSON.stringify(state)}; ` +
            `remaining ${JSON.stringify(remaining.map((e) => e.item).slice(0, 3))}`,
        );
      }
      state = remaining.splice(i, 1)[0]!.item;
    }
    // The last edit in that order is the stored record, seen through the API and in the store.
    const stored = dataOf(
      await server.gql<{ person: PersonState }>(`query($id: ID!) { person(id: $id) { ${PERSON_FIELDS} } }`, {
        id: person.id,
      }),
    ).person;
    expect(stored).toEqual(state);
    expect(store.get<Entity & { firstName?: string }>('contacts', person.id)?.firstName).toBe(
      state.firstName,
    );
    for (const field of EDITED_FIELDS) {
      const values = acked.filter((e) => e.field === field).map((e) => JSON.stringify(e.value));
      expect(values).toContain(JSON.stringify(stored[field]));
    }
    expect((await countEvents(server, 'ContactUpdated')) - updatesBefore).toBe(acked.length);
  });
});

describe('concurrent writers on a file-backed store, then a restart', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'rm-concurrency-'));
  });

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds every acknowledged write after the simulator is closed and started again on the same data dir', async () => {
    const first = await startTestServer({ dataDir, inMemory: false });
    let people: Array<{ id: string; lastName: string }>;
    let listId: string;
    let expectedMembers: Set<string>;
    let createdEvents: number;
    try {
      const list = await findList(first, fullyAllowed('marketingLists'));
      listId = list.id;
      const before = await memberIds(first, listId);
      // People and list churn at the same time: 40 addPerson, then 40 adds and 15 removes on one list.
      people = await addPeople(first, 'durable', 40);
      expect(people).toHaveLength(40);
      const { added, removed } = await churnList(
        first,
        listId,
        people.map((p) => p.id),
        before.slice(0, 15),
      );
      expect(added).toHaveLength(40);
      expect(removed).toHaveLength(15);
      expectedMembers = new Set([...before.filter((id) => !removed.includes(id)), ...added]);
      expect(new Set(await memberIds(first, listId))).toEqual(expectedMembers);
      createdEvents = await countEvents(first, 'ContactCreated');
    } finally {
      await first.close();
    }

    const second = await startTestServer({ dataDir, inMemory: false });
    try {
      for (const p of people) {
        const res = await second.gql<{ person: { lastName: string } | null }>(
          'query($id: ID!) { person(id: $id) { lastName } }',
          { id: p.id },
        );
        expect(dataOf(res).person?.lastName).toBe(p.lastName);
      }
      const after = await memberIds(second, listId);
      expect(new Set(after)).toEqual(expectedMembers);
      expect(await listTotal(second, listId)).toBe(expectedMembers.size);
      expect(await countEvents(second, 'ContactCreated')).toBe(createdEvents);
    } finally {
      await second.close();
    }
  });
});
