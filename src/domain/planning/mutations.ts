import type {
  MutationAddInitiativeArgs,
  MutationAddObjectiveArgs,
  MutationRemoveInitiativeArgs,
  MutationRemoveObjectiveArgs,
  MutationUpdateInitiativeArgs,
  MutationUpdateInitiativeStatusArgs,
  MutationUpdateObjectiveArgs,
  MutationUpdateObjectiveStatusArgs,
} from '../../contract/types.generated.js';
import type { Transaction } from '../../store/index.js';
import type { RequestContext } from '../area.js';
import { recordEvents, type NewEvent } from '../shared/change-events.js';
import type { ValidationError } from '../shared/errors.js';
import { newId, toIsoDate, toIsoDateTime } from '../shared/time.js';
import { Validator } from '../shared/validation.js';
import {
  INITIATIVES,
  OBJECTIVES,
  type InitiativeRecord,
  type ObjectiveRecord,
  type PlanningItemRecord,
  type PlanningStatus,
} from './model.js';
import { apiUser, canClose, findInitiative, initiativesOf } from './rules.js';
import { checkPlanningFields, type PlanningFields } from './input-rules.js';

// Resolvers open alike here (parent, args, ctx; a transaction; a Validator): the resolver form, not shared logic.

/** `{ validationErrors, item }` of the objective and initiative mutations. */
interface MutateResult<T> {
  validationErrors: ValidationError[];
  item: T | null;
}

/** `{ isSuccessful, validationErrors }` of the remove mutations. */
interface RemoveResult {
  isSuccessful: boolean;
  validationErrors: ValidationError[];
}

type Kind = 'objective' | 'initiative';

const NAMES: Record<Kind, { collection: string; prefix: 'Objective' | 'Initiative' }> = {
  objective: { collection: OBJECTIVES, prefix: 'Objective' },
  initiative: { collection: INITIATIVES, prefix: 'Initiative' },
};

function failed<T>(errors: ValidationError[]): MutateResult<T> {
  return { validationErrors: errors, item: null };
}

/** The fields a new objective or initiative starts with besides its input. */
function newItem(tx: Transaction, ctx: RequestContext, fields: PlanningFields) {
  const user = apiUser(tx);
  const now = toIsoDateTime(ctx.now());
  return {
    id: newId(),
    ...fields,
    closedDate: null,
    status: 'open' as PlanningStatus,
    isDeleted: false,
    creatorId: user?.id ?? null,
    createdBy: user?.displayName ?? null,
    createdAt: now,
    updatedAt: now,
  };
}

/** Whether an update changes any stored field. */
function changes(existing: PlanningItemRecord, fields: PlanningFields): boolean {
  return (Object.keys(fields) as Array<keyof PlanningFields>).some(
    (key) => JSON.stringify(existing[key]) !== JSON.stringify(fields[key]),
  );
}

/** An existing, not removed item named by `id`, or a failure on `propertyName`. */
function findLive<T extends PlanningItemRecord>(
  v: Validator,
  tx: Transaction,
  kind: Kind,
  id: string,
  propertyName = 'id',
): T | undefined {
  const item = tx.get<T>(NAMES[kind].collection, id);
  if (!item) v.fail(propertyName, `No ${kind} exists with id "${id}".`);
  else if (item.isDeleted) v.fail(propertyName, `The ${kind} "${item.name}" was removed.`);
  return item && !item.isDeleted ? item : undefined;
}

/** `addObjective`: a new open objective created by the API user. */
export async function addObjective(
  _: unknown,
  { input }: MutationAddObjectiveArgs,
  ctx: RequestContext,
): Promise<MutateResult<ObjectiveRecord>> {
  return ctx.store.transact((tx) => {
    const v = new Validator();
    const fields = checkPlanningFields(v, tx, input, undefined, newId);
    if (!v.ok) return failed(v.errors);
    const item = tx.put<ObjectiveRecord>(OBJECTIVES, newItem(tx, ctx, fields));
    recordEvents(tx, ctx, [{ view: 'objective', eventType: 'ObjectiveCreated', entityId: item.id }]);
    return { validationErrors: [], item: tx.get<ObjectiveRecord>(OBJECTIVES, item.id) ?? null };
  });
}

/** `addInitiative`: a new open initiative of a live objective. */
export async function addInitiative(
  _: unknown,
  { input }: MutationAddInitiativeArgs,
  ctx: RequestContext,
): Promise<MutateResult<InitiativeRecord>> {
  return ctx.store.transact((tx) => {
    const v = new Validator();
    const objective = findLive<ObjectiveRecord>(v, tx, 'objective', input.objectiveId, 'objectiveId');
    const fields = checkPlanningFields(v, tx, input, undefined, newId);
    if (!v.ok || !objective) return failed(v.errors);
    const record: InitiativeRecord = { ...newItem(tx, ctx, fields), objectiveId: objective.id };
    const item = tx.put(INITIATIVES, record);
    recordEvents(tx, ctx, [{ view: 'initiative', eventType: 'InitiativeCreated', entityId: item.id }]);
    return { validationErrors: [], item: findInitiative(tx, item.id) ?? null };
  });
}

