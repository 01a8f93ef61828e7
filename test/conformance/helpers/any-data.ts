// The whole shipped suite against a simulator holding other data than the one `conform --target sim`
// starts: another seed, profile and region, and a tenant a partner and the fuzzer have written to.
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import { VERSIONS, type Version } from '../../../src/contract/versions.js';
import { conform } from '../../../src/conformance/run/conform.js';
import type { RunResult } from '../../../src/conformance/results/run-result.js';
import { loadScenarios } from '../../../src/conformance/scenario/load.js';
import { endpointOf, simulatorTemplate, type Target } from '../../../src/conformance/target/target.js';
import { runFuzz } from '../../../src/fuzz/run.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

/** One kind of data the suite must hold on. */
export interface DataCell {
  seed?: number;
  profile: 'small' | 'default' | 'large';
  region: 'us' | 'eu' | 'au';
  /** Before the suite: the partner guide's addPerson (Ada Lovelace) and this many fuzz sequences per revision. */
  writtenBy?: { fuzzRuns: number };
}

/** What a run on one cell found: every difference (any severity) and every run that did not pass. */
export interface CellOutcome {
  /** `scenario@revision step path kind severity`, or `scenario@revision status: note`. */
  problems: string[];
  /** Named skip reasons with how many scenario steps each skipped. */
  skips: Record<string, number>;
  passed: number;
  result: RunResult;
}

/** The target `conform --target sim` would open, over an already started simulator in `region`. */
export function simulatorTargetOf(server: TestServer, region: string): Target {
  const tenant = server.simulator.tenantByToken(DEV_TOKENS.full)?.id;
  return {
    label: 'sim',
    isSimulator: true,
    region,
    endpointFor: (v: Version) => endpointOf(simulatorTemplate(server.url, region), v),
    endpointIn: (v: Version, r: string) => endpointOf(simulatorTemplate(server.url, r), v),
    headers: { authorization: `Bearer ${DEV_TOKENS.full}` },
    limitedHeaders: { authorization: `Bearer ${DEV_TOKENS.limited}` },
    ...(tenant ? { admin: { baseUrl: server.url, token: server.adminToken, tenant } } : {}),
  };
}

/** The partner guide's first write (docs/partner-guide.md): a person without notes, employer or score. */
async function partnerWrites(server: TestServer, region: DataCell['region']): Promise<void> {
  const added = await server.gql<{ addPerson: { status: string } }>(
    'mutation Add($input: AddPersonInput!) { addPerson(input: $input) { status item { id displayName } } }',
    { input: { firstName: 'Ada', lastName: 'Lovelace' } },
    { region },
  );
  if (added.data?.addPerson.status !== 'Created') throw new Error(`addPerson: ${JSON.stringify(added)}`);
}

/** Starts a simulator on the cell's data, writes to it when asked, and runs every shipped scenario. */
export async function runSuiteOn(cell: DataCell): Promise<CellOutcome> {
  const server = await startTestServer({ seed: cell.seed, profile: cell.profile });
  try {
    const target = simulatorTargetOf(server, cell.region);
    const http = { timeoutMs: 120_000, retries: 0 };
    if (cell.writtenBy) {
      await partnerWrites(server, cell.region);
      const fuzz = await runFuzz({
        target,
        revisions: [...VERSIONS],
        runs: cell.writtenBy.fuzzRuns,
        seed: 11,
        mutations: true,
        http,
      });
      const found = fuzz.revisions.flatMap((r) => (r.finding ? [r.finding.violation.message] : []));
      if (found.length > 0) throw new Error(`the fuzzer found something: ${found.join('; ')}`);
    }
    const load = loadScenarios();
    if (load.errors.length > 0) throw new Error(JSON.stringify(load.errors));
    const result = await conform({
      scenarios: load.scenarios,
      target,
      revisions: [...VERSIONS],
      allowMutations: true,
      http,
      drift: false,
    });
    const problems: string[] = [];
    const skips: Record<string, number> = {};
    for (const run of result.scenarios) {
      const at = `${run.scenarioId}@${run.revision}`;
      if (run.status !== 'passed') problems.push(`${at} ${run.status}: ${run.note ?? ''}`);
      for (const step of run.steps) {
        if (step.status === 'error' || step.status === 'network-error')
          problems.push(`${at} ${step.stepId} ${step.status}: ${step.note ?? ''}`);
        if (step.status === 'skipped' && run.status === 'passed')
          skips[step.note ?? 'skipped'] = (skips[step.note ?? 'skipped'] ?? 0) + 1;
        for (const d of step.differences)
          problems.push(`${at} ${step.stepId} ${d.path} ${d.kind} ${d.severity}`);
      }
    }
    return { problems, skips, passed: result.summary.passed, result };
  } finally {
    await server.close();
  }
}
