import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestServer, type GqlResponse, type TestServer } from '../../helpers/server.js';
import {
  activeType,
  relationshipTypes,
  ruleErrors,
  strangers,
  world,
  type StoredContact,
  type TypeView,
  type World,
} from './helpers.js';

let server: TestServer;
let types: TypeView[];
let w: World;
let pool: StoredContact[];

beforeAll(async () => {
  server = await startTestServer();
  types = await relationshipTypes(server);
  w = await world(server);
  pool = strangers(w);
});

afterAll(async () => {
  await server.close();
});

/**
 * A client person the API user had no relationship with at the start, used by one test only, so the
 * tests need no reset between them; `otherCompanyThan` asks for someone at another company.
 */
function take(otherCompanyThan?: StoredContact): StoredContact {
  const i = pool.findIndex((p) => !otherCompanyThan || p.companyId !== otherCompanyThan.companyId);
  const [person] = pool.splice(i, 1);
  if (i < 0 || !person) throw new Error('no unrelated client person left');
  return person;
}

const ADD = 'mutation($i: AddRelationshipInput) { addRelationship(input: $i) { contactId success } }';
const ADD_FOR =
  'mutation($i: AddRelationshipForContactsInput) { addRelationshipForContacts(input: $i) { success validationErrors { propertyName message } } }';
const EDIT = 'mutation($i: EditRelationshipInput) { editRelationship(input: $i) { relationshipId success } }';
const REMOVE =
  'mutation($i: RemoveRelationshipInput) { removeRelationship(input: $i) { contactId success } }';

interface Row {
  id: string;
  contactId: string;
  relationshipType: string;
  strengthLevel: number;
  strengthLevelDescription: string;
  isAnonymous: boolean;
}

/** The relationships of `contactId` to employees of the company of `to`, through the API. */
async function relationshipsTo(contactId: string, to: StoredContact, token = 'dev-token'): Promise<Row[]> {
  const res = await server.gql<{ employeeRelationshipsTo: { models: Row[] } }>(
    `query($to: ID!, $c: ID!) { employeeRelationshipsTo(toCompanyId: $to, contactId: $c) {
      models { id contactId relationshipType strengthLevel strengthLevelDescription isAnonymous } } }`,
    { to: to.companyId, c: contactId },
    { token },
  );
  return dataOf(res).employeeRelationshipsTo.models.filter((m) => m.contactId === to.id);
}

interface EventRow {
  eventType: string;
  eventDate: string;
  relationshipId: string;
  baseContactId: string;
  relatedContactId: string;
  relationshipTypeId: string;
  relationshipTypeName: string;
  isFormer: boolean;
  isAnonymous: boolean;
  strengthScale: number;
  status: string;
}

async function events(relationshipId: string, token = 'dev-token'): Promise<EventRow[]> {
  const res = await server.gql<{ relationshipEventViews: { models: EventRow[] } }>(
    `query($ids: [ID!]) { relationshipEventViews(filter: { relationshipIds: $ids, eventTypes: [
      RelationshipCreated, RelationshipDeleted, RelationshipTypeChanged, StrengthChanged, FormerChanged,
      AnonymousChanged, PrivacyChanged] }) { models { eventType eventDate relationshipId baseContactId
      relatedContactId relationshipTypeId relationshipTypeName isFormer isAnonymous strengthScale status } } }`,
    { ids: [relationshipId] },
    { token },
  );
  return dataOf(res).relationshipEventViews.models;
}

function typeWith(pred: (t: TypeView) => boolean): TypeView {
  const t = types.find(pred);
  if (!t) throw new Error('no such relationship type');
  return t;
}

