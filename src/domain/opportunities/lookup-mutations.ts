import type {
  MutationPatchOpportunityOriginationSourceArgs,
  MutationPatchOpportunityOutcomeReasonArgs,
  MutationPatchOpportunityTypeArgs,
  MutationUpdateOpportunityStageTemplatesArgs,
  OpportunityOutcomeReasonPatchItem,
} from '../../contract/types.generated.js';
import type { Transaction } from '../../store/index.js';
import type { RequestContext } from '../area.js';
import { recordEvents, type NewEvent } from '../shared/change-events.js';
import type { ValidationError } from '../shared/errors.js';
import { newId, toIsoDateTime } from '../shared/time.js';
import { MAX_LONG_TEXT, Validator } from '../shared/validation.js';
import {
  DEFAULT_STAGE_NAMES,
  OPPORTUNITIES_BY_TYPE,
  OPPORTUNITY_TYPES,
  ORIGINATION_SOURCES,
  OUTCOME_REASONS,
  OUTCOMES,
  STAGE_TEMPLATES,
  type LookupRecord,
  type OpportunityRecord,
  type OutcomeReasonRecord,
  type StageTemplateRecord,
  type TemplateStage,
} from './model.js';
import { currentStageKey } from './rules.js';
import { changeEvents, trackedValues } from './write.js';

type Ctx = RequestContext;

/** How one lookup collection is patched. */
interface PatchKind<T extends LookupRecord> {
  collection: string;
  what: string;
  /** Extra checks and fields of an item (the outcome of a reason); undefined when they failed. */
  extra?(
    v: Validator,
    tx: Transaction,
    item: OpportunityOutcomeReasonPatchItem,
    at: string,
    current?: T,
  ): Partial<T> | undefined;
  /** Values whose names must differ from this one's (same outcome for reasons). */
  sameScope?(a: T, b: Partial<T>): boolean;
  /** Written alongside a value that was added (the stage template of a new type). */
  onAdd?(tx: Transaction, added: T, stamp: string): void;
}

type PatchResult<T> = { validationErrors: ValidationError[]; addItems: T[]; updateItems: T[] };

/**
 * Adds (no id) or updates (with id) lookup values in one transaction. Names are required on
 * add, unique (case-insensitive) within their scope; omitted fields of an update keep their value.
 * Every failure is reported at once and then nothing is written.
 */
function patchLookup<T extends LookupRecord>(
  ctx: Ctx,
  items: ReadonlyArray<OpportunityOutcomeReasonPatchItem>,
  kind: PatchKind<T>,
): Promise<PatchResult<T>> {
  return ctx.store.transact((tx): PatchResult<T> => {
    const v = new Validator();
    const stamp = toIsoDateTime(ctx.now());
    const existing = [...tx.all<T>(kind.collection)];
    const added: T[] = [];
    const updated = new Map<string, T>();
    // The item index of each value whose name this patch sets, for the uniqueness check below.
    const named: Array<{ index: number; value: T }> = [];
    items.forEach((item, i) => {
      const at = `items[${i}]`;
      const description = v.patchedText(`${at}.description`, item.description, MAX_LONG_TEXT);
      if (item.id === null || item.id === undefined) {
        const name = v.requiredText(`${at}.name`, item.name);
        const extra = kind.extra ? kind.extra(v, tx, item, at) : {};
        if (name === undefined || !extra) return;
        const value = {
          ...extra,
          id: newId(),
          name,
          description: description ?? null,
          isActive: item.isActive ?? true,
          createdAt: stamp,
          updatedAt: stamp,
        } as T;
        added.push(value);
        named.push({ index: i, value });
        return;
      }
      const current = tx.get<T>(kind.collection, item.id);
      if (!current) {
        v.fail(`${at}.id`, `No ${kind.what} exists with id "${item.id}".`);
        return;
      }
      if (updated.has(current.id)) {
        v.fail(`${at}.id`, `The ${kind.what} "${current.id}" is given more than once.`);
        return;
      }
      const next: T = { ...current, updatedAt: stamp };
      if (item.name !== undefined) {
        const name = v.requiredText(`${at}.name`, item.name);
        if (name !== undefined) next.name = name;
      }
      if (description !== undefined) next.description = description;
      if (item.isActive !== null && item.isActive !== undefined) next.isActive = item.isActive;
      if (kind.extra) Object.assign(next, kind.extra(v, tx, item, at, current) ?? {});
      updated.set(current.id, next);
      if (item.name !== undefined || item.outcomeId !== undefined) named.push({ index: i, value: next });
    });
    // Names are checked against the values as they will be after this patch.
    const after = [...existing.map((e) => updated.get(e.id) ?? e), ...added];
    const scope = kind.sameScope ?? (() => true);
    for (const { index, value } of named) {
      const clash = after.some(
        (other) =>
          other.id !== value.id &&
          scope(other, value) &&
          other.name.toLowerCase() === value.name.toLowerCase(),
      );
      if (clash)
        v.fail(
          `items[${index}].name`,
          `${/^[aeiou]/i.test(kind.what) ? 'An' : 'A'} ${kind.what} named "${value.name}" already exists.`,
        );
    }
    if (!v.ok) return { validationErrors: v.errors, addItems: [], updateItems: [] };
    for (const value of added) {
      tx.put(kind.collection, value);
      kind.onAdd?.(tx, value, stamp);
    }
    for (const value of updated.values()) tx.put(kind.collection, value);
    return { validationErrors: [], addItems: added, updateItems: [...updated.values()] };
  });
}

