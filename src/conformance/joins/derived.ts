import type { PageFinding } from '../assert/pages.js';
import { ruleFinding } from './rule-finding.js';
import type { TypedHolder } from './typed-holders.js';

/** What the planning derivations rest on. */
const PLANNING_BASIS = ['§2.5', 'A-43', 'A-45'];
/** What the date orders rest on. */
const DATES_BASIS = ['§2.5', 'A-43', 'A-44', 'A-47'];
/** What the bulk counts rest on (§7.3, A-38). */
const BULK_BASIS = ['§7.3', 'A-38'];
/** What the field definitions' bounds rest on (A-37). */
const FIELD_BASIS = ['§2.4', 'A-37'];
/** What the note's twin fields rest on (the contract's descriptions, A-16). */
const NOTE_BASIS = ['§2.3', 'A-16'];

/** An initiative's progress is 0 while it is open and 100 once closed. */
function initiativeProgress(holder: TypedHolder, out: PageFinding[]): void {
  if (!holder.types.has('Initiative')) return;
  const status = holder.leaves.get('status');
  const progress = holder.leaves.get('progress');
  if (typeof progress !== 'number' || (status !== 'open' && status !== 'closed')) return;
  const expected = status === 'closed' ? 100 : 0;
  if (progress === expected) return;
  out.push(
    ruleFinding(
      `${holder.path}.progress`,
      'planning-progress',
      expected,
      progress,
      `${holder.path}.progress is ${progress} beside status ${status}: an initiative's progress is 0 while open and 100 once closed`,
      PLANNING_BASIS,
    ),
  );
}

/** The statuses of an objective's initiatives when its page lists every one of them, else undefined. */
function initiativeStatuses(objective: TypedHolder): string[] | undefined {
  if (objective.narrowed.has('initiatives')) return undefined;
  const page = objective.fields.get('initiatives') as { totalModels?: unknown; models?: unknown } | null;
  if (!page || !Array.isArray(page.models) || page.totalModels !== page.models.length) return undefined;
  const statuses = page.models.map((m) => (m as { status?: unknown } | null)?.status);
  return statuses.every((s): s is string => s === 'open' || s === 'closed') ? statuses : undefined;
}

/**
 * An objective whose page of initiatives holds all of them answers what they make: its
 * progress is the share of them that is closed, as a whole percentage (rounded either way, the contract
 * does not say which), and while it is open `canClose` is true exactly when none of them is open.
 */
function objectiveFromInitiatives(holder: TypedHolder, out: PageFinding[]): void {
  if (!holder.types.has('Objective')) return;
  const statuses = initiativeStatuses(holder);
  if (!statuses) return;
  const closed = statuses.filter((s) => s === 'closed').length;
  const progress = holder.leaves.get('progress');
  if (typeof progress === 'number') {
    const share = statuses.length === 0 ? 0 : (closed * 100) / statuses.length;
    if (progress !== Math.floor(share) && progress !== Math.ceil(share)) {
      out.push(
        ruleFinding(
          `${holder.path}.progress`,
          'planning-progress',
          Math.round(share),
          progress,
          `${holder.path}.progress is ${progress}, but ${closed} of the ${statuses.length} initiatives it lists are closed: an objective's progress is the share of its initiatives that is closed`,
          PLANNING_BASIS,
        ),
      );
    }
  }
  const canClose = holder.leaves.get('canClose');
  if (holder.leaves.get('status') !== 'open' || typeof canClose !== 'boolean') return;
  const expected = statuses.every((s) => s === 'closed');
  if (canClose === expected) return;
  out.push(
    ruleFinding(
      `${holder.path}.canClose`,
      'planning-can-close',
      expected,
      canClose,
      `${holder.path}.canClose is ${canClose}, but ${statuses.length - closed} of the ${statuses.length} initiatives it lists are open: an open objective can be closed exactly when none of its initiatives is open`,
      PLANNING_BASIS,
    ),
  );
}