describe('addRelationship', () => {
  it('relates the API user to a contact; every view that should shows it', async () => {
    const s = take();
    const t = take();
    const knows = activeType(types, 'PersonToPerson', true);
    const res = await server.gql<{ addRelationship: unknown }>(ADD, {
      i: { contactId: s.id, relationshipTypeId: knows.id, strengthLevel: 4 },
    });
    expect(dataOf(res).addRelationship).toEqual({ contactId: s.id, success: true });
    const rows = await relationshipsTo(w.apiUserId, s);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ relationshipType: knows.name, strengthLevel: 4, isAnonymous: false });
    const score = await server.gql<{
      getIQRelationshipScore: { models: Array<{ relationshipScore: number }> };
    }>('query($t: ID!) { getIQRelationshipScore(targetContactId: $t) { models { relationshipScore } } }', {
      t: s.id,
    });
    expect(dataOf(score).getIQRelationshipScore.models[0]?.relationshipScore).toBe(
      (100 * 4) / knows.strengthScale,
    );

    // Without a strength the relationship starts in the middle of the type's scale.
    dataOf(await server.gql(ADD, { i: { contactId: t.id, relationshipTypeId: knows.id } }));
    expect((await relationshipsTo(w.apiUserId, t))[0]?.strengthLevel).toBe(
      Math.ceil(knows.strengthScale / 2),
    );
  });

  it('rejects bad input with every failure at once, and writes nothing', async () => {
    const s = take();
    const knows = activeType(types);
    const inactive = typeWith((t) => t.status === 'Inactive');
    const toCompany = activeType(types, 'PersonToCompany');
    const noFormer = typeWith(
      (t) => t.status === 'Active' && !t.formerInd && t.relationshipListingTypes.includes('PersonToPerson'),
    );
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ contactId: 'nobody', relationshipTypeId: 'no-type' }, ['contactId', 'relationshipTypeId']],
      [
        { contactId: 'nobody', relationshipTypeId: knows.id, strengthLevel: 99 },
        ['contactId', 'strengthLevel'],
      ],
      [{ contactId: s.id, relationshipTypeId: inactive.id }, ['relationshipTypeId']],
      [{ contactId: s.id, relationshipTypeId: toCompany.id }, ['relationshipTypeId']],
      [{ contactId: s.id, relationshipTypeId: noFormer.id, isFormer: true }, ['isFormer']],
      [{ contactId: s.id, relationshipTypeId: knows.id, strengthLevel: 0 }, ['strengthLevel']],
      [{ contactId: w.apiUserId, relationshipTypeId: knows.id }, ['contactId']],
    ];
    for (const [input, properties] of cases) {
      const res = await server.gql(ADD, { i: input });
      expect(res.data?.['addRelationship']).toBeNull();
      expect(ruleErrors(res).map((e) => e.propertyName)).toEqual(properties);
    }
    expect(await relationshipsTo(w.apiUserId, s)).toEqual([]);

    const missing = await server.gql<{ addRelationship: unknown }>(ADD, {});
    expect(dataOf(missing).addRelationship).toEqual({ contactId: null, success: false });
    const noType = await server.gql(ADD, { i: { contactId: s.id } });
    expect(noType.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');

    // The same type twice between the same two people is refused.
    dataOf(await server.gql(ADD, { i: { contactId: s.id, relationshipTypeId: knows.id } }));
    const twice = await server.gql(ADD, { i: { contactId: s.id, relationshipTypeId: knows.id } });
    expect(ruleErrors(twice).map((e) => e.propertyName)).toEqual(['relationshipTypeId']);
    expect(await relationshipsTo(w.apiUserId, s)).toHaveLength(1);
  });

  it('relates the API user to a company with a person-to-company type', async () => {
    const company = w.contacts.find(
      (c) =>
        c.kind === 'Company' &&
        c.id !== w.firmCompanyId &&
        !w.relationships.some((r) => r.baseContactId === w.apiUserId && r.relatedContactId === c.id),
    ) as StoredContact;
    const toCompany = activeType(types, 'PersonToCompany');
    const res = await server.gql<{ addRelationship: unknown }>(ADD, {
      i: { contactId: company.id, relationshipTypeId: toCompany.id, strengthLevel: 1 },
    });
    expect(dataOf(res).addRelationship).toEqual({ contactId: company.id, success: true });
    const score = await server.gql<{ getIQRelationshipScore: { totalModels: number } }>(
      'query($t: ID!) { getIQRelationshipScore(targetContactId: $t) { totalModels } }',
      { t: company.id },
    );
    expect(dataOf(score).getIQRelationshipScore.totalModels).toBe(1);
  });
});

