import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse as parseYaml } from 'yaml';
import { startProxy, type RunningProxy } from '../../../src/proxy/proxy.js';
import type { Recording } from '../../../src/proxy/recording/format.js';
import { Pseudonymizer } from '../../../src/proxy/recording/pseudonymize.js';
import { Recorder } from '../../../src/proxy/recording/recorder.js';
import { startServer, type RunningServer } from '../../../src/server/index.js';
import { cliArgs } from '../../helpers/cli-io.js';

const KEY = 'test-recording-key';

let sim: RunningServer;
let root: string;

beforeAll(async () => {
  sim = await startServer({ port: 0, inMemory: true, log: () => {} });
  root = mkdtempSync(path.join(tmpdir(), 'rm-record-'));
});

afterAll(async () => {
  await sim.close();
  rmSync(root, { recursive: true, force: true });
});

async function recordingProxy(upstream: string, dir: string): Promise<RunningProxy> {
  return startProxy({
    upstream,
    revision: '1.4.0',
    port: 0,
    reportDir: path.join(dir, 'reports'),
    recorder: new Recorder(dir, upstream, '1.4.0', new Pseudonymizer(KEY)),
  });
}

async function post(
  url: string,
  query: string,
  variables?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer dev-token', ...headers },
    body: JSON.stringify({ query, ...(variables ? { variables } : {}) }),
  });
  return (await res.json()) as Record<string, unknown>;
}

function recordings(dir: string): Recording[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Recording);
}

const PEOPLE_SIMPLE = `{ searchFirmContacts(limit: 8) { models { id displayName emailAddresses { id address } phoneNumbers { id number } addresses { id street city postalCode } ... on Person { firstName lastName } } } }`;

describe('Pseudonymizer', () => {
  it('replaces the same input with the same value, and depends on the key', () => {
    const a = new Pseudonymizer(KEY);
    const b = new Pseudonymizer(KEY);
    const other = new Pseudonymizer('another key');
    expect(a.replace('firstName', 'Ann')).toBe(b.replace('firstName', 'Ann'));
    expect(a.replace('email', 'ann@corp.example')).toBe(b.replace('email', 'ann@corp.example'));
    expect(a.replace('firstName', 'Ann')).not.toBe('Ann');
    expect(a.replace('firstName', 'Ann')).not.toBe(a.replace('firstName', 'Bob'));
    expect(other.replace('email', 'ann@corp.example')).not.toBe(a.replace('email', 'ann@corp.example'));
    expect(a.replace('email', 'ann@corp.example')).toMatch(/@example\.com$/);
    expect(a.replace('phone', '+44 20 7946 0000')).toMatch(/^\+1 555 01\d\d \d{4}$/);
  });

  it('keeps a display name consistent with the first and last names it joins', () => {
    const p = new Pseudonymizer(KEY);
    expect(p.replace('fullName', 'Ann Smith')).toBe(
      `${p.replace('firstName', 'Ann')} ${p.replace('lastName', 'Smith')}`,
    );
  });
});

