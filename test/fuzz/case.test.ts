// Shrinking and the case written from a shrunk sequence, fed directly.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Scenario, Step } from '../../src/conformance/scenario/types.js';
import { replayableNames, shrinkBudget, toScenario, withoutRepeatedTeardown } from '../../src/fuzz/case.js';
import type { RecordedStep } from '../../src/fuzz/session.js';

/** Runs fast-check on "no item is 10 or more" with the fuzzer's shrink budget; what it reports and ran. */
function shrinkWith(max: number): { counterexample: number[]; runsAfterFailure: number } {
  const budget = shrinkBudget(max);
  let failed = false;
  let runsAfterFailure = 0;
  const details = fc.check(
    fc.property(fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 5 }), (items) => {
      if (!budget.allows()) return;
      if (failed) runsAfterFailure += 1;
      if (items.some((x) => x >= 10)) {
        failed = true;
        budget.failed();
        throw new Error('too big');
      }
    }),
    { seed: 42, numRuns: 100 },
  );
  return { counterexample: details.counterexample?.[0] ?? [], runsAfterFailure };
}

describe('shrinkBudget', () => {
  it('lets every sequence run until the first failure, then only as many as the budget', () => {
    const budget = shrinkBudget(2);
    expect([budget.allows(), budget.allows(), budget.allows()]).toEqual([true, true, true]);
    budget.failed();
    expect([budget.allows(), budget.allows(), budget.allows(), budget.allows()]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('keeps the smallest failure found within the budget', () => {
    const unbounded = shrinkWith(10_000);
    expect(unbounded.counterexample).toEqual([0, 0, 0, 0, 10]);
    const none = shrinkWith(0);
    expect(none.runsAfterFailure).toBe(0);
    // Unshrunk: the first failing array, still a failure.
    expect(none.counterexample.some((x) => x >= 10)).toBe(true);
    expect(none.counterexample).not.toEqual(unbounded.counterexample);
    const few = shrinkWith(5);
    expect(few.runsAfterFailure).toBeLessThanOrEqual(5);
    expect(few.counterexample.some((x) => x >= 10)).toBe(true);
  });
});

const step = (
  id: string,
  document: string,
  variables: Record<string, unknown>,
  phase?: 'teardown',
): Step => ({
  id,
  document,
  variables,
  ...(phase ? { phase } : {}),
});
const REMOVE = 'mutation Remove($id: ID!) { removeWorkingList(listId: $id) }';

describe('the case written from a shrunk sequence', () => {
  it('drops a teardown that repeats a removal the sequence sent, and keeps other teardowns', () => {
    const steps = [
      step('s1-removeList', REMOVE, { id: '${captures.list1}' }),
      step('s2-cleanList', REMOVE, { id: '${captures.list1}' }, 'teardown'),
      step('s3-cleanList', REMOVE, { id: '${captures.list2}' }, 'teardown'),
    ];
    expect(withoutRepeatedTeardown(steps).map((s) => s.id)).toEqual(['s1-removeList', 's3-cleanList']);
  });

  it("replaces this run's name prefix so each replay writes names of its own", () => {
    const [out] = replayableNames(
      [step('s1-addList', 'mutation { x }', { input: { name: 'rm-fuzz ab12#x# tail.' } })],
      'rm-fuzz ab12',
    );
    expect(out?.variables).toEqual({ input: { name: 'rm-fuzz ${run.id}#x# tail.' } });
  });

  it('is a mutating scenario only when a step writes, and says how to replay it', () => {
    const base: Scenario = {
      id: 'fuzz.v1-4-0-seed-7',
      title: 'Fuzz',
      revisions: ['1.4.0'],
      tags: ['fuzz'],
      spec: ['§7.1'],
      assumptions: ['A-170'],
      steps: [],
    };
    const rec = (s: Step): RecordedStep => ({
      step: s,
      result: { stepId: s.id, phase: 'test', status: 'passed', differences: [] },
    });
    const violation = { invariant: 'judge', stepId: 's2-read', message: 'data.r is missing' };
    const reads = toScenario(
      base,
      [rec(step('s1-read', 'query { a }', {}))],
      violation,
      ['read lists'],
      7,
      '0:1',
      'p',
    );
    expect(reads).toMatchObject({
      tags: ['fuzz'],
      title: 'Fuzz: judge at s2-read',
      steps: [{ id: 's1-read' }],
    });
    expect(reads.description).toContain('seed 7, path 0:1');
    expect(reads.description).toContain('read lists');
    const writes = toScenario(base, [rec(step('s1-remove', REMOVE, {}))], violation, [], 7, '0', 'p');
    expect(writes.tags).toEqual(['fuzz', 'mutates']);
  });
});
