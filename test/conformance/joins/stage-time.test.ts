import { describe, expect, it } from '@jest/globals';
import { stageTimeFindings } from '../../../src/conformance/joins/stage-time.js';
import { typedHolders } from '../../../src/conformance/joins/typed-holders.js';
import { buildRevisionSchema } from '../../../src/contract/generate.js';

const schema = buildRevisionSchema('1.4.0');
const DOCUMENT = '{ opportunity(id: "o") { stageInstances { id timeEntered timeSpent } } }';
const found = (stages: unknown[], now?: number) =>
  stageTimeFindings(
    typedHolders(schema, { document: DOCUMENT }, { opportunity: { stageInstances: stages } }),
    now,
  ).map((f) => [f.finding.expectationId, f.finding.path, f.finding.actual]);

describe('stageTimeFindings', () => {
  const entered = ['2026-01-01T09:00:00.000Z', '2026-01-11T15:00:00.000Z', '2026-02-01T08:00:00.000Z'];

  const now = Date.parse('2026-03-03T09:00:00.000Z');

  it('finds nothing where each stage that was left counts the whole days to the next (A-55)', () => {
    expect(
      found([
        { id: 'a', timeEntered: entered[0], timeSpent: 10 },
        { id: 'b', timeEntered: entered[1], timeSpent: 20 },
        // Without the answer's time the current stage is not held: it counts to the server's now.
        { id: 'c', timeEntered: entered[2], timeSpent: 99999 },
      ]),
    ).toEqual([]);
    // Calendar days or 24 hours: one day either way is the same count; the current stage to now.
    expect(
      found(
        [
          { id: 'a', timeEntered: entered[0], timeSpent: 11 },
          { id: 'b', timeEntered: entered[1], timeSpent: 21 },
          { id: 'c', timeEntered: entered[2], timeSpent: 31 },
        ],
        now,
      ),
    ).toEqual([]);
  });

  it('holds a stage that was left to the whole days between two instants the server gave: no day of slack', () => {
    const left = (from: string, to: string, timeSpent: number) =>
      found([
        { id: 'a', timeEntered: from, timeSpent },
        { id: 'b', timeEntered: to, timeSpent: 0 },
      ]).map(([, path]) => path);
    // Seconds in a stage: 0 by 24 hours and by calendar date in every zone; an inclusive count says 1.
    expect(left('2026-01-01T09:00:00.000Z', '2026-01-01T09:00:05.000Z', 0)).toEqual([]);
    expect(left('2026-01-01T09:00:00.000Z', '2026-01-01T09:00:05.000Z', 1)).toEqual([
      'data.opportunity.stageInstances[0].timeSpent',
    ]);
    // Seconds across a quarter hour: midnight in some zone falls in between, so 1 is a calendar count.
    expect(left('2026-01-01T09:14:58.000Z', '2026-01-01T09:15:03.000Z', 1)).toEqual([]);
    // Ten days and six hours: 10 or 11, never 9 or 12.
    expect(left(entered[0]!, entered[1]!, 10)).toEqual([]);
    expect(left(entered[0]!, entered[1]!, 11)).toEqual([]);
    expect(left(entered[0]!, entered[1]!, 9)).toHaveLength(1);
    expect(left(entered[0]!, entered[1]!, 12)).toHaveLength(1);
  });

  it('finds a stage counted in hours, or not at all', () => {
    expect(
      found([
        { id: 'a', timeEntered: entered[0], timeSpent: 246 },
        { id: 'b', timeEntered: entered[1], timeSpent: 20 },
        { id: 'c', timeEntered: entered[2], timeSpent: 0 },
      ]),
    ).toEqual([['stage-time', 'data.opportunity.stageInstances[0].timeSpent', 246]]);
    expect(
      found([
        { id: 'a', timeEntered: entered[0], timeSpent: 0 },
        { id: 'b', timeEntered: entered[1], timeSpent: 20 },
      ]),
    ).toEqual([['stage-time', 'data.opportunity.stageInstances[0].timeSpent', 0]]);
  });

  it('holds the current stage to the time the answer came, in the list and as currentStage', () => {
    const stages = [
      { id: 'a', timeEntered: entered[0], timeSpent: 31 },
      { id: 'c', timeEntered: entered[2], timeSpent: 0 },
    ];
    expect(found(stages, now)).toEqual([['stage-time', 'data.opportunity.stageInstances[1].timeSpent', 0]]);
    const document = '{ opportunity(id: "o") { currentStage { id timeEntered timeSpent } } }';
    const current = (timeSpent: number) =>
      stageTimeFindings(
        typedHolders(schema, { document }, { opportunity: { currentStage: { ...stages[1], timeSpent } } }),
        now,
      ).map((f) => f.finding.path);
    expect(current(0)).toEqual(['data.opportunity.currentStage.timeSpent']);
    expect(current(30)).toEqual([]);
  });

  it('counts stages entered at one instant as left at once, the current one last', () => {
    expect(
      found(
        [
          { id: 'c', timeEntered: entered[2], timeSpent: 30 },
          { id: 'b', timeEntered: entered[2], timeSpent: 0 },
        ],
        now,
      ),
    ).toEqual([]);
  });

  it('finds a stage listed before one entered earlier (A-48: listed in the order entered)', () => {
    expect(
      found([
        { id: 'c', timeEntered: entered[2], timeSpent: 0 },
        { id: 'b', timeEntered: entered[1], timeSpent: 20 },
        { id: 'a', timeEntered: entered[0], timeSpent: 10 },
      ]),
    ).toEqual([['stage-order', 'data.opportunity.stageInstances[1].timeEntered', entered[1]]]);
  });
});
