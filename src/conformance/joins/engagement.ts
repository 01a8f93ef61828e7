import type { PageFinding } from '../assert/pages.js';
import { ruleFinding } from './rule-finding.js';
import type { TypedHolder } from './typed-holders.js';

/** What the engagement rules rest on. */
const BASIS = ['§2.6', 'A-51', 'A-568'];

/** The bands of a 0–100 score, lowest first, each up to and including its upper bound. */
const BANDS: ReadonlyArray<[number, string]> = [
  [20, 'Weak'],
  [40, 'Fair'],
  [60, 'Good'],
  [80, 'Strong'],
  [Infinity, 'Very strong'],
];

/** The band a score falls in. */
function bandOf(score: number): string {
  return BANDS.find(([top]) => score <= top)![1];
}

/** A score and the field beside it that describes the score's band. */
const DESCRIBED: ReadonlyArray<{ type: string; score: string; description: string }> = [
  { type: 'PersonRelationshipView', score: 'engagementScore', description: 'rankDescription' },
  {
    type: 'EmployeeWithRelationshipsToView',
    score: 'strongEngagementScore',
    description: 'strongEngagementLevelDescription',
  },
];

const finding = (
  path: string,
  id: string,
  expected: unknown,
  actual: unknown,
  message: string,
): PageFinding => ruleFinding(path, id, expected, actual, message, BASIS);

/** A score's description names the band of 20 points the score falls in. */
function bands(holder: TypedHolder, out: PageFinding[]): void {
  for (const rule of DESCRIBED) {
    if (!holder.types.has(rule.type)) continue;
    const score = holder.leaves.get(rule.score);
    const said = holder.leaves.get(rule.description);
    if (typeof score !== 'number' || typeof said !== 'string') continue;
    const band = bandOf(score);
    if (said === band) continue;
    out.push(
      finding(
        `${holder.path}.${rule.description}`,
        'score-band',
        band,
        said,
        `${holder.path}.${rule.description} is ${JSON.stringify(said)} beside ${rule.score} ${score}: a score is described by its band of 20 points (up to 20 Weak, 40 Fair, 60 Good, 80 Strong, above Very strong)`,
      ),
    );
  }
}

interface Connection {
  path: string;
  score: number;
  rank: number;
  position: number;
}

/**
 * A target person's connections come best engaged first: `engagementScore` does not rise down
 * the page, `displayRank` is the position (one more than the entry before), and `engagementRank` ranks
 * by score with ties sharing the rank of the first of them. Entries without all three numbers break the
 * run, so only what was asked is held.
 */
function connectionOrder(holders: readonly TypedHolder[], out: PageFinding[]): void {
  const pages = new Map<TypedHolder, Connection[]>();
  for (const holder of holders) {
    if (!holder.types.has('PersonRelationshipView') || !holder.parent) continue;
    const score = holder.leaves.get('engagementScore');
    const rank = holder.leaves.get('engagementRank');
    const position = holder.leaves.get('displayRank');
    if (typeof score !== 'number' || typeof rank !== 'number' || typeof position !== 'number') continue;
    const page = holder.parent.holder;
    pages.set(page, [...(pages.get(page) ?? []), { path: holder.path, score, rank, position }]);
  }
  for (const entries of pages.values()) {
    for (let i = 1; i < entries.length; i++) {
      const [before, entry] = [entries[i - 1]!, entries[i]!];
      const problem =
        entry.score > before.score
          ? [
              'engagementScore',
              `at most ${before.score}`,
              entry.score,
              `engagementScore ${entry.score} after ${before.score}: connections come best engaged first`,
            ]
          : entry.position !== before.position + 1
            ? [
                'displayRank',
                before.position + 1,
                entry.position,
                `displayRank ${entry.position} after ${before.position}: the display rank is the position in the list`,
              ]
            : entry.score === before.score && entry.rank !== before.rank
              ? [
                  'engagementRank',
                  before.rank,
                  entry.rank,
                  `engagementRank ${entry.rank} beside the same engagementScore ${entry.score} ranked ${before.rank}: a tie shares its rank`,
                ]
              : entry.score < before.score && entry.rank !== entry.position
                ? [
                    'engagementRank',
                    entry.position,
                    entry.rank,
                    `engagementRank ${entry.rank} for the first entry with engagementScore ${entry.score}, at display rank ${entry.position}: a rank after a lower score is the position`,
                  ]
                : undefined;
      if (!problem) continue;
      const [field, expected, actual, why] = problem as [string, unknown, unknown, string];
      out.push(
        finding(`${entry.path}.${field}`, 'connection-rank', expected, actual, `${entry.path} has ${why}`),
      );
      break;
    }
  }
}

/**
 * Rules on engagement that hold on any data: a score described by its band, and a target
 * person's connections in the order and ranks of their engagement scores.
 */
export function engagementFindings(holders: readonly TypedHolder[]): PageFinding[] {
  const out: PageFinding[] = [];
  for (const holder of holders) bands(holder, out);
  connectionOrder(holders, out);
  return out;
}
