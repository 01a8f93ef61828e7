import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { GraphQLSchema } from 'graphql';
import type { StepResult } from '../conformance/results/run-result.js';
import { MUTATES_TAG, type Scenario, type Step } from '../conformance/scenario/types.js';
import type { HttpOptions } from '../conformance/target/http-client.js';
import type { Target } from '../conformance/target/target.js';
import { buildRevisionSchema } from '../contract/generate.js';
import type { Version } from '../contract/versions.js';
import { cleanUp, commandArbitraries, FIXTURES_STEP } from './commands.js';
import { cleanUpEntities, generatedEntities } from './entity-commands.js';
import { INVARIANT_BASIS } from './invariants.js';
import { emptyModel, type FuzzReal } from './model.js';
import { FuzzSession, InvariantViolation, type RecordedStep, type Violation } from './session.js';

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
}

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
}

/** The outcome on one revision. */
export interface FuzzRevisionResult {
  revision: Version;
  sequences: number;
  operations: number;
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

function toScenario(
  base: Scenario,
  recorded: readonly RecordedStep[],
  violation: Violation,
  commands: string[],
  seed: number,
  path: string,
  prefix: string,
): Scenario {
  const writes = recorded.some((r) => /^\s*mutation\b/.test(r.step.document));
  return {
    ...base,
    title: `Fuzz: ${violation.invariant} at ${violation.stepId}`,
    description: [
      `Shrunk by rm-harness fuzz (seed ${seed}, path ${path}) to: ${commands.join(' → ')}.`,
      `Violation: ${violation.message}`,
    ].join('\n'),
    tags: writes ? ['fuzz', MUTATES_TAG] : ['fuzz'],
    steps: replayableNames(withoutRepeatedTeardown(recorded.map((r) => r.step)), prefix),
  };
}

/**
 * Teardown steps that repeat a removal an earlier step already sent: the sequence's clean-up could not
 * know whether the failing removal took effect, but a replay that passes it must not remove twice.
 */
function replayableNames(steps: Step[], prefix: string): Step[] {
  // Each replay writes names of its own (`${run.id}`), so a replay never finds an earlier one's leftovers.
  return JSON.parse(JSON.stringify(steps).split(prefix).join('rm-fuzz ${run.id}')) as Step[];
}

function withoutRepeatedTeardown(steps: Step[]): Step[] {
  const key = (s: Step): string =>
    `${/\{\s*(\w+)\(/.exec(s.document)?.[1] ?? s.document} ${JSON.stringify(s.variables)}`;
  const sent = new Set(steps.filter((s) => s.phase !== 'teardown').map(key));
  return steps.filter((s) => s.phase !== 'teardown' || !sent.has(key(s)));
}

/**
 * Runs random command sequences (fast-check model-based testing) against each revision, checking
 * the invariants at every step; the first failing sequence is shrunk and turned into a scenario.
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzResult> {
  const runId = options.runId ?? randomUUID().slice(0, 8);
  const out: FuzzRevisionResult[] = [];
  for (const revision of options.revisions) {
    out.push(await fuzzRevision(revision, runId, options));
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
  let failing: { session: FuzzSession; violation: Violation; commands: string[] } | undefined;
  let shrinks = 0;
  const property = fc.asyncProperty(
    fc.commands(arbs, { maxCommands: options.maxCommands ?? 12, size: 'max' }),
    async (cmds) => {
      // Past the shrink budget every candidate passes unsent, so fast-check keeps the smallest failure found.
      if (failing !== undefined && ++shrinks > (options.maxShrinks ?? 200)) return;
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
        throw error;
      } finally {
        await cleanUpEntities(entities, model, real);
        await cleanUp(model, real);
        sequences += 1;
        operations += session.operations;
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
  }
  return result;
}
