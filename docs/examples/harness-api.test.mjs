// A partner's jest suite using rm-api-harness as a library: npm install --save-dev ./rm-api-harness-<version>.tgz
// jest@30 @jest/globals@30 (docs/package.md). Run with: node --experimental-vm-modules node_modules/jest/bin/jest.js
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { checkConformance, checkDocuments, createSimulator, startSimulator } from 'rm-api-harness';

const LANGUAGE = '{ regionalSettings { language { name } } }';

describe('the simulator in memory (no HTTP)', () => {
  const sim = createSimulator({ seed: 7 });
  afterAll(() => sim.stop());

  it('answers as the tenant whose token it is given', async () => {
    const result = await sim.execute(LANGUAGE, { token: 'dev-token', region: 'us', version: '1.2.0' });
    expect(result.data).toEqual({ regionalSettings: { language: { name: 'English' } } });
  });
});

describe('the simulator over HTTP, as the client under test sees it', () => {
  let sim;
  const ask = () =>
    fetch(sim.graphqlUrl('us', '1.4.0'), {
      method: 'POST',
      headers: { authorization: `Bearer ${sim.tenants[0].token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: LANGUAGE }),
    });

  beforeAll(async () => {
    sim = await startSimulator(); // 127.0.0.1, a free port, stores in memory
  });
  beforeEach(() => sim.resetTenant('dev-token')); // every test starts from the seeded data
  afterAll(() => sim.stop());

  it('serves the tenant', async () => {
    expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await ask()).status).toBe(200);
  });

  it('fails requests on demand, to test retries', async () => {
    await sim.setFaults({ rules: [{ errorRate: 1, errorKind: 'http503' }] });
    expect((await ask()).status).toBe(503);
    await sim.clearFaults();
    expect((await ask()).status).toBe(200);
  });
});

describe('checks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rm-harness-example-'));

  it('checks our GraphQL documents against each contract revision', async () => {
    writeFileSync(join(dir, 'language.graphql'), `query Language ${LANGUAGE}`);
    const { passed, result } = await checkDocuments(['*.graphql'], { cwd: dir });
    expect(passed).toBe(true);
    expect(result.checks.map((c) => c.revision)).toEqual(['1.4.0', '1.2.0']);
  });

  it('runs the conformance scenarios of one area against a target', async () => {
    const check = await checkConformance({
      target: 'sim', // or the URL of your endpoint, with token and limitedToken
      tags: ['settings'],
      versions: ['1.4.0'],
      reportDir: join(dir, 'reports'),
    });
    expect(check.ok && check.passed).toBe(true);
    expect(check.ok && check.result.scenarios.length).toBeGreaterThan(0);
  }, 60_000);
});