describe('proxy --record', () => {
  it('saves each exchange with tokens and cookies masked and personal data replaced deterministically', async () => {
    const dir = path.join(root, 'scrub');
    const upstream = `${sim.url}/us/1.4.0/public-api/graphql`;
    const proxy = await recordingProxy(upstream, dir);
    try {
      await post(proxy.endpoint, PEOPLE_SIMPLE, undefined, { cookie: 'session=s3cr3t-cookie' });
      await post(proxy.endpoint, PEOPLE_SIMPLE);
    } finally {
      await proxy.close();
    }
    const real = (await post(upstream, PEOPLE_SIMPLE)) as {
      data: { searchFirmContacts: { models: Record<string, unknown>[] } };
    };
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files).toEqual(['000001-searchFirmContacts.json', '000002-searchFirmContacts.json']);
    const text = files.map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
    expect(text).not.toContain('dev-token');
    expect(text).not.toContain('s3cr3t-cookie');
    const [first, second] = recordings(dir);
    expect(first?.request.headers.authorization).toBe('Bearer ***');
    expect(first?.request.headers.cookie).toBe('***');
    const recorded = (first?.response?.body as typeof real).data.searchFirmContacts.models;
    const again = (second?.response?.body as typeof real).data.searchFirmContacts.models;
    const p = new Pseudonymizer(KEY);
    const models = real.data.searchFirmContacts.models;
    expect(recorded.map((m) => m.id)).toEqual(models.map((m) => m.id));
    expect(again).toEqual(recorded);
    let checked = 0;
    models.forEach((m, i) => {
      const r = recorded[i] ?? {};
      // A person's display name is a person's name; a company's is a company name.
      const kind = typeof m.firstName === 'string' ? 'fullName' : 'company';
      expect(r.displayName).toBe(p.replace(kind, String(m.displayName)));
      expect(r.displayName).not.toBe(m.displayName);
      if (typeof m.firstName === 'string') {
        expect(r.firstName).toBe(p.replace('firstName', m.firstName));
        checked++;
      }
      const emails = m.emailAddresses as { address: string }[];
      (r.emailAddresses as { address: string }[]).forEach((e, j) => {
        expect(e.address).not.toBe(emails[j]?.address);
        expect(e.address).toBe(p.replace('email', emails[j]?.address ?? ''));
        checked++;
      });
      const phones = m.phoneNumbers as { number: string }[];
      (r.phoneNumbers as { number: string }[]).forEach((ph, j) => {
        expect(ph.number).toBe(p.replace('phone', phones[j]?.number ?? ''));
        checked++;
      });
      const streets = m.addresses as { street: string | null }[];
      (r.addresses as { street: string | null }[]).forEach((a, j) => {
        if (streets[j]?.street) expect(a.street).toBe(p.replace('street', streets[j]?.street ?? ''));
      });
    });
    expect(checked).toBeGreaterThan(5);
  });

  it('replaces personal data in variables and in string literals of the document', async () => {
    const dir = path.join(root, 'request');
    const proxy = await recordingProxy(`${sim.url}/us/1.4.0/public-api/graphql`, dir);
    try {
      await post(
        proxy.endpoint,
        'mutation A($input: AddPersonInput!) { addPerson(input: $input) { item { id firstName } } }',
        { input: { firstName: 'Zelda', lastName: 'Quintero', emailAddress: 'zelda@corp.example' } },
      );
      await post(
        proxy.endpoint,
        '{ searchFirmContacts(filter: [{ field: lastName, value: "Quintero" }]) { totalModels } }',
      );
    } finally {
      await proxy.close();
    }
    const text = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => readFileSync(path.join(dir, f), 'utf8'))
      .join('\n');
    expect(text).not.toMatch(/Zelda|Quintero|zelda@corp/);
    const p = new Pseudonymizer(KEY);
    expect(text).toContain(p.replace('firstName', 'Zelda'));
    expect(text).toContain(p.replace('lastName', 'Quintero'));
  });
});

describe('record to-scenarios', () => {
  it('writes scenario YAML that conform replays green against the simulator, joins kept', async () => {
    const dir = path.join(root, 'session');
    const proxy = await recordingProxy(`${sim.url}/us/1.4.0/public-api/graphql`, dir);
    try {
      await post(
        proxy.endpoint,
        '{ lists(limit: 3) { skip limit totalModels models { id name listType { name } } } }',
      );
      const added = (await post(
        proxy.endpoint,
        'mutation Add($input: AddPersonInput!) { addPerson(input: $input) { validationErrors { propertyName message } item { id firstName lastName } } }',
        { input: { firstName: 'Recorded', lastName: 'Person' } },
      )) as { data: { addPerson: { item: { id: string } } } };
      await post(
        proxy.endpoint,
        'query One($id: ID!) { person(id: $id) { id firstName displayName isEmployee } }',
        {
          id: added.data.addPerson.item.id,
        },
      );
      await post(proxy.endpoint, '{ nope }');
    } finally {
      await proxy.close();
    }
    const out = path.join(root, 'scenarios');
    const made = await cliArgs('record', 'to-scenarios', dir, '--out', out);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toContain('4 step(s)');
    const files = readdirSync(out);
    expect(files).toEqual(['recorded.session.yaml']);
    const scenario = parseYaml(readFileSync(path.join(out, files[0] ?? ''), 'utf8')) as {
      tags: string[];
      steps: {
        id: string;
        variables?: { id?: string };
        expect: { path: string; type?: string; equals?: unknown }[];
      }[];
    };
    expect(scenario.tags).toEqual(['recorded', 'mutates']);
    const [lists, add, one] = scenario.steps;
    expect(one?.variables?.id).toBe(`\${steps.${add?.id}.data.addPerson.item.id}`);
    expect(lists?.expect).toEqual(
      expect.arrayContaining([
        { path: 'data.lists.limit', equals: 3 },
        // A later recorded write (addPerson) may change what the replay finds: the list as a list.
        { path: 'data.lists.models', type: 'array' },
        { path: 'data.lists.totalModels', type: 'integer' },
      ]),
    );
    const replay = await cliArgs(
      'conform',
      '--scenarios-dir',
      out,
      '--target',
      'sim',
      '--version',
      '1.4.0',
      '--report-dir',
      path.join(root, 'replay'),
      '--quiet',
    );
    expect(replay.stderr).toBe('');
    expect(replay.code).toBe(0);
  });
});

