import { describe, expect, it } from '@jest/globals';
import { engagementFindings } from '../../../src/conformance/joins/engagement.js';
import { typedHolders } from '../../../src/conformance/joins/typed-holders.js';
import { buildRevisionSchema } from '../../../src/contract/generate.js';

const schema = buildRevisionSchema('1.4.0');
const found = (document: string, data: unknown) =>
  engagementFindings(typedHolders(schema, { document }, data)).map((f) => [
    f.finding.expectationId,
    f.finding.path,
    f.finding.actual,
  ]);

const CONNECTIONS =
  '{ targetPersonConnections(input: { targetPersonId: "p", fetchControl: All }) { models { engagementScore engagementRank displayRank rankDescription } } }';
const connections = (rows: Array<[number, number, number, string?]>) =>
  found(CONNECTIONS, {
    targetPersonConnections: {
      models: rows.map(([engagementScore, engagementRank, displayRank, rankDescription]) => ({
        engagementScore,
        engagementRank,
        displayRank,
        rankDescription: rankDescription ?? null,
      })),
    },
  });

describe('engagementFindings', () => {
  it('describes a score by its band of 20, each band up to and including its bound (A-568)', () => {
    expect(connections([[0, 1, 1, 'Weak']])).toEqual([]);
    expect(connections([[20, 1, 1, 'Weak']])).toEqual([]);
    expect(connections([[20.01, 1, 1, 'Fair']])).toEqual([]);
    expect(connections([[60, 1, 1, 'Good']])).toEqual([]);
    expect(connections([[80, 1, 1, 'Strong']])).toEqual([]);
    expect(connections([[100, 1, 1, 'Very strong']])).toEqual([]);
    expect(connections([[60, 1, 1, 'Strong']])).toEqual([
      ['score-band', 'data.targetPersonConnections.models[0].rankDescription', 'Strong'],
    ]);
    const employees = (strongEngagementScore: number, strongEngagementLevelDescription: string) =>
      found(
        '{ employeesWithRelationshipsToView(fromCompanyId: "a", toCompanyId: "b") { models { strongEngagementScore strongEngagementLevelDescription } } }',
        {
          employeesWithRelationshipsToView: {
            models: [{ strongEngagementScore, strongEngagementLevelDescription }],
          },
        },
      );
    expect(employees(40, 'Fair')).toEqual([]);
    expect(employees(41, 'Fair')).toEqual([
      [
        'score-band',
        'data.employeesWithRelationshipsToView.models[0].strongEngagementLevelDescription',
        'Fair',
      ],
    ]);
  });

  it('holds connections best engaged first, ranked with ties sharing a rank (A-568)', () => {
    expect(
      connections([
        [90, 1, 1],
        [50, 2, 2],
        [50, 2, 3],
        [10, 4, 4],
      ]),
    ).toEqual([]);
    // a later page goes on counting
    expect(
      connections([
        [50, 7, 8],
        [40, 9, 9],
      ]),
    ).toEqual([]);
    expect(
      connections([
        [50, 1, 1],
        [90, 2, 2],
      ]),
    ).toEqual([['connection-rank', 'data.targetPersonConnections.models[1].engagementScore', 90]]);
    expect(
      connections([
        [90, 1, 1],
        [50, 2, 3],
      ]),
    ).toEqual([['connection-rank', 'data.targetPersonConnections.models[1].displayRank', 3]]);
    expect(
      connections([
        [90, 1, 1],
        [90, 2, 2],
      ]),
    ).toEqual([['connection-rank', 'data.targetPersonConnections.models[1].engagementRank', 2]]);
    expect(
      connections([
        [90, 1, 1],
        [90, 1, 2],
        [50, 2, 3],
      ]),
    ).toEqual([['connection-rank', 'data.targetPersonConnections.models[2].engagementRank', 2]]);
  });
});
