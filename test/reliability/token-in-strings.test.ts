// Hostile or careless clients (issue "hostile clients", class "token inside strings"): a configured
// token inside a longer string, in a variable, in the document, or used as the operation name, is masked
// in the journal, in the live stream and in the request log.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { requestLogger } from '../../src/server/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const SECRET = 'dev-token-limited';

/** The live stream's text until its backlog has been sent. */
async function streamBacklog(server: TestServer): Promise<string> {
  const controller = new AbortController();
  const res = await fetch(`${server.url}/__admin/requests/stream?token=${server.adminToken}`, {
    signal: controller.signal,
  });
  const reader = res.body!.getReader();
  let text = '';
  while (!text.includes(': live')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  controller.abort();
  return text;
}

describe('hostile: a token inside strings', () => {
  let server: TestServer;
  let logged = '';
  beforeAll(async () => {
    server = await startTestServer({
      onRequestHead: requestLogger('json', { write: (text) => (logged += text) }),
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('masks it in the journal, the live stream and the log', async () => {
    const send = (body: unknown, token?: string) =>
      fetch(`${server.url}/public-api/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      }).then((res) => res.arrayBuffer());
    await send(
      { query: '{ __typename }', variables: { note: `key=${SECRET}`, list: [`a ${SECRET} b`] } },
      'dev-token',
    );
    await send({ query: '{ __typename }', operationName: SECRET }, 'dev-token');
    await send({ query: '{ __typename }', operationName: `x-${SECRET}` });
    await send({ query: `query Q { __typename } # ${SECRET}` }, 'dev-token');

    const journal = JSON.stringify((await server.admin('GET', '/requests')).body);
    expect(journal).toContain('key=***');
    expect(journal).not.toContain(SECRET);
    const stream = await streamBacklog(server);
    expect(stream.match(/event: request/g)).toHaveLength(4);
    expect(stream).not.toContain(SECRET);
    const deadline = Date.now() + 10_000;
    while (logged.split('\n').filter(Boolean).length < 4 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logged.split('\n').filter(Boolean)).toHaveLength(4);
    expect(logged).not.toContain(SECRET);
  });
});