describe('record to-fixtures', () => {
  let fake: Server;
  let fakeUrl: string;
  const PERSON = {
    id: 'rec-person-1',
    firstName: 'Ingrid',
    lastName: 'Halvorsen',
    displayName: 'Ingrid Halvorsen',
    isEmployee: false,
    emailAddresses: [
      { id: 'rec-email-1', address: 'ingrid.halvorsen@corp.example', owningContactId: 'rec-person-1' },
    ],
  };
  const LIST = { id: 'rec-list-1', name: 'Recorded prospects', description: null, allowedLinkInto: true };

  beforeAll(async () => {
    // A "real tenant": answers with entities the simulator does not have.
    fake = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: { p: PERSON, lists: { totalModels: 1, models: [LIST] } } }));
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/public-api/graphql`;
  });
  afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

  it('loads recorded entities into a store that then answers a query with them', async () => {
    const dir = path.join(root, 'tenant');
    const proxy = await recordingProxy(fakeUrl, dir);
    try {
      const answer = await post(
        proxy.endpoint,
        '{ p: person(id: "rec-person-1") { id firstName lastName displayName isEmployee emailAddresses { id address owningContactId } } lists { totalModels models { id name description allowedLinkInto } } }',
      );
      expect(answer.data).toBeDefined();
    } finally {
      await proxy.close();
    }
    const dataDir = path.join(root, 'data');
    const loaded = await cliArgs(
      'record',
      'to-fixtures',
      dir,
      '--tenant',
      'dev-firm',
      '--region',
      'eu',
      '--data-dir',
      dataDir,
    );
    expect(loaded.stderr).toBe('');
    expect(loaded.code).toBe(0);
    expect(loaded.stdout).toContain('contacts: 1');
    expect(loaded.stdout).toContain('emailAddresses: 1');
    expect(loaded.stdout).toContain('lists: 1');
    const p = new Pseudonymizer(KEY);
    const server = await startServer({ port: 0, dataDir, log: () => {} });
    try {
      const got = (await post(
        `${server.url}/eu/1.4.0/public-api/graphql`,
        '{ person(id: "rec-person-1") { id firstName lastName displayName emailAddresses { address } } list(id: "rec-list-1") { id name listType { listClass } } }',
      )) as { data: { person: Record<string, unknown>; list: Record<string, unknown> } };
      expect(got.data.person).toEqual({
        id: 'rec-person-1',
        firstName: p.replace('firstName', 'Ingrid'),
        lastName: p.replace('lastName', 'Halvorsen'),
        displayName: p.replace('fullName', 'Ingrid Halvorsen'),
        emailAddresses: [{ address: p.replace('email', 'ingrid.halvorsen@corp.example') }],
      });
      expect(got.data.list).toEqual({
        id: 'rec-list-1',
        name: 'Recorded prospects',
        listType: { listClass: 'marketingLists' },
      });
    } finally {
      await server.close();
    }
  });

  it('refuses an unknown tenant or region with exit 2', async () => {
    const dir = path.join(root, 'tenant');
    const tenant = await cliArgs(
      'record',
      'to-fixtures',
      dir,
      '--tenant',
      'nobody',
      '--region',
      'eu',
      '--data-dir',
      path.join(root, 'x'),
    );
    expect(tenant.code).toBe(2);
    expect(tenant.stderr).toMatch(/^rm-harness: unknown tenant "nobody"/);
    const region = await cliArgs('record', 'to-fixtures', dir, '--tenant', 'dev-firm', '--region', 'mars');
    expect(region.code).toBe(2);
    expect(region.stderr).toMatch(/^rm-harness: unknown region "mars"/);
  });
});
