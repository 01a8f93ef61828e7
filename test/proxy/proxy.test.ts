import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { Difference } from '../../src/conformance/outcome/differences.js';
import type { JournalEntry } from '../../src/proxy/journal.js';
import { PROXY_REPORTS_PATH, startProxy, type RunningProxy } from '../../src/proxy/proxy.js';
import { startServer, type RunningServer } from '../../src/server/index.js';
import { startBrokenUpstream, type BrokenUpstream } from './broken-upstream.js';

let sim: RunningServer;
let broken: BrokenUpstream;
let dir: string;

beforeAll(async () => {
  sim = await startServer({ port: 0, inMemory: true, log: () => {} });
  broken = await startBrokenUpstream(`${sim.url}/us/1.4.0/public-api/graphql`);
  dir = mkdtempSync(path.join(tmpdir(), 'rm-proxy-'));
});

afterAll(async () => {
  await broken.close();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  broken.breakage = undefined;
  broken.rewrite = undefined;
});

async function post(
  proxy: RunningProxy,
  query: string,
  variables?: Record<string, unknown>,
  token = 'dev-token',
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(proxy.endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, ...(variables ? { variables } : {}) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function differences(proxy: RunningProxy): Difference[] {
  return proxy.result().scenarios.flatMap((s) => s.steps.flatMap((st) => st.differences));
}

const LISTS = '{ lists(limit: 2) { totalModels limit models { id name } } }';
const CONTACTS = '{ searchFirmContacts { totalModels models { id displayName } } }';
const ADD_PERSON =
  'mutation { addPerson(input: {}) { validationErrors { propertyName message } item { id } } }';

/** The exchanges both upstreams get; against the simulator they show nothing. */
async function exchanges(proxy: RunningProxy): Promise<void> {
  await post(proxy, LISTS);
  await post(proxy, CONTACTS);
  await post(proxy, ADD_PERSON);
  await post(proxy, '{ relationshipTypes { id name } }');
  await post(
    proxy,
    '{ activities(limit: 3) { totalModels models { id subject date linkedActivityContacts { __typename id } } } }',
  );
}

describe('proxy in front of a server that breaks the contract', () => {
  let proxy: RunningProxy;
  const seen: JournalEntry[] = [];
  /** The differences of the latest exchange. */
  const latest = (): Difference[] => seen[seen.length - 1]?.differences ?? [];
  beforeAll(async () => {
    proxy = await startProxy({
      upstream: broken.url,
      revision: '1.4.0',
      port: 0,
      reportDir: path.join(dir, 'broken'),
      onExchange: (e) => seen.push(e),
    });
  });
  afterAll(() => proxy.close());

  it('listens at the upstream path and forwards the Authorization header', async () => {
    expect(proxy.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/tenant-x\/public-api\/graphql$/);
    const ok = await post(proxy, LISTS);
    expect(ok.status).toBe(200);
    expect((ok.body.data as { lists: { limit: number } }).lists.limit).toBe(2);
    const refused = await post(proxy, LISTS, undefined, '');
    expect(refused.status).toBe(401);
  });

  it('reports a dropped non-null field at its path as breaking', async () => {
    broken.breakage = (body) => {
      delete (body.data as { lists: Record<string, unknown> }).lists.totalModels;
      return body;
    };
    await post(proxy, LISTS);
    const found = latest();
    expect(found).toEqual([
      expect.objectContaining({
        path: 'data.lists.totalModels',
        kind: 'missing-field',
        severity: 'breaking',
        level: 'MUST',
      }),
    ]);
  });

  it("holds the answer to the one media type the client's Accept names (A-575)", async () => {
    const ask = (accept: string) =>
      fetch(proxy.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer dev-token', accept },
        body: JSON.stringify({ query: LISTS }),
      });
    // The spoiling upstream answers application/json whatever was asked.
    expect((await ask('application/json')).status).toBe(200);
    expect(latest()).toEqual([]);
    await ask('application/graphql-response+json, application/json;q=0.9');
    expect(latest()).toEqual([]);
    await ask('application/graphql-response+json');
    expect(latest()).toEqual([
      expect.objectContaining({ kind: 'http-header', severity: 'breaking', level: 'MUST' }),
    ]);
  });

  it('reports null for a non-null field and a wrong type', async () => {
    broken.breakage = (body) => {
      const lists = (body.data as { lists: { totalModels: unknown; models: { name: unknown }[] } }).lists;
      lists.totalModels = null;
      if (lists.models[0]) lists.models[0].name = 42;
      return body;
    };
    await post(proxy, LISTS);
    const found = latest();
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'data.lists.totalModels',
          kind: 'null-for-non-null',
          severity: 'breaking',
        }),
        expect.objectContaining({
          path: 'data.lists.models[0].name',
          kind: 'wrong-type',
          severity: 'breaking',
          expected: 'string or null',
          actual: 42,
        }),
      ]),
    );
    expect(found).toHaveLength(2);
  });

  it('reports a page longer than the requested limit, resting on §4.1', async () => {
    broken.rewrite = (q) => q.replace('lists(limit: 2)', 'lists(limit: 5)');
    await post(proxy, LISTS);
    const found = latest();
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'data.lists.models',
          kind: 'count-mismatch',
          severity: 'breaking',
          actual: 5,
        }),
        expect.objectContaining({ path: 'data.lists.limit', kind: 'value-mismatch', expected: 2, actual: 5 }),
      ]),
    );
    expect(found[0]?.basis).toEqual({ spec: ['§4.1'], assumptions: [] });
  });

  it('reports a page longer than the default limit of 100 as breaking §8/limit-default', async () => {
    broken.rewrite = (q) => q.replace('searchFirmContacts {', 'searchFirmContacts(limit: 150) {');
    await post(proxy, CONTACTS);
    const found = latest();
    expect(found).toEqual([
      expect.objectContaining({
        path: 'data.searchFirmContacts.models',
        kind: 'count-mismatch',
        severity: 'breaking',
        expected: 'at most 100 items',
        actual: 150,
        basis: { spec: ['§8/limit-default'], assumptions: [] },
        restsOn: 'spec',
      }),
    ]);
  });

  it('reports a validation error without a message (§7.1)', async () => {
    broken.breakage = (body) => {
      const result = (body.data as { addPerson: { validationErrors: { message: string }[] } }).addPerson;
      for (const e of result.validationErrors) e.message = '';
      return body;
    };
    await post(proxy, ADD_PERSON);
    const found = latest();
    expect(found).toEqual([
      expect.objectContaining({
        path: 'data.addPerson.validationErrors[0].message',
        severity: 'breaking',
        basis: { spec: ['§7.1'], assumptions: ['A-561'] },
      }),
    ]);
  });

  it('reports an enum value and a date the contract does not allow', async () => {
    broken.breakage = (body) => {
      const models = (
        body.data as {
          activities: { models: { date: string; linkedActivityContacts: { __typename: string }[] }[] };
        }
      ).activities.models;
      if (models[0]) models[0].date = '25/11/2026';
      const link = models.flatMap((m) => m.linkedActivityContacts)[0];
      if (link) link.__typename = 'ActivityRobot';
      return body;
    };
    await post(
      proxy,
      '{ activities(limit: 3) { totalModels models { id subject date linkedActivityContacts { __typename id } } } }',
    );
    const kinds = latest()
      .map((d) => d.kind)
      .sort();
    expect(kinds).toEqual(['invalid-format', 'unknown-typename']);
  });

  it('reports an upstream that lacks an operation, but not an ordinary GraphQL error', async () => {
    broken.breakage = () => ({ errors: [{ message: 'Cannot query field "lists" on type "Query".' }] });
    await post(proxy, LISTS);
    expect(latest()).toEqual([
      expect.objectContaining({ path: 'errors[0]', kind: 'missing-operation', severity: 'breaking' }),
    ]);
    broken.breakage = () => ({
      data: { lists: null },
      errors: [{ message: 'try again later', path: ['lists'] }],
    });
    await post(proxy, LISTS);
    expect(latest()).toEqual([]);
  });

  it('writes the four reports on demand with the differences in them', async () => {
    const res = await fetch(`${proxy.url}${PROXY_REPORTS_PATH}`, {
      method: 'POST',
      headers: { authorization: 'Bearer admin-token' },
    });
    const answer = (await res.json()) as { files: string[]; summary: { breaking: number } };
    expect(answer.files.map((f) => path.basename(f)).sort()).toEqual([
      'conformance.html',
      'conformance.json',
      'conformance.junit.xml',
      'conformance.md',
    ]);
    expect(answer.summary.breaking).toBeGreaterThan(0);
    const json = readFileSync(path.join(dir, 'broken', 'conformance.json'), 'utf8');
    expect(json).toContain('"path": "data.lists.totalModels"');
    expect(json).toContain('"tool": "rm-harness proxy"');
    expect(json).not.toContain('dev-token');
    expect(readFileSync(path.join(dir, 'broken', 'conformance.junit.xml'), 'utf8')).toContain('proxy.lists');
  });
});

