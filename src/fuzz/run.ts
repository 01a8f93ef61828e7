import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { GraphQLSchema } from 'graphql';
import {
  keepAliveTransport,
  openTarget,
  operationsOf,
  runScenarios,
  type HttpOptions,
  type Scenario,
  type StepResult,
  type Target,
  type TargetFactory,
} from '../conformance/index.js';
import { buildRevisionSchema } from '../contract/generate.js';
import type { Version } from '../contract/versions.js';
import { cleanUp, commandArbitraries, FIXTURES_STEP } from './commands.js';
import { cleanUpEntities, generatedEntities } from './entity-commands.js';
import { INVARIANT_BASIS } from './invariants.js';
import { emptyModel, type FuzzReal } from './model.js';
import { shrinkBudget, toScenario } from './case.js';
import { FuzzSession, InvariantViolation, type Violation } from './session.js';

/** What one fuzz run needs. */
export interface FuzzOptions {
  target: Target;
  revisions: readonly Version[];
  /** Command sequences per revision. */
  runs: number;
  seed: number;
  /** fast-check's replay path of a reported failure (with the same seed). */
  path?: string;
  /** Whether sequences may write (always on the simulator; `--allow-mutations` elsewhere). */
  mutations: boolean;
  /** Longest sequence. */
  maxCommands?: number;
  /** Stop generating new sequences after this many ms (per revision). */
  timeBudgetMs?: number;
  http: HttpOptions;
  runId?: string;
  schemaFor?: (version: Version) => GraphQLSchema;
  /** Most sequences run while shrinking a failure (default 200); the smallest failing one so far is kept. */
  maxShrinks?: number;
  /** Told after each sequence, for progress output. */
  onSequence?: (revision: Version, done: number) => void;
  /**
   * Starts a fresh simulator to replay each shrunk case on before it is written: when the target is the
   * simulator, a case that fails there too is a fuzzer bug; for any other target the outcome is noted
   * beside the finding, never in its place. Without it cases are not replayed.
   */
  replayOn?: TargetFactory;
}

/** How a shrunk case fared on a fresh simulator: it must pass there, or the fuzzer is at fault. */
export type ReplayOutcome = { passed: true } | { passed: false; message: string };

/** A failure shrunk to a minimal sequence, as the scenario that replays it. */
export interface FuzzFinding {
  revision: Version;
  violation: Violation;
  /** The minimal sequence's commands, for the report. */
  commands: string[];
  scenario: Scenario;
  steps: StepResult[];
  /** fast-check's seed and path: `--seed` and `--path` replay exactly this failure. */
  seed: number;
  path: string;
  /** The case replayed on a fresh simulator before it was written (absent: not replayed). */
  replay?: ReplayOutcome;
  /**
   * True when the finding is the fuzzer's own: the target was the simulator and the shrunk case fails on
   * a fresh one too. A failed replay never relabels a finding about another target: the target's answers
   * broke the invariant, and a case that does not replay on a simulator may rest on the target's data.
   */
  fuzzerBug?: boolean;
}

/** What the sequences sent of one operation (`Query.lists`) and how many checks its answers met. */
export interface FuzzOperationCount {
  operation: string;
  requests: number;
  /** Expectations, shape checks and relations judged on answers that selected it. */
  checks: number;
}

/** The outcome on one revision. */
export interface FuzzRevisionResult {
  revision: Version;
  sequences: number;
  operations: number;
  /** Per operation selected by a sent request, most requested first. */
  byOperation: FuzzOperationCount[];
  /** Distinct requests sent (document, variables), for the coverage section. */
  requests: { query: string; variables?: Record<string, unknown> | null; operationName?: string }[];
  /** Stopped by the time budget before all runs. */
  interrupted: boolean;
  finding?: FuzzFinding;
  durationMs: number;
}

/** The whole run. */
export interface FuzzResult {
  runId: string;
  seed: number;
  /** Requests sent over all revisions, shrinking and clean-up included. */
  operations: number;
  revisions: FuzzRevisionResult[];
}

function scenarioId(revision: Version, seed: number): string {
  return `fuzz.v${revision.replace(/\./g, '-')}-seed-${String(seed).replace('-', 'm')}`;
}

const namePrefix = (runId: string): string => `rm-fuzz ${runId}`;

function skeleton(revision: Version, seed: number): Scenario {
  return {
    id: scenarioId(revision, seed),
    title: `Fuzz sequence on ${revision}`,
    revisions: [revision],
    tags: ['fuzz'],
    spec: ['§7.1'],
    assumptions: Object.values(INVARIANT_BASIS),
    steps: [],
  };
}

