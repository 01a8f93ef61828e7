import type { PageFinding } from '../assert/pages.js';
import type { TypedHolder } from './typed-holders.js';

/** The measure each ranking of relationship insights orders by, best first (§4.1, A-51). */
const MEASURES: Readonly<Record<string, string>> = {
  ConnectionRank: 'totalConnections',
  EngagementRank: 'totalEngagementScore',
};

interface Ranked {
  holder: TypedHolder;
  measures: Map<string, number>;
}

const listOf = (path: string): string => path.replace(/\[\d+\]$/, '');

/**
 * What an answer's relationship insights say of their rankings (§4.1: the most-connected and the
 * most-engaged contacts of a company; A-51: up to five per ranking and side, best first): within one
 * ranking and side the entries come in the order of the ranking's measure, and the first of a ranking
 * is at least as good by its measure as every entry of the other ranking on that side, since that one
 * is drawn from the same people. An answer labelling one ranking with the other's type, or ranking by
 * the wrong measure, breaks one or the other; and the company's own employees come before the firm's
 * people within each ranking (`insight-sides`). Only entries that carry the type, the side and the
 * measures asked are held.
 */
export function rankingFindings(holders: readonly TypedHolder[]): PageFinding[] {
  const groups = new Map<string, Ranked[]>();
  /** Each ranking's entries in answer order, with their side. */
  const sides = new Map<string, { path: string; side: boolean }[]>();
  for (const holder of holders) {
    if (!holder.types.has('RelationshipInsightView')) continue;
    const type = holder.fields.get('insightType');
    const side = holder.fields.get('isTargetCompany');
    if (typeof type !== 'string' || MEASURES[type] === undefined || typeof side !== 'boolean') continue;
    const measures = new Map<string, number>();
    for (const field of Object.values(MEASURES)) {
      const value = holder.fields.get(field);
      if (typeof value === 'number') measures.set(field, value);
    }
    const key = `${listOf(holder.path)}\n${String(side)}\n${type}`;
    groups.set(key, [...(groups.get(key) ?? []), { holder, measures }]);
    const ranking = `${listOf(holder.path)} ${type}`;
    sides.set(ranking, [...(sides.get(ranking) ?? []), { path: holder.path, side }]);
  }
  const out: PageFinding[] = [];
  const finding = (
    path: string,
    actual: unknown,
    expected: string,
    message: string,
    id = 'ranking',
  ): void => {
    out.push({
      basis: ['§4.1', 'A-51'],
      finding: { expectationId: id, path, kind: 'value-mismatch', expected, actual, message },
    });
  };
  // Within each ranking the company's own employees come first, then the firm's people connected to
  // them: the first entry of the company's side after one of the firm's is the finding.
  for (const [list, entries] of sides) {
    const firm = entries.findIndex((e) => !e.side);
    const late = firm < 0 ? undefined : entries.slice(firm).find((e) => e.side);
    if (!late) continue;
    finding(
      `${late.path}.isTargetCompany`,
      true,
      "the company's own employees before the firm's people",
      `${late.path} is one of the company's own employees (isTargetCompany true) after ${entries[firm]!.path}, one of the firm's people in the same ranking (${list}): each ranking lists the company's side first`,
      'insight-sides',
    );
  }
  for (const [key, ranked] of groups) {
    const [list, side, type] = key.split('\n') as [string, string, string];
    const measure = MEASURES[type]!;
    for (let i = 1; i < ranked.length; i += 1) {
      const [before, after] = [ranked[i - 1]!.measures.get(measure), ranked[i]!.measures.get(measure)];
      if (before !== undefined && after !== undefined && after > before) {
        finding(
          `${ranked[i]!.holder.path}.${measure}`,
          after,
          `at most ${before} (best first)`,
          `${type} insights of ${list} (isTargetCompany ${side}) are not best first: ${measure} ${after} follows ${before}`,
        );
        break;
      }
    }
    const top = ranked[0]!;
    const best = top.measures.get(measure);
    const other = Object.keys(MEASURES).find((t) => t !== type)!;
    const rivals = groups.get(`${list}\n${side}\n${other}`) ?? [];
    const better = rivals.find((r) => (r.measures.get(measure) ?? -Infinity) > (best ?? Infinity));
    if (best !== undefined && better) {
      finding(
        `${top.holder.path}.${measure}`,
        best,
        `at least ${String(better.measures.get(measure))}`,
        `the first ${type} insight of ${list} (isTargetCompany ${side}) has ${measure} ${best}, but ${better.holder.path} (${other}) names someone with ${String(better.measures.get(measure))}: a ranking by ${measure} starts with the best`,
      );
    }
  }
  return out;
}