/**
 * Dates a write may not put out of order, which therefore no record holds out of order (A-44: an end
 * before its start is refused: a close date, estimated or actual, before the opening date).
 */
const DATE_ORDERS: ReadonlyArray<{ type: string; first: string; then: string }> = [
  { type: 'Objective', first: 'startDate', then: 'endDate' },
  { type: 'Initiative', first: 'startDate', then: 'endDate' },
  { type: 'Opportunity', first: 'dateOpened', then: 'estimatedCloseDate' },
  { type: 'Opportunity', first: 'dateOpened', then: 'actualCloseDate' },
];

/** The calendar day of a date or date-time, for comparing a Date with another Date. */
const dayOf = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;

/** A record's dates that writes keep in order are in that order. */
function dateOrder(holder: TypedHolder, out: PageFinding[]): void {
  for (const rule of DATE_ORDERS) {
    if (!holder.types.has(rule.type)) continue;
    const first = dayOf(holder.leaves.get(rule.first));
    const then = dayOf(holder.leaves.get(rule.then));
    if (first === undefined || then === undefined || then >= first) continue;
    out.push(
      ruleFinding(
        `${holder.path}.${rule.then}`,
        'date-order',
        `a day on or after ${rule.first} ${first}`,
        holder.leaves.get(rule.then),
        `${holder.path}.${rule.then} is ${then}, before ${rule.first} ${first} beside it: no write may put it so, so no record holds it so`,
        DATES_BASIS,
      ),
    );
  }
}

/**
 * A planning record's `activityCounts` count the activities its `activities` page lists, by type:
 * their sum is the page's `totalModels`, and where the page holds every activity, each type's count is
 * the number of its activities of that type.
 */
function activityCounts(holder: TypedHolder, out: PageFinding[]): void {
  if (!holder.types.has('Objective') && !holder.types.has('Initiative')) return;
  const counts = holder.fields.get('activityCounts');
  const page = holder.fields.get('activities') as
    { totalModels?: unknown; models?: unknown } | null | undefined;
  if (
    !Array.isArray(counts) ||
    !page ||
    typeof page.totalModels !== 'number' ||
    holder.narrowed.has('activities')
  )
    return;
  const byType = new Map<string, number>();
  let sum = 0;
  for (const row of counts) {
    const { typeId, activityCount } = (row ?? {}) as { typeId?: unknown; activityCount?: unknown };
    if (typeof activityCount !== 'number') return;
    sum += activityCount;
    if (typeof typeId === 'string') byType.set(typeId, (byType.get(typeId) ?? 0) + activityCount);
  }
  if (sum !== page.totalModels) {
    out.push(
      ruleFinding(
        `${holder.path}.activityCounts`,
        'activity-counts',
        page.totalModels,
        sum,
        `${holder.path}.activityCounts add up to ${sum}, but its activities number ${page.totalModels}: the counts are of the record's activities, by type`,
        PLANNING_BASIS,
      ),
    );
    return;
  }
  const models = Array.isArray(page.models) ? page.models : [];
  if (models.length !== page.totalModels || byType.size !== counts.length) return;
  const listed = new Map<string, number>();
  for (const m of models) {
    const typeId = (m as { typeId?: unknown } | null)?.typeId;
    if (typeof typeId !== 'string') return;
    listed.set(typeId, (listed.get(typeId) ?? 0) + 1);
  }
  for (const [typeId, n] of listed) {
    if (byType.get(typeId) === n) continue;
    out.push(
      ruleFinding(
        `${holder.path}.activityCounts`,
        'activity-counts',
        `${n} of type ${typeId}`,
        byType.get(typeId) ?? 0,
        `${holder.path}.activityCounts count ${byType.get(typeId) ?? 0} activities of type ${typeId}, but its activities list ${n}: the counts are of the record's activities, by type`,
        PLANNING_BASIS,
      ),
    );
    return;
  }
}

/**
 * `addContactsToLists` counts contact/list pairs: the pairs added or in place and the pairs skipped
 * make up the total, and the contacts named as skipped are those of the skipped pairs (at most one each).
 */
