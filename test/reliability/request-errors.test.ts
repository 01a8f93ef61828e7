// Request errors are settled before anything runs: a variable that does not coerce is a request error
// (HTTP 400 under application/graphql-response+json, 200 under application/json) on both engines, in
// process and over HTTP, as docs/reference/error-codes.md says; and a request that fails validation
// never opens its tenant's store (an invalid document against a damaged store is a validation error,
// not a store failure, and no store file appears for a tenant that has none).
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createSimulator, type Engine } from '../../src/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const ENDPOINT = '/us/1.4.0/public-api/graphql';
const COERCION = JSON.stringify({
  query: 'query Page($limit: Int) { activities(limit: $limit) { totalModels } }',
  variables: { limit: 'ten' },
});
const MEDIA = [
  ['application/graphql-response+json', 400],
  ['application/json', 200],
] as const;

/** The status and the error codes of an answer. */
function verdict(status: number, body: string) {
  const { errors, data } = JSON.parse(body) as {
    errors?: { extensions?: { code?: string } }[];
    data?: unknown;
  };
  return { status, codes: errors?.map((e) => e.extensions?.code), hasData: data !== undefined };
}

describe.each(['jit', 'graphql-js'] satisfies Engine[])(
  'a variable that does not coerce (engine %s)',
  (engine) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ engine });
    });
    afterAll(() => server?.close());

    it.each(MEDIA)('over HTTP, Accept %s: HTTP %i, BAD_USER_INPUT, no data', async (accept, status) => {
      const res = await fetch(server.url + ENDPOINT, {
        method: 'POST',
        headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json', accept },
        body: COERCION,
      });
      expect(verdict(res.status, await res.text())).toEqual({
        status,
        codes: ['BAD_USER_INPUT'],
        hasData: false,
      });
    });

    it.each(MEDIA)('in process, Accept %s: HTTP %i, BAD_USER_INPUT, no data', async (accept, status) => {
      const sim = createSimulator({ engine, profile: 'small' });
      try {
        const answer = await sim.request({
          url: ENDPOINT,
          headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json', accept },
          body: COERCION,
        });
        expect(verdict(answer.status, answer.body)).toEqual({
          status,
          codes: ['BAD_USER_INPUT'],
          hasData: false,
        });
      } finally {
        await sim.stop();
      }
    });
  },
);

describe('a request that fails validation never opens its store', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'rm-invalid-'));
    // A damaged store: opening it fails, so an answer that opened it would say so.
    writeFileSync(path.join(dir, 'limited-firm-au.json'), '{ not json');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('over HTTP: a validation error, not a store failure, and no store file created', async () => {
    const server = await startTestServer({ inMemory: false, dataDir: dir });
    try {
      const damaged = await server.gql('{ firm { name } }', undefined, {
        token: 'dev-token-limited',
        region: 'au',
      });
      expect({ status: damaged.status, codes: damaged.errors?.map((e) => e.extensions?.['code']) }).toEqual({
        status: 200,
        codes: ['GRAPHQL_VALIDATION_FAILED'],
      });
      const fresh = await server.gql('{ firm { name } }', undefined, { token: 'dev-token', region: 'eu' });
      expect(fresh.errors?.map((e) => e.extensions?.['code'])).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    } finally {
      await server.close();
    }
    expect(readdirSync(dir).filter((name) => name.startsWith('dev-firm-eu'))).toEqual([]);
  });

  it('in process: a validation error, not a store failure', async () => {
    const sim = createSimulator({ dataDir: dir, profile: 'small' });
    try {
      const result = await sim.execute('{ firm { name } }', { token: 'dev-token-limited', region: 'au' });
      expect(result.errors?.map((e) => e.extensions?.['code'])).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    } finally {
      await sim.stop();
    }
    expect(existsSync(path.join(dir, 'limited-firm-au.json'))).toBe(true);
  });
});
