// The stateless mock checks the token before it reads a body, as the simulator does (issue "hostile
// clients"): a request without a valid token is answered 401 before a large body arrives, and at most
// 8 KiB of its body is ever read, so a body over the size limit is a 401, not a 413.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startMockServer, type RunningMock } from '../../src/mock/server.js';
import { statusBeforeBody } from '../helpers/status-before-body.js';

const SCHEMA = 'contracts/1.4.0/schema.graphql';
const ENDPOINT = '/public-api/graphql';

/** A body of about `bytes` bytes that is a valid GraphQL request. */
function bodyOf(bytes: number): string {
  const head = '{"query":"{ __typename }","variables":{"pad":"';
  return `${head}${'x'.repeat(Math.max(0, bytes - head.length - 3))}"}}`;
}

/** A body sent in chunks without Content-Length, so only reading it tells its size. */
async function postChunked(url: string, body: string, token?: string): Promise<Response> {
  const bytes = new TextEncoder().encode(body);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 4096) controller.enqueue(bytes.slice(at, at + 4096));
      controller.close();
    },
  });
  return fetch(`${url}${ENDPOINT}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: stream,
    duplex: 'half',
  } as RequestInit);
}

describe('the stateless mock authenticates before it reads a body', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMockServer({
      schemaFile: SCHEMA,
      port: 0,
      log: () => undefined,
      limits: { maxBodyBytes: 64 * 1024 },
    });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('answers 401 to a request announcing a large body before the body is sent', async () => {
    await expect(statusBeforeBody(`${mock.url}${ENDPOINT}`)).resolves.toBe('HTTP/1.1 401 Unauthorized');
    await expect(statusBeforeBody(`${mock.url}${ENDPOINT}`, 'not-a-token')).resolves.toBe(
      'HTTP/1.1 401 Unauthorized',
    );
  });

  it('answers a body over the size limit without a token with 401, not 413 (it reads at most 8 KiB of it)', async () => {
    const res = await postChunked(mock.url, bodyOf(100 * 1024));
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="rm-api-harness"');
    expect(await res.json()).toEqual({
      errors: [{ message: 'Missing bearer token.', extensions: { code: 'UNAUTHENTICATED' } }],
    });
  });

  it('answers a small body with an unknown token with 401 and the envelope', async () => {
    const res = await postChunked(mock.url, bodyOf(100), 'not-a-token');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      errors: [{ message: 'Unknown bearer token.', extensions: { code: 'UNAUTHENTICATED' } }],
    });
  });

  it('still reads the body of a request with a token, up to the size limit', async () => {
    const ok = await postChunked(mock.url, bodyOf(20 * 1024), 'dev-token');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ data: { __typename: 'Query' } });
    const large = await postChunked(mock.url, bodyOf(100 * 1024), 'dev-token');
    expect(large.status).toBe(413);
    expect(
      ((await large.json()) as { errors: Array<{ extensions: unknown }> }).errors[0]!.extensions,
    ).toEqual({
      code: 'LIMIT_EXCEEDED',
    });
  });
});
