import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestServer, type TestServer } from '../../helpers/server.js';
import { relationshipTypes, strangers, world, type StoredContact } from './helpers.js';

// The default profile has enough firm people that one client person can be related to them more
// than 100 times, so the default page size of the derived views is observable.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ profile: 'default' });
});

afterAll(async () => {
  await server.close();
});

const ADD_FOR =
  'mutation($i: AddRelationshipForContactsInput) { addRelationshipForContacts(input: $i) { success } }';

describe('paging defaults of employeeRelationshipsTo', () => {
  it('returns 100 of more than 100 relationships unless told otherwise', async () => {
    const w = await world(server);
    const client = strangers(w)[0] as StoredContact;
    const colleagues = w.contacts.filter((c) => c.kind === 'Person' && c.companyId === w.firmCompanyId);
    const types = (await relationshipTypes(server)).filter(
      (t) => t.status === 'Active' && t.relationshipListingTypes.includes('PersonToPerson'),
    );
    let added = 0;
    for (const type of types) {
      for (const colleague of colleagues) {
        if (added > 100) break;
        const res = await server.gql<{ addRelationshipForContacts: { success: boolean } }>(ADD_FOR, {
          i: { baseContactId: client.id, relatedContactId: colleague.id, relationshipTypeId: type.id },
        });
        if (dataOf(res).addRelationshipForContacts.success) added += 1;
      }
    }
    expect(added).toBeGreaterThan(100);

    const query = `query($to: ID!, $c: ID!, $skip: Int, $limit: Int) {
      employeeRelationshipsTo(toCompanyId: $to, contactId: $c, skip: $skip, limit: $limit) { totalModels models { id } } }`;
    type Result = { employeeRelationshipsTo: { totalModels: number; models: Array<{ id: string }> } };
    const vars = { to: w.firmCompanyId, c: client.id };
    const first = dataOf(await server.gql<Result>(query, vars)).employeeRelationshipsTo;
    // Seeded relationships of the client to firm people count too.
    expect(first.totalModels).toBeGreaterThanOrEqual(added);
    expect(first.models).toHaveLength(100);
    const rest = dataOf(await server.gql<Result>(query, { ...vars, skip: 100 })).employeeRelationshipsTo;
    expect(rest.models).toHaveLength(first.totalModels - 100);
    const all = dataOf(await server.gql<Result>(query, { ...vars, limit: 500 })).employeeRelationshipsTo;
    expect(all.models.map((m) => m.id)).toEqual([...first.models, ...rest.models].map((m) => m.id));
  });
});