describe('proxy in front of the simulator', () => {
  it('reports nothing for the same exchanges', async () => {
    const proxy = await startProxy({
      upstream: `${sim.url}/us/1.4.0/public-api/graphql`,
      revision: '1.4.0',
      port: 0,
      reportDir: path.join(dir, 'sim'),
    });
    try {
      await exchanges(proxy);
      await post(proxy, CONTACTS.replace('searchFirmContacts {', 'searchFirmContacts(limit: 150) {'));
      expect(differences(proxy)).toEqual([]);
      expect(proxy.result().summary.conforms).toBe(true);
      expect(proxy.result().summary.total).toBe(5);
    } finally {
      await proxy.close();
    }
  });

  it('writes a Markdown report of a short run that summarises what it did not exercise', async () => {
    const proxy = await startProxy({
      upstream: `${sim.url}/us/1.4.0/public-api/graphql`,
      revision: '1.4.0',
      port: 0,
      reportDir: path.join(dir, 'short'),
    });
    try {
      await exchanges(proxy);
      proxy.writeReports();
    } finally {
      await proxy.close();
    }
    const md = readFileSync(path.join(dir, 'short', 'conformance.md'), 'utf8');
    // Four exchanges leave nearly the whole contract unexercised: counts and a short sample, not lists
    // of hundreds of names (the HTML and JSON reports keep every name).
    expect(md.length).toBeLessThan(6000);
    expect(md).toMatch(/- result fields not covered \(\d{3,}\): `[^`]+`(, `[^`]+`){9}, … and \d+ more/);
    expect(md).toMatch(/without: `A-\d+`(, `A-\d+`){9}, … and \d+ more/);
  });

  it('passes GET requests through and checks them too', async () => {
    const seen: JournalEntry[] = [];
    const proxy = await startProxy({
      upstream: `${sim.url}/us/1.4.0/public-api/graphql`,
      revision: '1.4.0',
      port: 0,
      reportDir: path.join(dir, 'get'),
      onExchange: (e) => seen.push(e),
    });
    try {
      const url = `${proxy.endpoint}?query=${encodeURIComponent(LISTS)}`;
      const res = await fetch(url, { headers: { authorization: 'Bearer dev-token' } });
      expect(res.status).toBe(200);
      expect(seen.map((e) => [e.operation, e.differences])).toEqual([['lists', []]]);
      await fetch(`${proxy.endpoint}?query=${encodeURIComponent('{ nope }')}`, {
        headers: { authorization: 'Bearer dev-token' },
      });
      expect(seen[1]?.differences).toEqual([expect.objectContaining({ kind: 'invalid-request' })]);
    } finally {
      await proxy.close();
    }
  });

  it('reads a gzip-compressed request as the simulator does: judged decoded, forwarded decoded', async () => {
    const seen: JournalEntry[] = [];
    const proxy = await startProxy({
      upstream: `${sim.url}/us/1.4.0/public-api/graphql`,
      revision: '1.4.0',
      port: 0,
      reportDir: path.join(dir, 'gzip'),
      onExchange: (e) => seen.push(e),
    });
    try {
      const res = await fetch(proxy.endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
          authorization: 'Bearer dev-token',
        },
        body: gzipSync(JSON.stringify({ query: LISTS })),
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: unknown }).data).toMatchObject({ lists: { limit: 2 } });
      expect(seen.map((e) => [e.operation, e.differences])).toEqual([['lists', []]]);
    } finally {
      await proxy.close();
    }
  });

  it('reports a request the revision does not have, and the upstream answers it', async () => {
    const proxy = await startProxy({
      upstream: `${sim.url}/us/1.2.0/public-api/graphql`,
      revision: '1.2.0',
      port: 0,
      reportDir: path.join(dir, 'sim12'),
    });
    try {
      const answer = await post(proxy, '{ relationshipTypes { id } }');
      expect(answer.status).toBe(200);
      expect(answer.body.errors).toBeDefined();
      expect(differences(proxy)).toEqual([
        expect.objectContaining({ path: 'request.query', kind: 'invalid-request', severity: 'breaking' }),
      ]);
    } finally {
      await proxy.close();
    }
  });
});