function bulkCounts(holder: TypedHolder, out: PageFinding[]): void {
  if (!holder.types.has('AddContactsToListResults')) return;
  const [total, success, skipped] = ['totalCount', 'successCount', 'skippedCount'].map((f) =>
    holder.leaves.get(f),
  );
  const ids = holder.leaves.get('skippedContactIds');
  const report = (field: string, expected: unknown, actual: unknown, why: string) =>
    out.push(
      ruleFinding(
        `${holder.path}.${field}`,
        'bulk-counts',
        expected,
        actual,
        `${holder.path}.${field} is ${JSON.stringify(actual)}: ${why}`,
        BULK_BASIS,
      ),
    );
  if (typeof total === 'number' && typeof success === 'number' && typeof skipped === 'number') {
    if (success + skipped !== total) {
      report(
        'totalCount',
        success + skipped,
        total,
        `successCount ${success} and skippedCount ${skipped} make up the total of the pairs`,
      );
      return;
    }
  }
  if (typeof skipped === 'number' && Array.isArray(ids)) {
    if (ids.length > skipped || skipped > 0 !== ids.length > 0)
      report(
        'skippedContactIds',
        skipped === 0 ? 'no contact' : `between 1 and ${skipped} contacts`,
        ids,
        `skippedCount is ${skipped}: the contacts named as skipped are those of the skipped pairs, each once`,
      );
  }
}

/** A numeric field's minimum is not above its maximum: a definition with min above max is refused. */
function numericBounds(holder: TypedHolder, out: PageFinding[]): void {
  if (!holder.types.has('AdditionalFieldDefinition')) return;
  const min = holder.leaves.get('numericDataTypeMinValue');
  const max = holder.leaves.get('numericDataTypeMaxValue');
  if (typeof min !== 'number' || typeof max !== 'number' || min <= max) return;
  out.push(
    ruleFinding(
      `${holder.path}.numericDataTypeMinValue`,
      'numeric-bounds',
      `at most numericDataTypeMaxValue ${max}`,
      min,
      `${holder.path}.numericDataTypeMinValue is ${min}, above numericDataTypeMaxValue ${max} beside it: a field's minimum is not above its maximum`,
      FIELD_BASIS,
    ),
  );
}

/** A note's `noteId` is its `id` and its `notes` its `text` (the contract says "same as"). */
function noteTwins(holder: TypedHolder, out: PageFinding[]): void {
  if (!holder.types.has('Note')) return;
  for (const [twin, field] of [
    ['noteId', 'id'],
    ['notes', 'text'],
  ] as const) {
    if (!holder.leaves.has(twin) || !holder.leaves.has(field)) continue;
    const [a, b] = [holder.leaves.get(twin), holder.leaves.get(field)];
    if (a === b) continue;
    out.push(
      ruleFinding(
        `${holder.path}.${twin}`,
        'same-as',
        b,
        a,
        `${holder.path}.${twin} is ${JSON.stringify(a)} but ${field} beside it is ${JSON.stringify(b)}: a note's ${twin} is the same as its ${field}`,
        NOTE_BASIS,
      ),
    );
  }
}

/**
 * Fields derived from others of the same answer that hold on any data: an initiative's progress from its
 * status, an objective's progress and `canClose` from the initiatives it lists, a note's
 * `noteId` and `notes` the same as its `id` and `text`, dates no write may put out of order in order, and a
 * planning record's activity counts of the activities it lists, a bulk add's counts of its pairs, and a numeric field's bounds in order.
 */
export function derivedFindings(holders: readonly TypedHolder[]): PageFinding[] {
  const out: PageFinding[] = [];
  for (const holder of holders) {
    initiativeProgress(holder, out);
    objectiveFromInitiatives(holder, out);
    noteTwins(holder, out);
    dateOrder(holder, out);
    activityCounts(holder, out);
    bulkCounts(holder, out);
    numericBounds(holder, out);
  }
  return out;
}
