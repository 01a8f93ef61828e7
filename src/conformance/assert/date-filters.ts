import type { Finding } from './explicit.js';

/** A date filter of a paged field: the member of its `filter` argument and the models' field it bounds. */
interface DateFilter {
  member: string;
  field: string;
  /** Instants (the event views, A-41) rather than calendar days. */
  instant: boolean;
  basis: readonly string[];
}

/**
 * The paged fields whose `filter` bounds a date of each model: activities by their day and opportunities
 * by the day they were opened (A-07: both bounds optional and inclusive), the event views by the instant
 * of each event (A-41: `from` and `to` inclusive, `after` exclusive).
 */
function dateFilterOf(field: string): DateFilter | undefined {
  if (field === 'Query.activities') return { member: 'date', field: 'date', instant: false, basis: ['A-07'] };
  if (field === 'Query.opportunities')
    return { member: 'dateOpened', field: 'dateOpened', instant: false, basis: ['A-07', 'A-47'] };
  if (field.startsWith('Query.') && field.endsWith('EventViews'))
    return { member: 'eventDate', field: 'eventDate', instant: true, basis: ['A-41'] };
  return undefined;
}

/** A bound's value on the scale it is compared on: a day as `YYYY-MM-DD`, an instant in milliseconds. */
function scaled(value: unknown, instant: boolean): string | number | undefined {
  if (typeof value !== 'string') return undefined;
  if (!instant) return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * Each model of a page asked with a date range lies within it, where the answer selects the date: a
 * model outside was not selected by the filter (a bound ignored, read the wrong way, or compared on
 * another scale). Held only for bounds given as dates; a malformed bound is the server's to refuse.
 */
export function dateFilterFindings(
  field: string,
  filter: unknown,
  at: string,
  page: unknown,
): { finding: Finding; basis: readonly string[] }[] {
  const known = dateFilterOf(field);
  const models = (page as { models?: unknown } | null)?.models;
  const range = (filter as Record<string, unknown> | null | undefined)?.[known?.member ?? ''];
  if (!known || !Array.isArray(models) || !range || typeof range !== 'object') return [];
  const bounds = range as Record<string, unknown>;
  const from = scaled(bounds['from'], known.instant);
  const to = scaled(bounds['to'], known.instant);
  const after = known.instant ? scaled(bounds['after'], true) : undefined;
  if (from === undefined && to === undefined && after === undefined) return [];
  const asked = JSON.stringify(range);
  const out: { finding: Finding; basis: readonly string[] }[] = [];
  models.forEach((row: unknown, i) => {
    if (!row || typeof row !== 'object' || !(known.field in row)) return;
    const raw = (row as Record<string, unknown>)[known.field];
    const got = scaled(raw, known.instant);
    if (got === undefined) return;
    const outside =
      (from !== undefined && got < from) ||
      (to !== undefined && got > to) ||
      (after !== undefined && got <= after);
    if (!outside) return;
    out.push({
      basis: ['§4.1', ...known.basis],
      finding: {
        expectationId: 'date-filter',
        path: `${at}.models[${i}].${known.field}`,
        kind: 'value-mismatch',
        expected: `a ${known.instant ? 'time' : 'day'} within ${asked}`,
        actual: raw,
        message: `${at}.models[${i}] is answered for the filter ${known.member} ${asked}, but its ${known.field} is ${JSON.stringify(raw)}, outside the range`,
      },
    });
  });
  return out;
}