/**
 * Runs random command sequences (fast-check model-based testing) against each revision, checking
 * the invariants at every step; the first failing sequence is shrunk and turned into a scenario.
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzResult> {
  const runId = options.runId ?? randomUUID().slice(0, 8);
  const out: FuzzRevisionResult[] = [];
  // Unless the caller brings its own fetch (a rate limit, a test), requests reuse kept-alive connections.
  const transport = options.http.fetchFn ? undefined : keepAliveTransport();
  const run = transport ? { ...options, http: { ...options.http, fetchFn: transport.fetch } } : options;
  try {
    for (const revision of options.revisions) {
      out.push(await fuzzRevision(revision, runId, run));
    }
  } finally {
    transport?.close();
  }
  return { runId, seed: options.seed, operations: out.reduce((n, r) => n + r.operations, 0), revisions: out };
}

async function fuzzRevision(
  revision: Version,
  runId: string,
  options: FuzzOptions,
): Promise<FuzzRevisionResult> {
  const started = performance.now();
  const schema = (options.schemaFor ?? buildRevisionSchema)(revision);
  const base = skeleton(revision, options.seed);
  // Entities that cannot be removed again are created only on the simulator, which is reset anyway.
  const entities = options.mutations ? generatedEntities(schema, options.target.isSimulator) : [];
  const arbs = commandArbitraries(
    schema,
    options.mutations,
    entities,
    options.target.endpointIn !== undefined,
  );
  let sequences = 0;
  let operations = 0;
  const counts = new Map<string, FuzzOperationCount>();
  const requests = new Map<string, FuzzRevisionResult['requests'][number]>();
  const opsOf = new Map<string, string[]>();
  const tally = (session: FuzzSession): void => {
    for (const { step, result } of session.recorded) {
      const body = result.request?.body;
      if (!body) continue;
      requests.set(JSON.stringify(body), body);
      const key = `${body.operationName ?? ''} ${body.query}`;
      let ops = opsOf.get(key);
      if (!ops) {
        ops = operationsOf(schema, body.query, body.operationName);
        opsOf.set(key, ops);
      }
      const checks =
        (step.expect?.length ?? 0) + (step.shape === false ? 0 : 1) + (session.heldChecks.get(step.id) ?? 0);
      for (const op of ops) {
        const c = counts.get(op) ?? { operation: op, requests: 0, checks: 0 };
        c.requests += 1;
        c.checks += checks;
        counts.set(op, c);
      }
    }
  };
  let failing: { session: FuzzSession; violation: Violation; commands: string[] } | undefined;
  const budget = shrinkBudget(options.maxShrinks ?? 200);
  const property = fc.asyncProperty(
    fc.commands(arbs, { maxCommands: options.maxCommands ?? 12, size: 'max' }),
    async (cmds) => {
      if (!budget.allows()) return;
      const session = new FuzzSession({
        target: options.target,
        http: options.http,
        revision,
        schema,
        runId,
        uuid: randomUUID,
        scenario: base,
      });
      const real: FuzzReal = { session, prefix: namePrefix(runId), checkEvents: options.target.isSimulator };
      const model = emptyModel();
      const ran: string[] = [];
      try {
        await session.send(FIXTURES_STEP);
        const seen = (names: string[]): string[] => names.filter((c) => session.captured(c) !== undefined);
        model.contacts = seen(['contact1', 'contact2', 'contact3']);
        model.seeded = { Company: seen(['company1', 'company2']), Person: seen(['person1', 'person2']) };
        for (const cmd of cmds) {
          if (!cmd.check(model)) continue;
          ran.push(cmd.toString());
          await cmd.run(model, real);
        }
      } catch (error) {
        const violation =
          error instanceof InvariantViolation
            ? error.violation
            : { invariant: 'fuzzer-error', stepId: '', message: (error as Error).message };
        failing = { session, violation, commands: ran };
        budget.failed();
        throw error;
      } finally {
        await cleanUpEntities(entities, model, real);
        await cleanUp(model, real);
        sequences += 1;
        operations += session.operations;
        tally(session);
        options.onSequence?.(revision, sequences);
      }
    },
  );
  const details = await fc.check(property, {
    numRuns: options.runs,
    seed: options.seed,
    ...(options.path !== undefined ? { path: options.path } : {}),
    ...(options.timeBudgetMs !== undefined
      ? { interruptAfterTimeLimit: options.timeBudgetMs, markInterruptAsFailure: false }
      : {}),
  });
  const result: FuzzRevisionResult = {
    revision,
    sequences,
    operations,
    byOperation: [...counts.values()].sort(
      (a, b) => b.requests - a.requests || a.operation.localeCompare(b.operation),
    ),
    requests: [...requests.values()],
    interrupted: details.interrupted,
    durationMs: Math.round(performance.now() - started),
  };
  const last = failing as typeof failing;
  if (details.failed && last) {
    const path = details.counterexamplePath ?? '';
    result.finding = {
      revision,
      violation: last.violation,
      commands: last.commands,
      scenario: toScenario(
        base,
        last.session.recorded,
        last.violation,
        last.commands,
        options.seed,
        path,
        namePrefix(runId),
      ),
      steps: last.session.recorded.map((r) => r.result),
      seed: options.seed,
      path,
    };
    if (options.replayOn) {
      const replay = await replayOnSimulator(result.finding, options);
      result.finding.replay = replay;
      if (!replay.passed && options.target.isSimulator) result.finding.fuzzerBug = true;
    }
  }
  return result;
}

/**
 * Replays a shrunk case on a fresh simulator as `conform` would. It holds only the bug when it passes
 * there; the first thing that fails is the fuzzer bug's description otherwise.
 */
async function replayOnSimulator(finding: FuzzFinding, options: FuzzOptions): Promise<ReplayOutcome> {
  const factory = options.replayOn;
  if (!factory) return { passed: true };
  const opened = await openTarget(
    { target: 'sim', headers: [], region: options.target.region ?? 'us' },
    [finding.revision],
    options.http,
    factory,
  );
  if (!opened.ok) return { passed: false, message: `the simulator could not start: ${opened.error}` };
  try {
    const [run] = await runScenarios([{ scenario: finding.scenario, file: `${finding.scenario.id}.yaml` }], {
      target: opened.open.target,
      revisions: [finding.revision],
      allowMutations: true,
      http: options.http,
      runId: randomUUID().slice(0, 8),
    });
    if (!run || run.status === 'passed') return { passed: true };
    const step = run.steps.find((s) => s.status !== 'passed' && s.status !== 'skipped');
    const difference = step?.differences.find((d) => d.severity === 'breaking');
    return {
      passed: false,
      message: `${run.status} on the simulator${step ? ` at ${step.stepId}` : ''}: ${difference?.message ?? step?.note ?? run.note ?? run.status}`,
    };
  } finally {
    await opened.open.close();
  }
}
