import { describe, expect, it } from '@jest/globals';
import { stageTimeFindings } from '../../../src/conformance/joins/stage-time.js';
import { typedHolders } from '../../../src/conformance/joins/typed-holders.js';
import { buildRevisionSchema } from '../../../src/contract/generate.js';

const schema = buildRevisionSchema('1.4.0');
const DOCUMENT = '{ opportunity(id: "o") { stageInstances { id timeEntered timeSpent } } }';
const found = (stages: unknown[]) =>
  stageTimeFindings(
    typedHolders(schema, { document: DOCUMENT }, { opportunity: { stageInstances: stages } }),
  ).map((f) => [f.finding.path, f.finding.actual]);

describe('stageTimeFindings', () => {
  const entered = ['2026-01-01T09:00:00.000Z', '2026-01-11T15:00:00.000Z', '2026-02-01T08:00:00.000Z'];

  it('finds nothing where each stage that was left counts the whole days to the next (A-55)', () => {
    expect(
      found([
        { id: 'a', timeEntered: entered[0], timeSpent: 10 },
        { id: 'b', timeEntered: entered[1], timeSpent: 20 },
        // The current stage counts to the server's now: not held.
        { id: 'c', timeEntered: entered[2], timeSpent: 99999 },
      ]),
    ).toEqual([]);
    // Calendar days or 24 hours: one day either way is the same count.
    expect(
      found([
        { id: 'b', timeEntered: entered[1], timeSpent: 21 },
        { id: 'a', timeEntered: entered[0], timeSpent: 11 },
        { id: 'c', timeEntered: entered[2], timeSpent: 0 },
      ]),
    ).toEqual([]);
  });

  it('finds a stage counted in hours, or not at all, in whatever order the list comes', () => {
    expect(
      found([
        { id: 'b', timeEntered: entered[1], timeSpent: 20 },
        { id: 'a', timeEntered: entered[0], timeSpent: 246 },
        { id: 'c', timeEntered: entered[2], timeSpent: 0 },
      ]),
    ).toEqual([['data.opportunity.stageInstances[1].timeSpent', 246]]);
    expect(
      found([
        { id: 'a', timeEntered: entered[0], timeSpent: 0 },
        { id: 'b', timeEntered: entered[1], timeSpent: 20 },
      ]),
    ).toEqual([['data.opportunity.stageInstances[0].timeSpent', 0]]);
  });
});