describe('--fail-on', () => {
  it('breaking: answers 502 with the differences in errors[].extensions', async () => {
    const proxy = await startProxy({
      upstream: broken.url,
      revision: '1.4.0',
      port: 0,
      reportDir: dir,
      failOn: 'breaking',
    });
    try {
      broken.breakage = (body) => {
        delete (body.data as { lists: Record<string, unknown> }).lists.totalModels;
        return body;
      };
      const failed = await post(proxy, LISTS);
      expect(failed.status).toBe(502);
      expect(failed.body).toEqual({
        errors: [
          expect.objectContaining({
            extensions: expect.objectContaining({
              code: 'CONTRACT_VIOLATION',
              path: 'data.lists.totalModels',
              kind: 'missing-field',
              severity: 'breaking',
            }),
          }),
        ],
      });
      broken.breakage = undefined;
      expect((await post(proxy, LISTS)).status).toBe(200);
    } finally {
      await proxy.close();
    }
  });

  it('breaking lets non-breaking differences through; any does not', async () => {
    const extra = (body: Record<string, unknown>): Record<string, unknown> => {
      (body.data as { lists: Record<string, unknown> }).lists.surprise = 1;
      return body;
    };
    for (const [failOn, status] of [
      ['breaking', 200],
      ['any', 502],
    ] as const) {
      const proxy = await startProxy({
        upstream: broken.url,
        revision: '1.4.0',
        port: 0,
        reportDir: dir,
        failOn,
      });
      try {
        broken.breakage = extra;
        expect((await post(proxy, LISTS)).status).toBe(status);
        expect(differences(proxy)).toEqual([
          expect.objectContaining({
            path: 'data.lists.surprise',
            kind: 'extra-field',
            severity: 'non-breaking',
          }),
        ]);
      } finally {
        await proxy.close();
      }
    }
  });
});
