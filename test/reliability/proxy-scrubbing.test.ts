// Scrubbing by meaning, not by key (issue 29, item 5): a client chooses its response keys, so a
// recording that scrubs by key leaks whatever the client aliases. Each exchange here hides personal data
// from a key-based scrubber (aliases, fragments, free text, filter values in variables, error messages);
// none of the real values may reach the recording's files or the proxy's reports.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildRevisionSchema } from '../../src/contract/generate.js';
import { startProxy, type RunningProxy } from '../../src/proxy/proxy.js';
import { Pseudonymizer } from '../../src/proxy/recording/pseudonymize.js';
import { Recorder } from '../../src/proxy/recording/recorder.js';
import { PersonalDataScrubber } from '../../src/proxy/recording/scrub.js';
import { startServer, type RunningServer } from '../../src/server/index.js';

let sim: RunningServer;
let root: string;

beforeAll(async () => {
  sim = await startServer({ port: 0, inMemory: true, log: () => {} });
  root = mkdtempSync(path.join(tmpdir(), 'rm-scrub-'));
});

afterAll(async () => {
  await sim.close();
  rmSync(root, { recursive: true, force: true });
});

type Json = Record<string, unknown>;

async function post(
  url: string,
  query: string,
  variables?: Json,
  headers: Record<string, string> = {},
): Promise<Json> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer dev-token', ...headers },
    body: JSON.stringify({ query, ...(variables ? { variables } : {}) }),
  });
  return (await res.json()) as Json;
}

interface Someone {
  id: string;
  fullName: string;
  firstName: string;
  lastName: string;
  phoneNumbers: { number: string }[];
  addresses: { street: string | null; city: string | null }[];
  emailAddresses: { address: string }[];
}

describe('recording and proxy reports scrub personal data by field, whatever the keys', () => {
  it('leaves no real name, phone, address or e-mail in the files or the reports', async () => {
    const upstream = `${sim.url}/us/1.4.0/public-api/graphql`;
    // A seeded person with a phone, an address and an e-mail, read directly (not through the proxy).
    const page = (await post(
      upstream,
      '{ searchFirmContacts(limit: 200, filter: [{ field: contactEntity, value: "Person" }]) { models { id ... on Person { fullName firstName lastName phoneNumbers { number } addresses { street city } emailAddresses { address } } } } }',
    )) as { data: { searchFirmContacts: { models: Someone[] } } };
    const someone = page.data.searchFirmContacts.models.find(
      (m) =>
        m.phoneNumbers.length > 0 &&
        m.addresses.some((a) => a.street && a.city) &&
        m.emailAddresses.length > 0,
    );
    if (!someone) throw new Error('the seed has no person with a phone, an address and an e-mail');
    const address = someone.addresses.find((a) => a.street && a.city) ?? { street: '', city: '' };
    const secrets = [
      someone.fullName,
      someone.firstName,
      someone.lastName,
      someone.phoneNumbers[0]?.number ?? '',
      address.street ?? '',
      address.city ?? '',
      someone.emailAddresses[0]?.address ?? '',
      'ann.smith@corp.example',
      '+44 20 7946 0018',
      'Quintessa',
      'Vandermolen',
    ].filter((s) => s.length >= 4);

    const dir = path.join(root, 'rec');
    const proxy: RunningProxy = await startProxy({
      upstream,
      revision: '1.4.0',
      port: 0,
      reportDir: path.join(root, 'reports'),
      recorder: new Recorder(dir, upstream, '1.4.0', new Pseudonymizer('scrub-key')),
    });
    try {
      // Aliases chosen so that no key names what it holds.
      await post(
        proxy.endpoint,
        'query Q($id: ID!) { contact(id: $id) { ... on Person { a: fullName b: firstName f: phoneNumbers { y: number } g: addresses { s: street t: city } h: emailAddresses { z: address } } } }',
        { id: someone.id },
      );
      // The same through a named fragment and an abstract type without __typename.
      await post(
        proxy.endpoint,
        'query R($id: ID!) { c: contact(id: $id) { ...P } } fragment P on Contact { k: displayName ... on Person { l: lastName m: phoneNumbers { n: number } } }',
        { id: someone.id },
      );
      // Filter values passed as variables.
      await post(
        proxy.endpoint,
        'query S($f: [ContactFilterInput]) { searchFirmContacts(filter: $f) { totalModels models { id } } }',
        {
          f: [
            { field: 'lastName', value: someone.lastName },
            { field: 'emailAddress', value: someone.emailAddresses[0]?.address },
          ],
        },
      );
      // Scalar variables whose meaning comes only from where the document uses them.
      await post(
        proxy.endpoint,
        'mutation A($fn: String, $ln: String!) { addPerson(input: { firstName: $fn, lastName: $ln }) { item { id } } }',
        { fn: 'Quintessa', ln: 'Vandermolen' },
      );
      await post(
        proxy.endpoint,
        'query B($who: String) { x: searchFirmContacts(filter: [{ field: firstName, value: $who }]) { totalModels } }',
        { who: 'Quintessa' },
      );
      // Free text in an inline literal, with an e-mail address and a phone number inside it.
      await post(
        proxy.endpoint,
        '{ activities(limit: 1, filter: { subject: "call ann.smith@corp.example on +44 20 7946 0018" }) { totalModels models { id subject summary } } }',
      );
      const report = await fetch(`${proxy.url}/__proxy/reports`, {
        headers: { authorization: 'Bearer admin-token' },
      });
      expect(report.status).toBe(200);
      const reportText = await report.text();
      for (const s of secrets) expect([s, reportText.includes(s)]).toEqual([s, false]);
    } finally {
      await proxy.close();
    }
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(6);
    const text = files.map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
    for (const s of secrets) expect([s, text.includes(s)]).toEqual([s, false]);
    // Replaced, not removed: the fields are still there with their pseudonyms.
    const p = new Pseudonymizer('scrub-key');
    expect(text).toContain(p.replace('lastName', someone.lastName));
    expect(text).toContain(p.replace('phone', someone.phoneNumbers[0]?.number ?? ''));
  });

  it('replaces e-mail addresses and phone numbers in error messages and free text by pattern', () => {
    const scrubber = new PersonalDataScrubber(buildRevisionSchema('1.4.0'), new Pseudonymizer('k'));
    const body = {
      data: null,
      errors: [
        {
          message: 'No contact with e-mail ann.smith@corp.example or phone (020) 7946-0018',
          extensions: { code: 'X' },
        },
      ],
    };
    const out = JSON.stringify(scrubber.response(body, { query: '{ lists { totalModels } }' }));
    expect(out).not.toContain('ann.smith@corp.example');
    expect(out).not.toContain('7946-0018');
    // Dates, times and ids are not phone numbers.
    const kept = JSON.stringify(
      scrubber.value({
        note: 'due 2026-11-25, at 2026-11-25T10:00:00Z, id 3f2c9a1e-0b7d-4c1a-9e55-6a1d2b3c4d5e, v1.4.0',
      }),
    );
    expect(kept).toContain(
      '2026-11-25, at 2026-11-25T10:00:00Z, id 3f2c9a1e-0b7d-4c1a-9e55-6a1d2b3c4d5e, v1.4.0',
    );
  });
});
