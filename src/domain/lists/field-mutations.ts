import type {
  MutationAddAdditionalFieldDefinitionArgs,
  MutationEditAdditionalFieldDefinitionArgs,
  MutationRemoveAdditionalFieldDefinitionArgs,
  MutationUpdateListContactAdditionalFieldsArgs,
} from '../../contract/types.generated.js';
import type { StoreReader } from '../../store/index.js';
import type { RequestContext } from '../area.js';
import { recordEvents } from '../shared/change-events.js';
import { businessRuleError } from '../shared/errors.js';
import { newId, toIsoDateTime } from '../shared/time.js';
import { MAX_LONG_TEXT, Validator } from '../shared/validation.js';
import {
  checkListOptions,
  checkNewDefinition,
  checkValue,
  nameTaken,
  optionsOfValue,
} from './additional-fields.js';
import {
  FIELD_DEFINITIONS,
  FIELD_VALUES,
  LIST_MEMBERS,
  VALUES_BY_CONTACT,
  VALUES_BY_FIELD,
  memberId,
  type FieldDefinitionRecord,
  type FieldValueRecord,
} from './model.js';
import { findList } from './rules.js';
import { fieldsOfUpdate, listIdOfUpdate, valueToStore } from './value-items.js';
import { findContact } from '../contacts/model.js';

// Resolvers open alike here (parent, args, ctx; a transaction; a Validator): the resolver form, not shared logic.

/**
 * `addAdditionalFieldDefinition` (§2.4, A-37): adds a field to a list. The result has no
 * `validationErrors`, so failures (unknown or archived list, `addAllowed` false, options of another type
 * …) are a GraphQL error.
 */
export function addAdditionalFieldDefinition(
  _: unknown,
  args: MutationAddAdditionalFieldDefinitionArgs,
  ctx: RequestContext,
) {
  return ctx.store.transact((tx) => {
    const v = new Validator();
    const def = checkNewDefinition(v, tx, args.input, newId());
    if (!def) throw businessRuleError(v.errors);
    tx.put(FIELD_DEFINITIONS, def);
    recordEvents(tx, ctx, [
      {
        view: 'list',
        eventType: 'ListFieldDefinitionAdded',
        entityId: def.listId,
        data: { fieldId: def.id },
      },
    ]);
    return { success: true, additionalFieldDefinition: def };
  });
}

/** Options of a list field that members' values still use, among those not in `kept`. */
function optionsInUse(store: StoreReader, def: FieldDefinitionRecord, kept: readonly string[]): string[] {
  const keep = new Set(kept.map((o) => o.toLocaleLowerCase('en')));
  const used = new Set<string>();
  for (const value of store.lookup<FieldValueRecord>(VALUES_BY_FIELD, def.id)) {
    for (const option of optionsOfValue(value.value)) {
      if (!keep.has(option.toLocaleLowerCase('en'))) used.add(option);
    }
  }
  return [...used];
}

/**
 * `editAdditionalFieldDefinition` (A-37): changes name, description, secondary field name or (list
 * fields) the options; the data type cannot change. Failures as `success: false` with `resultText`
 * (§7.2), nothing written. Removing an option that members' values still use is refused.
 */
export function editAdditionalFieldDefinition(
  _: unknown,
  args: MutationEditAdditionalFieldDefinitionArgs,
  ctx: RequestContext,
) {
  const input = args.input;
  return ctx.store.transact((tx) => {
    const v = new Validator();
    const def = tx.get<FieldDefinitionRecord>(FIELD_DEFINITIONS, input.id);
    const list = def ? findList(tx, def.listId) : undefined;
    if (!def || !list) v.fail('id', `No additional field definition exists with id "${input.id}".`);
    else if (list.archived) v.fail('id', `List "${list.name}" is archived and cannot be changed.`);
    if (!v.ok || !def) {
      return {
        success: false,
        resultText: v.errors.map((e) => e.message).join(' '),
        additionalFieldDefinition: null,
      };
    }
    const next: FieldDefinitionRecord = { ...def };
    if (input.name !== null && input.name !== undefined) {
      const name = v.requiredText('name', input.name);
      if (name !== undefined && nameTaken(tx, def.listId, name, def.id)) {
        v.fail('name', `List "${list?.name ?? ''}" already has a field named "${name}".`);
      } else if (name !== undefined) next.name = name;
    }
    if (input.description !== undefined) {
      next.description = v.optionalText('description', input.description, MAX_LONG_TEXT) ?? null;
    }
    if (input.secondaryFieldName !== null && input.secondaryFieldName !== undefined) {
      if (!def.allowsSecondaryField) {
        v.fail('secondaryFieldName', `Field "${def.name}" has no secondary field to name.`);
      } else {
        next.secondaryFieldName = v.requiredText('secondaryFieldName', input.secondaryFieldName) ?? null;
      }
    }
    if (input.listInput !== null && input.listInput !== undefined) {
      if (def.fieldDataType !== 'list') {
        v.fail('listInput', `listInput applies only to fields of type list, not ${def.fieldDataType}.`);
      } else {
        const options = checkListOptions(v, input.listInput);
        const inUse = options ? optionsInUse(tx, def, options) : [];
        if (inUse.length > 0) {
          v.fail('listInput', `listInput must keep the options members still use: ${inUse.join(', ')}.`);
        }
        if (options) next.listDataType = options;
      }
    }
    if (!v.ok) {
      return {
        success: false,
        resultText: v.errors.map((e) => e.message).join(' '),
        additionalFieldDefinition: null,
      };
    }
    if (JSON.stringify(next) === JSON.stringify(def)) {
      return { success: true, resultText: 'Nothing to change.', additionalFieldDefinition: def };
    }
    tx.put(FIELD_DEFINITIONS, next);
    recordEvents(tx, ctx, [
      {
        view: 'list',
        eventType: 'ListFieldDefinitionUpdated',
        entityId: def.listId,
        data: { fieldId: def.id },
      },
    ]);
    return {
      success: true,
      resultText: 'The additional field definition was updated.',
      additionalFieldDefinition: next,
    };
  });
}

