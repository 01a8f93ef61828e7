import { describe, expect, it } from '@jest/globals';
import { scoreDateFindings } from '../../../src/conformance/joins/score-date.js';
import { typedHolders } from '../../../src/conformance/joins/typed-holders.js';
import { buildRevisionSchema } from '../../../src/contract/generate.js';

const schema = buildRevisionSchema('1.4.0');
const DOCUMENT = '{ getIQRelationshipScore(targetContactId: "p") { models { scoreDate trendPrediction } } }';
const now = Date.parse('2026-06-01T12:00:00.000Z');
const found = (scoreDate: string, trendPrediction: string, at: number | null = now) =>
  scoreDateFindings(
    typedHolders(
      schema,
      { document: DOCUMENT },
      { getIQRelationshipScore: { models: [{ scoreDate, trendPrediction }] } },
    ),
    at ?? undefined,
  ).map((f) => [f.finding.expectationId, f.finding.path]);

describe('scoreDateFindings', () => {
  it('finds nothing where the date and the trend agree (A-51), or where the trend says nothing of it', () => {
    expect(found('2026-05-20', 'Rising')).toEqual([]);
    expect(found('2026-03-04', 'Rising')).toEqual([]); // 89 days
    expect(found('2025-11-02', 'Stable')).toEqual([]);
    expect(found('2026-06-01', 'Declining')).toEqual([]);
    expect(found('2026-06-01', 'Stable', null)).toEqual([]);
  });

  it('finds a Stable score dated the day it is read, and a Rising one dated long ago', () => {
    const at = 'data.getIQRelationshipScore.models[0].scoreDate';
    expect(found('2026-06-01', 'Stable')).toEqual([['score-date', at]]);
    expect(found('2025-11-02', 'Rising')).toEqual([['score-date', at]]);
  });
});
