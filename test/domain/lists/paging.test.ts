// Paging defaults of a list's members on the default profile, which has a list with more than 100 members.
import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startTestServer, dataOf, type TestServer } from '../../helpers/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ profile: 'default' });
});

afterAll(async () => {
  await server.close();
});

type Members = {
  list: { contacts: { skip: number; limit: number; totalModels: number; models: Array<{ id: string }> } };
};

describe('List.contacts paging', () => {
  it.each(['1.4.0', '1.2.0'] as const)(
    'defaults to skip 0, limit 100 and pages on with skip (%s)',
    async (version) => {
      const lists = dataOf(
        await server.gql<{ lists: { models: Array<{ id: string; contacts: { totalModels: number } }> } }>(
          `{ lists { models { id contacts(limit: 0) { totalModels } } } }`,
          {},
          { version },
        ),
      ).lists.models;
      const big = lists.find((l) => l.contacts.totalModels > 100);
      expect(big).toBeDefined();
      const query = `query($id: ID!, $skip: Int) { list(id: $id) { contacts(skip: $skip) { skip limit totalModels models { id } } } }`;
      const first = dataOf(await server.gql<Members>(query, { id: big!.id }, { version })).list.contacts;
      expect(first).toMatchObject({ skip: 0, limit: 100, totalModels: big!.contacts.totalModels });
      expect(first.models).toHaveLength(100);
      const rest = dataOf(await server.gql<Members>(query, { id: big!.id, skip: 100 }, { version })).list
        .contacts;
      expect(rest.models).toHaveLength(big!.contacts.totalModels - 100);
      const ids = new Set([...first.models, ...rest.models].map((c) => c.id));
      expect(ids.size).toBe(big!.contacts.totalModels);
    },
  );
});
