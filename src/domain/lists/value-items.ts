import type {
  ListContactAdditionalFieldValueInput,
  UpdateListContactAdditionalFieldInput,
} from '../../contract/types.generated.js';
import type { StoreReader } from '../../store/index.js';
import type { Validator } from '../shared/validation.js';
import { MULTI_VALUE_SEPARATOR, optionsOfValue } from './additional-fields.js';
import { FIELD_DEFINITIONS, type FieldDefinitionRecord, type FieldValueRecord } from './model.js';

/** One value item of an additional field value as `AdditionalFieldValue.valueItems` reports it. */
export interface ValueItem {
  valueId: string;
  value: string;
  qualification: string | null;
  lastEditDate: string;
}

/**
 * The value items of a stored value: one per chosen option of a multi-value list field (id
 * `<value id>.<option index>`, stable while the options stay), otherwise one item with the value's own id.
 */
export function valueItemsOf(def: FieldDefinitionRecord, value: FieldValueRecord): ValueItem[] {
  if (!(def.allowsMultipleValues && def.fieldDataType === 'list')) {
    return [
      {
        valueId: value.id,
        value: value.value,
        qualification: value.secondaryValue,
        lastEditDate: value.updatedAt,
      },
    ];
  }
  const options = def.listDataType ?? [];
  return optionsOfValue(value.value).map((option) => ({
    valueId: `${value.id}.${options.indexOf(option)}`,
    value: option,
    qualification: value.secondaryValue,
    lastEditDate: value.updatedAt,
  }));
}

/** The separator `AdditionalFieldValue.separator` reports: that of multi-value fields, else null. */
export function separatorOf(def: FieldDefinitionRecord): string | null {
  return def.allowsMultipleValues ? `${MULTI_VALUE_SEPARATOR} ` : null;
}

/**
 * The fields an update sets: `fields` and the public client's `additionalFields`, in that order;
 * giving neither (or only empty lists) is a validation failure.
 */
export function fieldsOfUpdate(
  v: Validator,
  input: UpdateListContactAdditionalFieldInput,
): ListContactAdditionalFieldValueInput[] {
  const fields = [...(input.fields ?? []), ...(input.additionalFields ?? [])];
  if (fields.length === 0) v.fail('fields', 'fields must name at least one field.');
  return fields;
}

/**
 * The list an update is about: `listId`, or, when omitted (the public client sends none, A-76), the list
 * of the first field that exists; fields of other lists then fail one by one as usual.
 */
export function listIdOfUpdate(
  store: StoreReader,
  input: UpdateListContactAdditionalFieldInput,
  fields: readonly ListContactAdditionalFieldValueInput[],
): string | undefined {
  if (input.listId) return input.listId;
  for (const field of fields) {
    const def = store.get<FieldDefinitionRecord>(FIELD_DEFINITIONS, field.fieldId);
    if (def) return def.listId;
  }
  return undefined;
}

/**
 * The value to store for one input field given what is stored: a `valueId` must name the stored
 * value or one of its items; an item id of a multi-value field replaces (or, with an empty value, drops)
 * that one option and keeps the others. `fieldDataType`, when given, must be the field's data type.
 * Returns the value to check and store, or the reason the field fails.
 */
export function valueToStore(
  def: FieldDefinitionRecord,
  field: ListContactAdditionalFieldValueInput,
  existing: FieldValueRecord | undefined,
): { value: string | null | undefined } | { reason: string } {
  if (field.fieldDataType && field.fieldDataType.toLowerCase() !== def.fieldDataType) {
    return { reason: `Field "${def.name}" is of type ${def.fieldDataType}, not ${field.fieldDataType}.` };
  }
  if (!field.valueId) return { value: field.value };
  const item = existing ? valueItemsOf(def, existing).find((i) => i.valueId === field.valueId) : undefined;
  if (!existing || (field.valueId !== existing.id && !item)) {
    return { reason: `Field "${def.name}" has no value with id "${field.valueId}".` };
  }
  if (field.valueId === existing.id) return { value: field.value };
  const replacement = field.value?.trim() ?? '';
  const options = optionsOfValue(existing.value).flatMap((o) =>
    o === item!.value ? (replacement === '' ? [] : [replacement]) : [o],
  );
  return { value: options.join(`${MULTI_VALUE_SEPARATOR} `) };
}

/** An additional field value as `AdditionalFieldValue` reports it. */
export function valueView(def: FieldDefinitionRecord, v: FieldValueRecord) {
  return {
    id: v.id,
    fieldId: v.fieldId,
    fieldName: def.name,
    fieldDisplayName: def.name,
    listId: v.listId,
    contactId: v.contactId,
    dataType: def.fieldDataType,
    format: FORMATS[def.fieldDataType] ?? null,
    separator: separatorOf(def),
    value: v.value,
    secondaryValue: v.secondaryValue,
    valueItems: valueItemsOf(def, v),
  };
}

/** How values of a data type are written; null where the text is free. */
const FORMATS: Partial<Record<FieldDefinitionRecord['fieldDataType'], string>> = {
  date: 'YYYY-MM-DD',
  decimal: 'Decimal',
  integer: 'Integer',
};

/**
 * `AdditionalFieldDefinition.listDataType`: the options of a list field with ids
 * `<field id>.<option index>`; null for other data types.
 */
export function listDataTypeOf(def: FieldDefinitionRecord) {
  if (def.listDataType === null) return null;
  return { options: def.listDataType.map((name, i) => ({ id: `${def.id}.${i}`, name })) };
}
