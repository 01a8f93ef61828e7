// The public-client suite (conformance/real-clients, A-67…A-80): its documents pass check-documents.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runCli } from '../../src/cli/run.js';
import { loadScenarios } from '../../src/conformance/scenario/load.js';
import type { LoadedScenario } from '../../src/conformance/scenario/types.js';

const SUITE = 'conformance/real-clients';
const CLIENT_FACTS = Array.from({ length: 14 }, (_, i) => `A-${67 + i}`);

let dir: string;
let scenarios: LoadedScenario[];
let documentCount = 0;

beforeAll(async () => {
  const load = loadScenarios(SUITE);
  expect(load.errors).toEqual([]);
  scenarios = load.scenarios;
  dir = await mkdtemp(join(tmpdir(), 'rm-real-clients-'));
  // One file per step: check-documents then names each operation by scenario file and step.
  for (const { scenario } of scenarios) {
    for (const step of scenario.steps) {
      await writeFile(join(dir, `${scenario.id}.${step.id}.graphql`), step.document);
      documentCount += 1;
    }
  }
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function checkDocuments(version: string) {
  const out = { stdout: '', stderr: '' };
  const code = await runCli(
    ['check-documents', dir, '--version', version, '--report-dir', join(dir, `reports-${version}`)],
    {
      stdout: { write: (s: string) => (out.stdout += s) },
      stderr: { write: (s: string) => (out.stderr += s) },
    },
  );
  return { code, ...out };
}

describe('conformance/real-clients', () => {
  it('has the public client scenarios, each on both revisions', () => {
    expect(scenarios.map((s) => s.scenario.id).sort()).toEqual([
      'real-clients.contact-card',
      'real-clients.list-members',
      'real-clients.person-and-activity',
      'real-clients.unset-inputs',
    ]);
    for (const { scenario } of scenarios) expect(scenario.revisions).toEqual(['1.4.0', '1.2.0']);
  });

  it('cites every assumption taken from the public client', () => {
    const cited = new Set(scenarios.flatMap((s) => s.scenario.assumptions));
    expect(CLIENT_FACTS.filter((id) => !cited.has(id))).toEqual([]);
  });

  it.each(['1.4.0', 'all'])('check-documents accepts every document on %s', async (version) => {
    const r = await checkDocuments(version);
    expect(r.stderr).toBe('');
    expect(r.stdout).not.toContain('BROKEN');
    expect(r.code).toBe(0);
    const checks = version === 'all' ? documentCount * 2 : documentCount;
    expect(r.stdout).toContain(`, ${checks} check(s) (operation × revision): ${checks} valid, 0 broken.`);
  });
});