describe('addRelationshipForContacts', () => {
  it('relates two contacts, recorded (and owned) by the API user', async () => {
    const a = take();
    const b = take(a);
    const knows = activeType(types);
    const res = await server.gql<{ addRelationshipForContacts: unknown }>(ADD_FOR, {
      i: {
        baseContactId: a.id,
        relatedContactId: b.id,
        relationshipTypeId: knows.id,
        strengthLevel: 2,
        isAnonymous: true,
        isPrivate: true,
      },
    });
    expect(dataOf(res).addRelationshipForContacts).toEqual({ success: true, validationErrors: [] });
    // Private, but the API user owns it, so the API user sees it from both sides.
    const rows = await relationshipsTo(a.id, b);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ strengthLevel: 2, isAnonymous: true, relationshipType: knows.name });
    const back = await relationshipsTo(b.id, a);
    expect(back.map((r) => r.id)).toEqual(rows.map((r) => r.id));
  });

  it('reports every failure in validationErrors and writes nothing', async () => {
    const a = take();
    const b = take(a);
    const knows = activeType(types);
    const cases: Array<[Record<string, unknown> | undefined, string[]]> = [
      [undefined, ['input']],
      [
        { baseContactId: 'x', relatedContactId: 'y', relationshipTypeId: 'z' },
        ['baseContactId', 'relatedContactId', 'relationshipTypeId'],
      ],
      [{ baseContactId: a.id, relatedContactId: a.id, relationshipTypeId: knows.id }, ['relatedContactId']],
      [
        { baseContactId: a.id, relatedContactId: b.id, relationshipTypeId: knows.id, strengthLevel: -2 },
        ['strengthLevel'],
      ],
    ];
    for (const [input, properties] of cases) {
      const res = await server.gql<{
        addRelationshipForContacts: {
          success: boolean;
          validationErrors: Array<{ propertyName: string; message: string }>;
        };
      }>(ADD_FOR, input ? { i: input } : {});
      const result = dataOf(res).addRelationshipForContacts;
      expect(result.success).toBe(false);
      expect(result.validationErrors.map((e) => e.propertyName)).toEqual(properties);
      for (const e of result.validationErrors) expect(e.message).toMatch(/\.$/);
    }
    expect(await relationshipsTo(a.id, b)).toEqual([]);
  });
});

describe('editRelationship', () => {
  it('changes the given attributes and keeps the others', async () => {
    const s = take();
    const knows = activeType(types, 'PersonToPerson', true);
    dataOf(await server.gql(ADD, { i: { contactId: s.id, relationshipTypeId: knows.id, strengthLevel: 5 } }));
    const [row] = (await relationshipsTo(w.apiUserId, s)) as [Row];
    const three = typeWith(
      (t) =>
        t.status === 'Active' &&
        t.strengthScale === 3 &&
        t.relationshipListingTypes.includes('PersonToPerson'),
    );
    const res = await server.gql<{ editRelationship: unknown }>(EDIT, {
      i: { relationshipId: row.id, relationshipTypeId: three.id },
    });
    expect(dataOf(res).editRelationship).toEqual({ relationshipId: row.id, success: true });
    // The strength is capped at the new scale.
    expect((await relationshipsTo(w.apiUserId, s))[0]).toMatchObject({
      id: row.id,
      relationshipType: three.name,
      strengthLevel: 3,
      strengthLevelDescription: 'Strong',
    });
    dataOf(await server.gql(EDIT, { i: { relationshipId: row.id, strengthLevel: 1 } }));
    expect((await relationshipsTo(w.apiUserId, s))[0]).toMatchObject({
      relationshipType: three.name,
      strengthLevel: 1,
    });
  });

  it('rejects unknown, hidden and invalid edits and changes nothing', async () => {
    const s = take();
    const knows = activeType(types, 'PersonToPerson', true);
    dataOf(await server.gql(ADD, { i: { contactId: s.id, relationshipTypeId: knows.id, strengthLevel: 2 } }));
    const [row] = (await relationshipsTo(w.apiUserId, s)) as [Row];
    const hidden = w.relationships.find((r) => r.isPrivate && r.ownerId !== w.apiUserId);
    const othersPublic = w.relationships.find((r) => !r.isPrivate && r.ownerId !== w.apiUserId);
    const noFormer = typeWith(
      (t) => t.status === 'Active' && !t.formerInd && t.relationshipListingTypes.includes('PersonToPerson'),
    );
    const inactive = typeWith((t) => t.status === 'Inactive');
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ relationshipId: 'nope', strengthLevel: 1 }, ['relationshipId']],
      [{ relationshipId: hidden?.id, strengthLevel: 1 }, ['relationshipId']],
      [{ relationshipId: othersPublic?.id, isPrivate: true }, ['isPrivate']],
      [{ relationshipId: row.id, strengthLevel: 6 }, ['strengthLevel']],
      [{ relationshipId: row.id, relationshipTypeId: inactive.id }, ['relationshipTypeId']],
      [
        { relationshipId: row.id, relationshipTypeId: noFormer.id, isFormer: true, strengthLevel: 9 },
        ['strengthLevel', 'isFormer'],
      ],
    ];
    for (const [input, properties] of cases) {
      const res = await server.gql(EDIT, { i: input });
      expect(res.data?.['editRelationship']).toBeNull();
      expect(ruleErrors(res).map((e) => e.propertyName)).toEqual(properties);
    }
    expect((await relationshipsTo(w.apiUserId, s))[0]).toMatchObject({
      relationshipType: knows.name,
      strengthLevel: 2,
    });
    const missing = await server.gql<{ editRelationship: unknown }>(EDIT, {});
    expect(dataOf(missing).editRelationship).toEqual({ relationshipId: null, success: false });
  });
});

