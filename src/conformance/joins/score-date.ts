import type { PageFinding } from '../assert/pages.js';
import type { TypedHolder } from './typed-holders.js';

const DAY_MS = 86_400_000;

/** The days within which a relationship's last change makes its score's trend Rising. */
const RECENT_DAYS = 90;

/**
 * An IQ relationship score's `scoreDate` is the day its relationships last changed, and its
 * `trendPrediction` is Rising when that was within 90 days, Stable when earlier: the two hold each
 * other to the time the answer came (`now`), give or take a day either way for time zones. A score dated
 * the day it is read while Stable, or long ago while Rising, contradicts itself. Declining (every
 * relationship former) says nothing of the date; without `now` nothing is held.
 */
export function scoreDateFindings(holders: readonly TypedHolder[], now?: number): PageFinding[] {
  if (now === undefined) return [];
  const out: PageFinding[] = [];
  for (const holder of holders) {
    if (!holder.types.has('IQRelationshipScore')) continue;
    const trend = holder.leaves.get('trendPrediction');
    const date = holder.leaves.get('scoreDate');
    if ((trend !== 'Rising' && trend !== 'Stable') || typeof date !== 'string') continue;
    const day = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
    if (!Number.isFinite(day)) continue;
    const age = (now - day) / DAY_MS;
    const fits = trend === 'Rising' ? age <= RECENT_DAYS + 2 : age >= RECENT_DAYS - 1;
    if (fits) continue;
    out.push({
      basis: ['A-51'],
      finding: {
        expectationId: 'score-date',
        path: `${holder.path}.scoreDate`,
        kind: 'value-mismatch',
        expected:
          trend === 'Rising'
            ? `a day within ${RECENT_DAYS} days before now (the trend is Rising)`
            : `a day more than ${RECENT_DAYS} days before now (the trend is Stable)`,
        actual: date,
        message: `${holder.path}.scoreDate is ${date}, ${Math.floor(age)} whole days before the answer came, but its trendPrediction is ${trend}: the score is dated the day its relationships last changed, and they are Rising only when that was within ${RECENT_DAYS} days`,
      },
    });
  }
  return out;
}
