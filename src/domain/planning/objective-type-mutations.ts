import type { MutationPatchObjectiveTypeArgs } from '../../contract/types.generated.js';
import type { RequestContext } from '../area.js';
import type { ValidationError } from '../shared/errors.js';
import { newId, toIsoDateTime } from '../shared/time.js';
import { MAX_LONG_TEXT, Validator } from '../shared/validation.js';
import { OBJECTIVE_TYPES, OBJECTIVE_TYPES_BY_NAME, type ObjectiveTypeRecord } from './model.js';

// Resolvers open alike here (parent, args, ctx; a transaction; a Validator): the resolver form, not shared logic.

/** `{ validationErrors, addItems, updateItems }` of `patchObjectiveType`. */
interface PatchResult {
  validationErrors: ValidationError[];
  addItems: ObjectiveTypeRecord[];
  updateItems: ObjectiveTypeRecord[];
}

/**
 * `patchObjectiveType`: items without `id` are added (name required), items with `id` update the
 * given fields of that type. Names are unique, case-insensitively, across stored and patched types.
 * Every failure is reported per item (`items[i].name`, `items[i].id`) and nothing is written.
 */
export async function patchObjectiveType(
  _: unknown,
  { input }: MutationPatchObjectiveTypeArgs,
  ctx: RequestContext,
): Promise<PatchResult> {
  return ctx.store.transact((tx) => {
    const v = new Validator();
    const now = toIsoDateTime(ctx.now());
    const added: ObjectiveTypeRecord[] = [];
    const updated: ObjectiveTypeRecord[] = [];
    const touched = new Set<string>();
    // Items whose name is new (added or renamed), checked for clashes once every item is known.
    const named: Array<{ path: string; type: ObjectiveTypeRecord }> = [];
    (input.items ?? []).forEach((item, i) => {
      const path = `items[${i}]`;
      const description = v.patchedText(`${path}.description`, item.description, MAX_LONG_TEXT);
      if (item.id === null || item.id === undefined) {
        const name = v.requiredText(`${path}.name`, item.name);
        const type: ObjectiveTypeRecord = {
          id: newId(),
          name: name ?? '',
          description: description ?? null,
          isActive: item.isActive ?? true,
          createdAt: now,
          updatedAt: now,
        };
        added.push(type);
        if (name !== undefined) named.push({ path, type });
        return;
      }
      const existing = tx.get<ObjectiveTypeRecord>(OBJECTIVE_TYPES, item.id);
      if (!existing) {
        v.fail(`${path}.id`, `No objective type exists with id "${item.id}".`);
        return;
      }
      if (touched.has(existing.id)) {
        v.fail(`${path}.id`, `The objective type "${item.id}" appears more than once.`);
        return;
      }
      touched.add(existing.id);
      const name =
        item.name === undefined
          ? existing.name
          : (v.requiredText(`${path}.name`, item.name) ?? existing.name);
      const type: ObjectiveTypeRecord = {
        ...existing,
        name,
        description: description === undefined ? existing.description : description,
        isActive: item.isActive ?? existing.isActive,
        updatedAt: now,
      };
      updated.push(type);
      if (name.toLowerCase() !== existing.name.toLowerCase()) named.push({ path, type });
    });
    const patched = new Map([...added, ...updated].map((t) => [t.id, t]));
    const seen = new Set<string>();
    for (const { path, type } of named) {
      const key = type.name.toLowerCase();
      // A stored type keeps the name unless this request renames it.
      const clash = tx
        .lookup<ObjectiveTypeRecord>(OBJECTIVE_TYPES_BY_NAME, key)
        .some((t) => t.id !== type.id && (patched.get(t.id)?.name ?? t.name).toLowerCase() === key);
      if (clash || seen.has(key)) {
        v.fail(`${path}.name`, `An objective type named "${type.name}" already exists.`);
      }
      seen.add(key);
    }
    if (!v.ok) return { validationErrors: v.errors, addItems: [], updateItems: [] };
    for (const type of [...added, ...updated]) tx.put(OBJECTIVE_TYPES, type);
    return {
      validationErrors: [],
      addItems: added.map((t) => tx.get<ObjectiveTypeRecord>(OBJECTIVE_TYPES, t.id) ?? t),
      updateItems: updated.map((t) => tx.get<ObjectiveTypeRecord>(OBJECTIVE_TYPES, t.id) ?? t),
    };
  });
}