describe('removeRelationship', () => {
  it("removes the API user's relationship to a contact; relationshipId picks one of several", async () => {
    const s = take();
    const [first, second] = types.filter(
      (t) => t.status === 'Active' && t.relationshipListingTypes.includes('PersonToPerson'),
    ) as [TypeView, TypeView];
    dataOf(await server.gql(ADD, { i: { contactId: s.id, relationshipTypeId: first.id } }));
    dataOf(await server.gql(ADD, { i: { contactId: s.id, relationshipTypeId: second.id } }));
    const rows = await relationshipsTo(w.apiUserId, s);
    expect(rows).toHaveLength(2);

    const ambiguous = await server.gql(REMOVE, { i: { contactId: s.id } });
    expect(ruleErrors(ambiguous).map((e) => e.propertyName)).toEqual(['relationshipId']);
    const wrong = await server.gql(REMOVE, { i: { contactId: s.id, relationshipId: 'nope' } });
    expect(ruleErrors(wrong).map((e) => e.propertyName)).toEqual(['relationshipId']);
    expect(await relationshipsTo(w.apiUserId, s)).toHaveLength(2);

    const one = await server.gql<{ removeRelationship: unknown }>(REMOVE, {
      i: { contactId: s.id, relationshipId: rows[0]?.id },
    });
    expect(dataOf(one).removeRelationship).toEqual({ contactId: s.id, success: true });
    expect((await relationshipsTo(w.apiUserId, s)).map((r) => r.id)).toEqual([rows[1]?.id]);
    const last = await server.gql<{ removeRelationship: unknown }>(REMOVE, { i: { contactId: s.id } });
    expect(dataOf(last).removeRelationship).toEqual({ contactId: s.id, success: true });
    expect(await relationshipsTo(w.apiUserId, s)).toEqual([]);
  });

  it('rejects contacts without a relationship to the API user, and a missing input', async () => {
    const s = take();
    const none = await server.gql(REMOVE, { i: { contactId: s.id } });
    expect(ruleErrors(none).map((e) => e.propertyName)).toEqual(['contactId']);
    const unknown = await server.gql(REMOVE, { i: { contactId: 'nobody' } });
    expect(ruleErrors(unknown).map((e) => e.propertyName)).toEqual(['contactId']);
    const missing = await server.gql<{ removeRelationship: unknown }>(REMOVE, {});
    expect(dataOf(missing).removeRelationship).toEqual({ contactId: null, success: false });
  });
});