/** `patchOpportunityType`; a new type gets a stage template with the default stages. */
export function patchOpportunityType(_: unknown, args: MutationPatchOpportunityTypeArgs, ctx: Ctx) {
  return patchLookup<LookupRecord>(ctx, args.input.items, {
    collection: OPPORTUNITY_TYPES,
    what: 'opportunity type',
    onAdd: (tx, type, stamp) => {
      const stages = DEFAULT_STAGE_NAMES.map((stageName, i) => ({ stageOrder: i + 1, stageName }));
      tx.put(STAGE_TEMPLATES, {
        id: type.id,
        stages,
        createdAt: stamp,
        updatedAt: stamp,
      } satisfies StageTemplateRecord);
    },
  });
}

/** `patchOpportunityOriginationSource`. */
export function patchOpportunityOriginationSource(
  _: unknown,
  args: MutationPatchOpportunityOriginationSourceArgs,
  ctx: Ctx,
) {
  return patchLookup<LookupRecord>(ctx, args.input.items, {
    collection: ORIGINATION_SOURCES,
    what: 'origination source',
  });
}

/** `patchOpportunityOutcomeReason`: a reason belongs to an outcome; names are unique per outcome. */
export function patchOpportunityOutcomeReason(
  _: unknown,
  args: MutationPatchOpportunityOutcomeReasonArgs,
  ctx: Ctx,
) {
  return patchLookup<OutcomeReasonRecord>(ctx, args.input.items, {
    collection: OUTCOME_REASONS,
    what: 'outcome reason',
    extra: (v, tx, item, at, current) => {
      if (item.outcomeId === undefined && current) return {};
      if (!item.outcomeId) {
        v.fail(`${at}.outcomeId`, `${at}.outcomeId is required: every outcome reason belongs to an outcome.`);
        return undefined;
      }
      if (!tx.has(OUTCOMES, item.outcomeId)) {
        v.fail(`${at}.outcomeId`, `No opportunity outcome exists with id "${item.outcomeId}".`);
        return undefined;
      }
      return { outcomeId: item.outcomeId };
    },
    sameScope: (a, b) => a.outcomeId === b.outcomeId,
  });
}

/**
 * `updateOpportunityStageTemplates`: replaces the stages of the template of an opportunity type
 * (the template id is the type id). Stage orders are unique; the stage instances of the type's
 * opportunities show the new names, and an opportunity whose current stage is renamed records
 * CurrentStageChanged (§6: the view reports changes of currentStage).
 */
export async function updateOpportunityStageTemplates(
  _: unknown,
  args: MutationUpdateOpportunityStageTemplatesArgs,
  ctx: Ctx,
) {
  const { id, stageTemplates } = args.input;
  const errors = await ctx.store.transact((tx) => {
    const v = new Validator();
    const template = tx.get<StageTemplateRecord>(STAGE_TEMPLATES, id);
    if (!tx.has(OPPORTUNITY_TYPES, id))
      v.fail('id', `No opportunity type (stage template) exists with id "${id}".`);
    if (stageTemplates.length === 0)
      v.fail('stageTemplates', 'stageTemplates must contain at least one stage.');
    const stages: TemplateStage[] = [];
    stageTemplates.forEach((stage, i) => {
      const at = `stageTemplates[${i}]`;
      const order = v.range(`${at}.stageOrder`, stage.stageOrder, 1, 1000);
      const name = v.requiredText(`${at}.stageName`, stage.stageName);
      if (order === undefined || name === undefined) return;
      if (stages.some((s) => s.stageOrder === order)) {
        v.fail(`${at}.stageOrder`, `The stage order ${order} is given more than once.`);
      } else stages.push({ stageOrder: order, stageName: name });
    });
    if (!v.ok) return v.errors;

    const opportunities = tx.lookup<OpportunityRecord>(OPPORTUNITIES_BY_TYPE, id);
    const before = new Map(opportunities.map((o) => [o.id, trackedValues(tx, o)]));
    const stamp = toIsoDateTime(ctx.now());
    tx.put(STAGE_TEMPLATES, {
      id,
      stages: stages.sort((a, b) => a.stageOrder - b.stageOrder),
      createdAt: template?.createdAt ?? stamp,
      updatedAt: stamp,
    } satisfies StageTemplateRecord);
    const events: NewEvent[] = opportunities.flatMap((o) =>
      before.get(o.id)?.currentStage === currentStageKey(tx, o)
        ? []
        : changeEvents(o.id, before.get(o.id) ?? trackedValues(tx, undefined), trackedValues(tx, o)),
    );
    recordEvents(tx, ctx, events);
    return [];
  });
  return errors.length > 0 ? { id: null, validationErrors: errors } : { id, validationErrors: [] };
}
