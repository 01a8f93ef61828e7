import { describe, expect, it } from '@jest/globals';
import { rankingFindings } from '../../../src/conformance/joins/rankings.js';
import { typedHolders } from '../../../src/conformance/joins/typed-holders.js';
import { buildRevisionSchema } from '../../../src/contract/generate.js';

const schema = buildRevisionSchema('1.4.0');
const document =
  'query ($c: ID!) { i: getRelationshipInsights(companyId: $c) { isTargetCompany insightType totalConnections totalEngagementScore } }';
type Row = [type: 'C' | 'E', target: boolean, connections: number, engagement: number];
const paths = (...rows: Row[]) =>
  rankingFindings([
    ...typedHolders(
      schema,
      { document },
      {
        i: rows.map(([t, isTargetCompany, totalConnections, totalEngagementScore]) => ({
          insightType: t === 'C' ? 'ConnectionRank' : 'EngagementRank',
          isTargetCompany,
          totalConnections,
          totalEngagementScore,
        })),
      },
    ),
  ]).map((f) => f.finding.path);

describe('rankingFindings', () => {
  it('finds nothing in rankings best first by their own measure, ties and sides apart', () => {
    expect(
      paths(
        ['C', true, 5, 100],
        ['C', true, 5, 300],
        ['C', true, 2, 400],
        ['C', false, 9, 10],
        ['E', true, 2, 400],
        ['E', true, 5, 300],
        ['E', true, 5, 100],
        ['E', false, 9, 10],
      ),
    ).toEqual([]);
  });

  it('finds a ranking out of its order, and one whose first is beaten by an entry of the other ranking', () => {
    // The labels crosswise: the connection ranking answered as EngagementRank and the reverse.
    expect(paths(['E', true, 5, 100], ['E', true, 2, 400], ['C', true, 2, 400], ['C', true, 5, 100])).toEqual(
      [
        'i[1].totalEngagementScore',
        'i[0].totalEngagementScore',
        'i[3].totalConnections',
        'i[2].totalConnections',
      ].map((p) => `data.${p}`),
    );
  });

  it('holds only entries that say their type, side and measure', () => {
    expect(
      rankingFindings([
        ...typedHolders(
          schema,
          {
            document:
              'query ($c: ID!) { i: getRelationshipInsights(companyId: $c) { insightType totalConnections } }',
          },
          {
            i: [
              { insightType: 'ConnectionRank', totalConnections: 1 },
              { insightType: 'ConnectionRank', totalConnections: 3 },
            ],
          },
        ),
      ]),
    ).toEqual([]);
  });

  it("finds the firm's people listed before the company's own employees within one ranking (A-51)", () => {
    expect(paths(['C', true, 5, 0], ['C', false, 9, 0], ['E', true, 0, 5], ['E', false, 0, 9])).toEqual([]);
    expect(paths(['C', false, 9, 0], ['C', true, 5, 0], ['C', true, 4, 0], ['E', true, 0, 5])).toEqual([
      'data.i[1].isTargetCompany',
    ]);
  });
});
