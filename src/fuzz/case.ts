import { MUTATES_TAG, type Scenario, type Step } from '../conformance/index.js';
import type { RecordedStep, Violation } from './session.js';

/**
 * How many shrink candidates may still run. fast-check tries candidates until none fails; past the
 * budget every candidate passes unsent, so fast-check keeps the smallest failure found so far.
 */
export interface ShrinkBudget {
  /** Whether the next sequence may run (always, until the first failure; then `max` more). */
  allows(): boolean;
  /** Told when a sequence failed. */
  failed(): void;
}

/** A budget of `max` sequences run after the first failure. */
export function shrinkBudget(max: number): ShrinkBudget {
  let failing = false;
  let shrinks = 0;
  return {
    allows: () => !failing || ++shrinks <= max,
    failed: () => {
      failing = true;
    },
  };
}

/** The scenario that replays a shrunk failing sequence: its steps, with names a replay makes its own. */
export function toScenario(
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
 * The steps with this run's name prefix replaced by `rm-fuzz ${run.id}`: each replay writes names of
 * its own, so a replay never finds an earlier one's leftovers.
 */
export function replayableNames(steps: Step[], prefix: string): Step[] {
  return JSON.parse(JSON.stringify(steps).split(prefix).join('rm-fuzz ${run.id}')) as Step[];
}

/**
 * The steps without teardown steps that repeat a removal an earlier step already sent: the sequence's
 * clean-up could not know whether the failing removal took effect, but a replay that passes it must not
 * remove twice.
 */
export function withoutRepeatedTeardown(steps: Step[]): Step[] {
  const key = (s: Step): string =>
    `${/\{\s*(\w+)\(/.exec(s.document)?.[1] ?? s.document} ${JSON.stringify(s.variables)}`;
  const sent = new Set(steps.filter((s) => s.phase !== 'teardown').map(key));
  return steps.filter((s) => s.phase !== 'teardown' || !sent.has(key(s)));
}