/** `updateObjective` / `updateInitiative`: omitted fields keep their value. */
async function updateItem<T extends PlanningItemRecord>(
  ctx: RequestContext,
  kind: Kind,
  input: MutationUpdateObjectiveArgs['input'] | MutationUpdateInitiativeArgs['input'],
): Promise<MutateResult<T>> {
  const { collection, prefix } = NAMES[kind];
  return ctx.store.transact((tx) => {
    const v = new Validator();
    const existing = findLive<T>(v, tx, kind, input.id);
    if (!existing) return failed(v.errors);
    const fields = checkPlanningFields(v, tx, input, existing, newId);
    if (!v.ok) return failed(v.errors);
    if (changes(existing, fields)) {
      tx.put<T>(collection, { ...existing, ...fields, updatedAt: toIsoDateTime(ctx.now()) });
      recordEvents(tx, ctx, [{ view: kind, eventType: `${prefix}Updated`, entityId: existing.id }]);
    }
    return { validationErrors: [], item: tx.get<T>(collection, existing.id) ?? null };
  });
}

/** `updateObjective`. */
export function updateObjective(_: unknown, { input }: MutationUpdateObjectiveArgs, ctx: RequestContext) {
  return updateItem<ObjectiveRecord>(ctx, 'objective', input);
}

/** `updateInitiative`. */
export function updateInitiative(_: unknown, { input }: MutationUpdateInitiativeArgs, ctx: RequestContext) {
  return updateItem<InitiativeRecord>(ctx, 'initiative', input);
}

/**
 * `updateObjectiveStatus` / `updateInitiativeStatus`: open ↔ closed, the same status again is a
 * no-op that succeeds, removed items cannot change, and an objective closes only when `canClose`.
 */
async function updateStatus<T extends PlanningItemRecord>(
  ctx: RequestContext,
  kind: Kind,
  id: string,
  status: PlanningStatus,
): Promise<MutateResult<T>> {
  const { collection, prefix } = NAMES[kind];
  return ctx.store.transact((tx) => {
    const v = new Validator();
    const existing = findLive<T>(v, tx, kind, id);
    if (!existing) return failed(v.errors);
    if (existing.status === status) return { validationErrors: [], item: existing };
    if (kind === 'objective' && status === 'closed' && !canClose(tx, existing)) {
      return failed([
        {
          propertyName: 'status',
          message: `The objective "${existing.name}" cannot be closed while it has open initiatives.`,
        },
      ]);
    }
    const now = ctx.now();
    tx.put<T>(collection, {
      ...existing,
      status,
      closedDate: status === 'closed' ? toIsoDate(now) : null,
      updatedAt: toIsoDateTime(now),
    });
    recordEvents(tx, ctx, [{ view: kind, eventType: `${prefix}StatusChanged`, entityId: existing.id }]);
    return { validationErrors: [], item: tx.get<T>(collection, existing.id) ?? null };
  });
}

/** `updateObjectiveStatus`. */
export function updateObjectiveStatus(
  _: unknown,
  { input }: MutationUpdateObjectiveStatusArgs,
  ctx: RequestContext,
) {
  return updateStatus<ObjectiveRecord>(ctx, 'objective', input.id, input.status);
}

/** `updateInitiativeStatus`. */
export function updateInitiativeStatus(
  _: unknown,
  { input }: MutationUpdateInitiativeStatusArgs,
  ctx: RequestContext,
) {
  return updateStatus<InitiativeRecord>(ctx, 'initiative', input.id, input.status);
}

/** `removeObjective`: marks the objective and its initiatives deleted. */
export async function removeObjective(
  _: unknown,
  { id }: MutationRemoveObjectiveArgs,
  ctx: RequestContext,
): Promise<RemoveResult> {
  return ctx.store.transact((tx) => {
    const v = new Validator();
    const objective = findLive<ObjectiveRecord>(v, tx, 'objective', id);
    if (!objective) return { isSuccessful: false, validationErrors: v.errors };
    const updatedAt = toIsoDateTime(ctx.now());
    const events: NewEvent[] = [];
    for (const initiative of initiativesOf(tx, objective.id)) {
      if (initiative.isDeleted) continue;
      tx.put<InitiativeRecord>(INITIATIVES, { ...initiative, isDeleted: true, updatedAt });
      events.push({ view: 'initiative', eventType: 'InitiativeDeleted', entityId: initiative.id });
    }
    tx.put<ObjectiveRecord>(OBJECTIVES, { ...objective, isDeleted: true, updatedAt });
    events.unshift({ view: 'objective', eventType: 'ObjectiveDeleted', entityId: objective.id });
    recordEvents(tx, ctx, events);
    return { isSuccessful: true, validationErrors: [] };
  });
}

/** `removeInitiative`: marks the initiative deleted. */
export async function removeInitiative(
  _: unknown,
  { id }: MutationRemoveInitiativeArgs,
  ctx: RequestContext,
): Promise<RemoveResult> {
  return ctx.store.transact((tx) => {
    const v = new Validator();
    const initiative = findLive<InitiativeRecord>(v, tx, 'initiative', id);
    if (!initiative) return { isSuccessful: false, validationErrors: v.errors };
    tx.put<InitiativeRecord>(INITIATIVES, {
      ...initiative,
      isDeleted: true,
      updatedAt: toIsoDateTime(ctx.now()),
    });
    recordEvents(tx, ctx, [{ view: 'initiative', eventType: 'InitiativeDeleted', entityId: initiative.id }]);
    return { isSuccessful: true, validationErrors: [] };
  });
}
