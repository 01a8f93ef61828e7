import type { GraphQLSchema } from 'graphql';
import {
  checkExpectation,
  getAtPath,
  runStep,
  type Expectation,
  type InterpolationContext,
  type PathExpectation,
  type Scenario,
  type Step,
  type StepHooks,
  type StepOptions,
  type StepResult,
} from '../conformance/index.js';
import type { Version } from '../contract/versions.js';

/** An invariant that did not hold at one step of a sequence. */
export interface Violation {
  /** Which invariant: `judge` (5xx, errors, shape, explicit expectations) or a fuzzer invariant name. */
  invariant: string;
  stepId: string;
  message: string;
}

/** Thrown by a command when an invariant fails; fast-check then shrinks the sequence. */
export class InvariantViolation extends Error {
  constructor(readonly violation: Violation) {
    super(`${violation.invariant} at step ${violation.stepId}: ${violation.message}`);
    this.name = 'InvariantViolation';
  }
}

/**
 * A number a recorded step answered (a total), with the reference that names it in the written scenario
 * (`steps.s3-countLists.data.lists.totalModels`).
 */
export interface Counted {
  value: number;
  ref: string;
}

/** What an expectation compares with: a value and, when it derives from an earlier step, that relation. */
export interface Related {
  value: number;
  /** `${steps.s3-countLists.data.lists.totalModels + 1}`: what the written scenario asserts. */
  relation?: string;
}

/** `count + n` as a value and as the relation a written scenario asserts (never the literal sum). */
export function shifted(count: Counted, n: number): Related {
  const op = n === 0 ? '' : n > 0 ? ` + ${n}` : ` - ${-n}`;
  return { value: count.value + n, relation: `\${${count.ref}${op}}` };
}

/** A step as recorded for the scenario file, and its outcome. */
export interface RecordedStep {
  step: Step;
  result: StepResult;
}

/** What a session needs: where to send, which revision, and the scenario it records into. */
export interface SessionOptions extends StepOptions {
  revision: Version;
  schema: GraphQLSchema;
  runId: string;
  uuid: () => string;
  /** The scenario skeleton steps are judged under (id, spec clauses and assumptions of the findings). */
  scenario: Scenario;
}

/**
 * One command sequence against the target: sends steps through the conformance runner's `runStep`
 * (same judge, same shape compiler, same `${captures.…}` interpolation) and records them, so a failing
 * sequence is already a scenario.
 */
export class FuzzSession {
  readonly recorded: RecordedStep[] = [];
  readonly ctx: InterpolationContext;
  private counter = 0;
  /** Relation checks (`expect`) that held, by step id: they are not in the recorded step. */
  readonly heldChecks = new Map<string, number>();
  private readonly captureNames = new Map<string, number>();

  constructor(readonly options: SessionOptions) {
    this.ctx = { steps: {}, captures: {}, runId: options.runId, uuid: options.uuid };
  }

  /** Requests sent so far. */
  get operations(): number {
    return this.recorded.length;
  }

  /** A fresh capture name with this prefix (`list1`, `list2`, …). */
  captureName(prefix: string): string {
    const n = (this.captureNames.get(prefix) ?? 0) + 1;
    this.captureNames.set(prefix, n);
    return `${prefix}${n}`;
  }

  /** The captured value of a name, as the target returned it. */
  captured(name: string): unknown {
    return this.ctx.captures[name];
  }

  /**
   * Sends a step (its id is made unique) and judges it; a breaking difference, an error or a network
   * failure is a violation. Returns the response body.
   */
  async send(step: Step): Promise<{ body: unknown; result: StepResult }> {
    return this.run({ ...step, id: `s${++this.counter}-${step.id}` });
  }

  /**
   * Sends a step whose right answer is only known from the answer itself (an input that may be
   * accepted or refused): `decide` turns the response body into the expectations a conforming answer
   * of that kind meets; the step is then judged like any other and recorded with them, so a replay
   * holds the target to the same rule.
   */
  async sendDeciding(step: Step, decide: (body: unknown) => Expectation[]): Promise<unknown> {
    const full: Step = { ...step, id: `s${++this.counter}-${step.id}` };
    const sent = await this.run(full, {
      decide: (body) => {
        const decided = decide(body);
        full.expect = [...(full.expect ?? []), ...decided];
        return decided;
      },
    });
    return sent.body;
  }

  private async run(full: Step, hooks?: StepHooks): Promise<{ body: unknown; result: StepResult }> {
    const { scenario, revision, schema } = this.options;
    const result = await runStep(scenario, full, revision, this.options, schema, this.ctx, hooks);
    this.recorded.push({ step: full, result });
    if (result.status !== 'passed') {
      const messages = result.differences.filter((d) => d.severity === 'breaking').map((d) => d.message);
      throw new InvariantViolation({
        invariant: result.status === 'failed' ? 'judge' : result.status,
        stepId: full.id,
        message: messages.length > 0 ? messages.join('; ') : (result.note ?? result.status),
      });
    }
    return { body: result.response?.body, result };
  }

  /** The number at `path` of a sent step's response, with the reference naming it for later steps. */
  countAt(sent: { body: unknown; result: StepResult }, path: string): Counted {
    return { value: Number(getAtPath(sent.body, path).value), ref: `steps.${sent.result.stepId}.${path}` };
  }

  /**
   * Checks an expectation whose expected value the fuzzer computed from earlier responses (a total
   * that must have grown by one, a page that must match). It is kept in the recorded step only when
   * it fails, so a written scenario does not carry values that depend on the target's state otherwise;
   * then `relation` (e.g. `${steps.s3-countLists.data.lists.totalModels + 1}`) is what it asserts, so the
   * case holds the target to the property, not to a number the broken target answered.
   */
  expect(
    body: unknown,
    invariant: string,
    expectation: PathExpectation & { equals: unknown },
    relation?: string,
  ): void {
    const last = this.recorded[this.recorded.length - 1];
    if (!last) return;
    const findings = checkExpectation(expectation, { status: 200, body, rootFields: [] });
    if (findings.length === 0) {
      this.heldChecks.set(last.step.id, (this.heldChecks.get(last.step.id) ?? 0) + 1);
      return;
    }
    const written = relation !== undefined ? { ...expectation, equals: relation } : expectation;
    last.step.expect = [...(last.step.expect ?? []), { ...written, basis: [invariant] } as Expectation];
    throw new InvariantViolation({
      invariant,
      stepId: last.step.id,
      message: findings.map((f) => f.message).join('; '),
    });
  }
}
