import type { StoreReader, Transaction } from '../../store/index.js';
import type { RequestContext } from '../area.js';
import { recordEvents, type NewEvent } from '../shared/change-events.js';
import type { ValidationError } from '../shared/errors.js';
import { toIsoDateTime } from '../shared/time.js';
import { Validator } from '../shared/validation.js';
import { OPPORTUNITIES, type OpportunityRecord } from './model.js';
import { checkOpportunity, currentStageKey } from './rules.js';

/** What the opportunity event view reports (§6, A-40): these three values, as a client reads them. */
export interface TrackedValues {
  dateOpened: string | null;
  currentStage: string;
  status: string | null;
}

/** The tracked values of an opportunity now (before a write, or after it inside the transaction). */
export function trackedValues(store: StoreReader, opp: OpportunityRecord | undefined): TrackedValues {
  return {
    dateOpened: opp?.dateOpened ?? null,
    currentStage: opp ? currentStageKey(store, opp) : '',
    status: opp?.status ?? null,
  };
}

/** One event per tracked value that changed (an added opportunity changes all three from nothing). */
export function changeEvents(id: string, before: TrackedValues, after: TrackedValues): NewEvent[] {
  const events: NewEvent[] = [];
  const add = (eventType: string) => events.push({ view: 'opportunity', eventType, entityId: id });
  if (before.dateOpened !== after.dateOpened) add('DateOpenedChanged');
  if (before.currentStage !== after.currentStage) add('CurrentStageChanged');
  if (before.status !== after.status) add('StatusChanged');
  return events;
}

/** Outcome of an opportunity write: the id, or every failure (nothing written). */
export type WriteOutcome = { id: string; errors?: undefined } | { id?: undefined; errors: ValidationError[] };

/** Builds the changed opportunity from the stored one, recording failures on `v`. */
export type Change = (v: Validator, tx: Transaction, opp: OpportunityRecord) => OpportunityRecord | undefined;

function sameContent(a: OpportunityRecord, b: OpportunityRecord): boolean {
  return JSON.stringify({ ...a, updatedAt: '' }) === JSON.stringify({ ...b, updatedAt: '' });
}

/**
 * Validates and applies one change of an opportunity in one transaction: the opportunity must exist
 * and be visible to the user, every failure is collected before anything is written, and the events
 * of the tracked values that changed are recorded with the write. A change that changes nothing
 * writes nothing and succeeds.
 */
export function updateOpportunity(
  ctx: RequestContext,
  id: string,
  change: Change,
  propertyName = 'opportunityId',
): Promise<WriteOutcome> {
  return ctx.store.transact((tx): WriteOutcome => {
    const v = new Validator();
    const opp = checkOpportunity(v, tx, propertyName, id);
    const next = opp ? change(v, tx, opp) : undefined;
    if (!v.ok || !opp || !next) return { errors: v.errors };
    if (sameContent(opp, next)) return { id: opp.id };
    const before = trackedValues(tx, opp);
    tx.put(OPPORTUNITIES, { ...next, updatedAt: toIsoDateTime(ctx.now()) });
    recordEvents(tx, ctx, changeEvents(opp.id, before, trackedValues(tx, next)));
    return { id: opp.id };
  });
}