describe('relationship events', () => {
  it('records creation, one event per changed attribute of an edit, and deletion (audit on)', async () => {
    const s = take();
    const knows = activeType(types, 'PersonToPerson', true);
    dataOf(await server.gql(ADD, { i: { contactId: s.id, relationshipTypeId: knows.id, strengthLevel: 2 } }));
    const [row] = (await relationshipsTo(w.apiUserId, s)) as [Row];
    const created = await events(row.id);
    expect(created).toEqual([
      expect.objectContaining({
        eventType: 'RelationshipCreated',
        relationshipId: row.id,
        baseContactId: w.apiUserId,
        relatedContactId: s.id,
        relationshipTypeId: knows.id,
        relationshipTypeName: knows.name,
        isFormer: false,
        isAnonymous: false,
        strengthScale: 2,
        status: 'Active',
      }),
    ]);

    dataOf(
      await server.gql(EDIT, {
        i: { relationshipId: row.id, strengthLevel: 4, isFormer: true, isAnonymous: true },
      }),
    );
    const edited = (await events(row.id)).slice(1);
    expect(edited.map((e) => e.eventType)).toEqual(['StrengthChanged', 'FormerChanged', 'AnonymousChanged']);
    expect(new Set(edited.map((e) => e.eventDate)).size).toBe(1);
    expect(edited[0]?.eventDate > (created[0]?.eventDate ?? '')).toBe(true);
    for (const e of edited)
      expect(e).toMatchObject({ strengthScale: 4, isFormer: true, isAnonymous: true, status: 'Active' });

    // An edit that changes nothing records nothing.
    dataOf(await server.gql(EDIT, { i: { relationshipId: row.id, strengthLevel: 4 } }));
    expect(await events(row.id)).toHaveLength(4);

    dataOf(await server.gql(REMOVE, { i: { contactId: s.id } }));
    const all = await events(row.id);
    expect(all.map((e) => e.eventType)).toEqual([
      'RelationshipCreated',
      'StrengthChanged',
      'FormerChanged',
      'AnonymousChanged',
      'RelationshipDeleted',
    ]);
    expect(all[4]).toMatchObject({ status: 'Deleted', relatedContactId: s.id });
  });

  it('hides events of a relationship while it is private', async () => {
    const s = take();
    const knows = activeType(types);
    dataOf(await server.gql(ADD, { i: { contactId: s.id, relationshipTypeId: knows.id, isPrivate: true } }));
    const [row] = (await relationshipsTo(w.apiUserId, s)) as [Row];
    expect(await events(row.id)).toEqual([]);
    dataOf(await server.gql(EDIT, { i: { relationshipId: row.id, isPrivate: false } }));
    expect((await events(row.id)).map((e) => e.eventType)).toEqual(['PrivacyChanged']);
    const friend = typeWith(
      (t) =>
        t.id !== knows.id &&
        t.status === 'Active' &&
        t.strengthScale === knows.strengthScale &&
        t.relationshipListingTypes.includes('PersonToPerson'),
    );
    dataOf(await server.gql(EDIT, { i: { relationshipId: row.id, relationshipTypeId: friend.id } }));
    const changed = (await events(row.id))[1];
    expect(changed).toMatchObject({
      eventType: 'RelationshipTypeChanged',
      relationshipTypeId: friend.id,
      relationshipTypeName: friend.name,
    });
  });

  it('records nothing while the tenant has no audit feature (dev-token-limited)', async () => {
    const limited = await world(server, 'limited-firm');
    const s = strangers(limited)[0] as StoredContact;
    const knows = activeType(types);
    const limitedTypes = await server.gql<{ relationshipTypes: Array<{ id: string; name: string }> }>(
      '{ relationshipTypes { id name } }',
      {},
      { token: 'dev-token-limited' },
    );
    const type = dataOf(limitedTypes).relationshipTypes.find((t) => t.name === knows.name) as { id: string };
    const add: GqlResponse<{ addRelationship: unknown }> = await server.gql(
      ADD,
      { i: { contactId: s.id, relationshipTypeId: type.id, strengthLevel: 1 } },
      { token: 'dev-token-limited' },
    );
    expect(dataOf(add).addRelationship).toEqual({ contactId: s.id, success: true });
    const [row] = (await relationshipsTo(limited.apiUserId, s, 'dev-token-limited')) as [Row];
    dataOf(
      await server.gql(
        EDIT,
        { i: { relationshipId: row.id, strengthLevel: 2 } },
        { token: 'dev-token-limited' },
      ),
    );
    expect(await events(row.id, 'dev-token-limited')).toEqual([]);
    dataOf(await server.gql(REMOVE, { i: { contactId: s.id } }, { token: 'dev-token-limited' }));
    expect(await events(row.id, 'dev-token-limited')).toEqual([]);
    expect(await relationshipsTo(limited.apiUserId, s, 'dev-token-limited')).toEqual([]);
  });
});
