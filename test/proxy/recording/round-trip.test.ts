import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startProxy } from '../../../src/proxy/proxy.js';
import { Pseudonymizer } from '../../../src/proxy/recording/pseudonymize.js';
import { Recorder } from '../../../src/proxy/recording/recorder.js';
import { startServer, type RunningServer } from '../../../src/server/index.js';
import { cliArgs } from '../../helpers/cli-io.js';

let sim: RunningServer;
let root: string;

beforeAll(async () => {
  sim = await startServer({ port: 0, inMemory: true, log: () => {} });
  root = mkdtempSync(path.join(tmpdir(), 'rm-roundtrip-'));
});

afterAll(async () => {
  await sim.close();
  rmSync(root, { recursive: true, force: true });
});

type Answer = { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] };

async function post(
  url: string,
  query: string,
  variables?: Record<string, unknown>,
  token: string | null = 'dev-token',
): Promise<{ status: number; body: Answer }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify({ query, ...(variables ? { variables } : {}) }),
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

describe('record → to-scenarios → conform against the same simulator', () => {
  it('replays ~10 varied exchanges (reads, search, writes, no token, the other tenant) green', async () => {
    const upstream = `${sim.url}/us/1.4.0/public-api/graphql`;
    // An existing contact to search for, looked up directly (not recorded).
    const existing = (await post(
      upstream,
      '{ searchFirmContacts(limit: 1, filter: [{ field: contactEntity, value: "Person" }]) { models { id ... on Person { lastName } } } }',
    )) as unknown as {
      body: { data: { searchFirmContacts: { models: { id: string; lastName: string }[] } } };
    };
    const someone = existing.body.data.searchFirmContacts.models[0];
    expect(someone?.lastName).toBeTruthy();

    const dir = path.join(root, 'session');
    const proxy = await startProxy({
      upstream,
      revision: '1.4.0',
      port: 0,
      reportDir: path.join(root, 'reports'),
      recorder: new Recorder(dir, upstream, '1.4.0', new Pseudonymizer('round-trip-key')),
    });
    const at = proxy.endpoint;
    try {
      // 1 read
      expect(
        (await post(at, '{ lists(limit: 3) { skip limit totalModels models { id name } } }')).status,
      ).toBe(200);
      // 2 search for an existing contact by a personal value (pseudonymised in the recording)
      const found = await post(
        at,
        'query Find($filter: [ContactFilterInput]) { searchFirmContacts(filter: $filter) { totalModels models { id displayName } } }',
        { filter: [{ field: 'lastName', value: someone?.lastName }] },
      );
      expect((found.body.data?.searchFirmContacts as { totalModels: number }).totalModels).toBeGreaterThan(0);
      // 3 write with personal data
      const added = await post(
        at,
        'mutation Add($input: AddPersonInput!) { addPerson(input: $input) { validationErrors { propertyName message } item { id firstName lastName displayName } } }',
        {
          input: {
            firstName: 'Roundtrip',
            lastName: 'Tester',
            emailAddress: 'roundtrip.tester@corp.example',
          },
        },
      );
      const personId = (added.body.data?.addPerson as { item: { id: string } }).item.id;
      // 4 read of what was written, through aliases and a fragment
      await post(
        at,
        'query One($id: ID!) { contact(id: $id) { id ... on Person { a: fullName b: firstName e: emailAddresses { x: address } } } }',
        { id: personId },
      );
      // 5 free text
      await post(at, '{ activities(limit: 2) { totalModels models { id subject summary } } }');
      // 6 no token
      expect((await post(at, '{ lists(limit: 1) { totalModels } }', undefined, null)).status).toBe(401);
      // 7 the other tenant
      // (matters are for full-cloud tenants only: the limited tenant gets a validation error)
      const limited = await post(
        at,
        'mutation { addMatter(input: { name: "Recorded matter", number: "RT-1" }) { validationErrors { propertyName message } item } }',
        undefined,
        'dev-token-limited',
      );
      expect(limited.body.data?.addMatter).toEqual(
        expect.objectContaining({
          item: null,
          validationErrors: [expect.objectContaining({ propertyName: 'tenant' })],
        }),
      );
      // 8 an error answer
      const missing = await post(at, '{ lists(limit: -1) { totalModels } }');
      expect(missing.body.errors?.length).toBeGreaterThan(0);
      // 9 reference data
      await post(at, '{ relationshipTypes { id name } }');
      // 10 search by id that round-trips from the write
      await post(
        at,
        'query ById($filter: [ContactFilterInput]) { searchFirmContacts(filter: $filter) { totalModels models { id } } }',
        { filter: [{ field: 'ids', values: [personId] }] },
      );
    } finally {
      await proxy.close();
    }
    expect(readdirSync(dir).filter((f) => f.endsWith('.json'))).toHaveLength(10);

    const out = path.join(root, 'scenarios');
    const made = await cliArgs('record', 'to-scenarios', dir, '--out', out);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toContain('10 step(s)');
    const yaml = readFileSync(path.join(out, readdirSync(out)[0] ?? ''), 'utf8');
    expect(yaml).not.toContain(someone?.lastName ?? '');
    expect(yaml).not.toContain('roundtrip.tester@corp.example');

    const replay = await cliArgs(
      'conform',
      '--scenarios-dir',
      out,
      '--target',
      upstream.replace('/1.4.0/', '/{version}/'),
      '--token',
      'dev-token',
      '--limited-token',
      'dev-token-limited',
      '--allow-mutations',
      '--no-drift',
      '--version',
      '1.4.0',
      '--report-dir',
      path.join(root, 'replay'),
      '--quiet',
    );
    const report = JSON.parse(readFileSync(path.join(root, 'replay', 'conformance.json'), 'utf8')) as {
      scenarios: {
        status: string;
        steps: { stepId: string; status: string; differences: { message: string }[] }[];
      }[];
    };
    const failing = report.scenarios.flatMap((s) =>
      s.steps
        .filter((st) => st.status !== 'passed')
        .map((st) => [st.stepId, st.status, st.differences.map((d) => d.message)]),
    );
    expect(failing).toEqual([]);
    expect(report.scenarios.map((s) => s.status)).toEqual(['passed']);
    expect(replay.code).toBe(0);
  });
});
