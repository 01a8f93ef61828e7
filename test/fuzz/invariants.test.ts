// How an invariant is checked and written: its basis in the assumptions, the relation a written case
// asserts, and what a check that holds or fails leaves in the recorded step.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { buildRevisionSchema } from '../../src/contract/generate.js';
import { INVARIANT_BASIS } from '../../src/fuzz/invariants.js';
import { InvariantViolation, shifted, type FuzzSession } from '../../src/fuzz/session.js';
import { sessionOn } from './helpers.js';

const ASSUMPTIONS = readFileSync(new URL('../../contracts/ASSUMPTIONS.md', import.meta.url), 'utf8');

/** A session that has recorded one step, as if sent; `expect` only reads and amends the last one. */
function sessionAfterOneStep(): FuzzSession {
  const session = sessionOn(
    { label: 'unit', endpointFor: () => 'http://127.0.0.1:9/graphql', headers: {}, isSimulator: true },
    buildRevisionSchema('1.4.0'),
  );
  session.recorded.push({
    step: { id: 's2-verifyList', document: 'query { all: lists(limit: 1) { totalModels } }' },
    result: { stepId: 's2-verifyList', phase: 'test', status: 'passed', differences: [] },
  });
  return session;
}

describe('fuzzer invariants', () => {
  it('each rests on an assumption the contract states', () => {
    for (const id of Object.values(INVARIANT_BASIS))
      expect(ASSUMPTIONS).toMatch(new RegExp(`^## ${id} `, 'm'));
  });

  it('relate a count to an earlier step, never to the number one target answered', () => {
    const count = { value: 4, ref: 'steps.s1-countLists.data.lists.totalModels' };
    expect(shifted(count, 1)).toEqual({
      value: 5,
      relation: '${steps.s1-countLists.data.lists.totalModels + 1}',
    });
    expect(shifted(count, -2)).toEqual({
      value: 2,
      relation: '${steps.s1-countLists.data.lists.totalModels - 2}',
    });
    expect(shifted(count, 0)).toEqual({
      value: 4,
      relation: '${steps.s1-countLists.data.lists.totalModels}',
    });
  });

  it('that hold are counted for the step and leave nothing in it', () => {
    const session = sessionAfterOneStep();
    const body = { data: { all: { totalModels: 5 } } };
    session.expect(body, 'A-170', { path: 'data.all.totalModels', equals: 5 }, '${steps.s1.data.x + 1}');
    session.expect(body, 'A-170', { path: 'data.all.totalModels', equals: 5 });
    expect(session.heldChecks.get('s2-verifyList')).toBe(2);
    expect(session.recorded[0]?.step.expect).toBeUndefined();
  });

  it('that fail are written as the relation, with their basis, and stop the sequence', () => {
    const session = sessionAfterOneStep();
    const body = { data: { all: { totalModels: 4 } } };
    let thrown: unknown;
    try {
      session.expect(body, 'A-170', { path: 'data.all.totalModels', equals: 5 }, '${steps.s1.data.x + 1}');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvariantViolation);
    expect((thrown as InvariantViolation).violation).toMatchObject({
      invariant: 'A-170',
      stepId: 's2-verifyList',
    });
    expect(session.recorded[0]?.step.expect).toEqual([
      { path: 'data.all.totalModels', equals: '${steps.s1.data.x + 1}', basis: ['A-170'] },
    ]);
    const literal = sessionAfterOneStep();
    expect(() => literal.expect(body, 'A-171', { path: 'data.all.totalModels', equals: 6 })).toThrow(
      InvariantViolation,
    );
    expect(literal.recorded[0]?.step.expect).toEqual([
      { path: 'data.all.totalModels', equals: 6, basis: ['A-171'] },
    ]);
  });
});