/**
 * `removeAdditionalFieldDefinition(id)`: removes the definition and every member's value of it; true once
 * done. An unknown id or an archived list is a GraphQL error.
 */
export function removeAdditionalFieldDefinition(
  _: unknown,
  args: MutationRemoveAdditionalFieldDefinitionArgs,
  ctx: RequestContext,
): Promise<boolean> {
  return ctx.store.transact((tx) => {
    const def = tx.get<FieldDefinitionRecord>(FIELD_DEFINITIONS, args.id);
    const list = def ? findList(tx, def.listId) : undefined;
    if (!def || !list) {
      throw businessRuleError([
        { propertyName: 'id', message: `No additional field definition exists with id "${args.id}".` },
      ]);
    }
    if (list.archived) {
      throw businessRuleError([
        { propertyName: 'id', message: `List "${list.name}" is archived and cannot be changed.` },
      ]);
    }
    for (const value of tx.lookup<FieldValueRecord>(VALUES_BY_FIELD, def.id))
      tx.delete(FIELD_VALUES, value.id);
    tx.delete(FIELD_DEFINITIONS, def.id);
    recordEvents(tx, ctx, [
      {
        view: 'list',
        eventType: 'ListFieldDefinitionRemoved',
        entityId: def.listId,
        data: { fieldId: def.id },
      },
    ]);
    return true;
  });
}

/**
 * `updateListContactAdditionalFields`: sets a list member's field values, reporting per field
 * (§7.3). A null or empty value clears the field. A field of another list, a field given twice, or a
 * value its definition refuses fails on its own while the others apply. An unknown or archived list, an
 * unknown contact, a contact that is not a member, or no fields is a GraphQL error.
 */
export function updateListContactAdditionalFields(
  _: unknown,
  args: MutationUpdateListContactAdditionalFieldsArgs,
  ctx: RequestContext,
) {
  const input = args.input;
  return ctx.store.transact((tx) => {
    const v = new Validator();
    const fields = fieldsOfUpdate(v, input);
    const listId = listIdOfUpdate(tx, input, fields);
    const list = listId === undefined ? undefined : findList(tx, listId);
    const contact = findContact(tx, input.contactId);
    if (listId === undefined) {
      if (fields.length > 0) v.fail('listId', 'listId is required when no given field exists.');
    } else if (!list) v.fail('listId', `No list exists with id "${listId}".`);
    else if (list.archived) v.fail('listId', `List "${list.name}" is archived and cannot be changed.`);
    if (!contact) v.fail('contactId', `No contact exists with id "${input.contactId}".`);
    else if (list && !tx.has(LIST_MEMBERS, memberId(list.id, contact.id))) {
      v.fail('contactId', `Contact "${contact.displayName}" is not a member of list "${list.name}".`);
    }
    if (!v.ok || !list || !contact) throw businessRuleError(v.errors);
    const current = new Map(
      tx
        .lookup<FieldValueRecord>(VALUES_BY_CONTACT, contact.id)
        .filter((val) => val.listId === list.id)
        .map((val) => [val.fieldId, val]),
    );
    const seen = new Set<string>();
    const now = toIsoDateTime(ctx.now());
    let changed = false;
    const models = fields.map((field) => {
      const def = tx.get<FieldDefinitionRecord>(FIELD_DEFINITIONS, field.fieldId);
      const fail = (failureReason: string) => ({
        fieldId: field.fieldId,
        valueId: null,
        isSuccessful: false,
        failureReason,
      });
      if (!def || def.listId !== list.id)
        return fail(`List "${list.name}" has no field with id "${field.fieldId}".`);
      if (seen.has(def.id)) return fail(`Field "${def.name}" is given more than once.`);
      seen.add(def.id);
      const existing = current.get(def.id);
      const wanted = valueToStore(def, field, existing);
      if ('reason' in wanted) return fail(wanted.reason);
      if (wanted.value === null || wanted.value === undefined || wanted.value.trim() === '') {
        if (existing) {
          tx.delete(FIELD_VALUES, existing.id);
          changed = true;
        }
        return { fieldId: def.id, valueId: null, isSuccessful: true, failureReason: null };
      }
      const check = checkValue(tx, def, wanted.value, field.secondaryValue);
      if (!check.ok) return fail(check.reason);
      const record: FieldValueRecord = {
        id: existing?.id ?? newId(),
        listId: list.id,
        fieldId: def.id,
        contactId: contact.id,
        value: check.value,
        secondaryValue: check.secondaryValue,
        updatedAt: now,
      };
      if (existing?.value !== record.value || existing.secondaryValue !== record.secondaryValue) {
        tx.put(FIELD_VALUES, record);
        changed = true;
      }
      return { fieldId: def.id, valueId: record.id, isSuccessful: true, failureReason: null };
    });
    if (changed) {
      recordEvents(tx, ctx, [
        { view: 'list', eventType: 'ListUpdated', entityId: list.id, data: { contactId: contact.id } },
      ]);
    }
    return { models };
  });
}
