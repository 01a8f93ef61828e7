// Hostile clients without a token (issue "hostile clients", class "unauthenticated flood"): bodies are
// not read before authentication, a body with a token is journaled cut at a per-entry cap, the journal
// stays within its byte budget, and a canary with a token is answered while the flood is in flight.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MAX_KEPT_CHARS, type JournalEntry } from '../../src/server/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { statusBeforeBody } from '../helpers/status-before-body.js';

const MB = 1024 * 1024;

/** A 1 MB GraphQL body whose variables parse into a few hundred thousand objects. */
function hugeBody(): string {
  const head = '{"query":"query Flood($a: [String]) { __typename }","variables":{"a":[';
  const count = Math.floor((MB - head.length - 4) / 3);
  return `${head}${'{},'.repeat(count - 1)}{}]}}`;
}

async function post(server: TestServer, body: string, token?: string): Promise<number> {
  const res = await fetch(`${server.url}/public-api/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body,
  });
  await res.arrayBuffer();
  return res.status;
}

describe('hostile: unauthenticated flood', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 401 to a request announcing a large body before the body is sent (the body is not read)', async () => {
    await expect(statusBeforeBody(`${server.url}/public-api/graphql`, undefined, 10_000)).resolves.toBe(
      'HTTP/1.1 401 Unauthorized',
    );
  });

  it('answers a canary with a token while 1 MB bodies without one are in flight, and keeps the journal in budget', async () => {
    await server.admin('DELETE', '/requests');
    const body = hugeBody();
    const flood = Array.from({ length: 40 }, () => post(server, body));
    const canary = await server.gql<{ __typename: string }>('query Canary { __typename }');
    expect(canary.data).toEqual({ __typename: 'Query' });
    const statuses = await Promise.all(flood);
    expect(new Set(statuses)).toEqual(new Set([401]));

    const { requests } = (await server.admin('GET', '/requests?limit=100')).body as {
      requests: JournalEntry[];
    };
    const flooded = requests.filter((entry) => entry.status === 401);
    expect(flooded).toHaveLength(40);
    // Nothing of an unread body is kept.
    for (const entry of flooded) expect(JSON.stringify(entry).length).toBeLessThan(4 * 1024);
    expect(server.journal.bytes).toBeLessThanOrEqual(server.journal.maxBytes);
  });

  it('journals a 1 MB body sent with a token cut at the per-entry cap, with a visible marker', async () => {
    await server.admin('DELETE', '/requests');
    expect(await post(server, hugeBody(), 'dev-token')).toBe(200);
    const { requests } = (await server.admin('GET', '/requests?limit=1')).body as {
      requests: JournalEntry[];
    };
    const [entry] = requests;
    expect(typeof entry!.variables).toBe('string');
    const variables = entry!.variables as string;
    expect(variables.length).toBeLessThan(MAX_KEPT_CHARS + 100);
    expect(variables).toMatch(/…\[cut: \d+ of \d+ characters kept\]$/);
    expect(server.journal.bytes).toBeLessThan(3 * MAX_KEPT_CHARS);
  });
});

describe('hostile: the journal byte budget', () => {
  it('drops the oldest entries once the kept texts exceed the budget', async () => {
    const server = await startTestServer({ journalMaxBytes: 4 * MAX_KEPT_CHARS });
    try {
      const body = hugeBody();
      for (let i = 0; i < 6; i += 1) expect(await post(server, body, 'dev-token')).toBe(200);
      expect(server.journal.length).toBeLessThan(6);
      expect(server.journal.bytes).toBeLessThanOrEqual(4 * MAX_KEPT_CHARS);
    } finally {
      await server.close();
    }
  });
});
