import type {
  AddAdditionalFieldDefinitionInput,
  AdditionalFieldDefinitionInputType,
} from '../../contract/types.generated.js';
import type { StoreReader } from '../../store/index.js';
import { isIsoDate } from '../../contract/scalars.js';
import { MAX_LONG_TEXT, MAX_TEXT, type Validator } from '../shared/validation.js';
import { DEFINITIONS_BY_LIST, type FieldDefinitionRecord, type ListRecord } from './model.js';
import { effectivePermissions, findList } from './rules.js';
import { findContact } from '../contacts/model.js';

/** Display names of the data types. */
export const DATA_TYPE_DISPLAY_NAMES: Record<AdditionalFieldDefinitionInputType, string> = {
  text: 'Text',
  date: 'Date',
  decimal: 'Decimal Number',
  integer: 'Whole Number',
  list: 'Pick List',
  boolean: 'Yes/No',
  user: 'User',
};

/** The typed option inputs and the one data type each belongs to. */
const TYPED_OPTIONS = {
  stringInput: 'text',
  decimalInput: 'decimal',
  integerInput: 'integer',
  listInput: 'list',
  booleanInput: 'boolean',
  userInput: 'user',
} as const satisfies Record<string, AdditionalFieldDefinitionInputType>;

/** Separator of several values of a list field that allows multiple values. */
export const MULTI_VALUE_SEPARATOR = ';';

/** The type-specific part of a definition. */
type TypedPart = Pick<
  FieldDefinitionRecord,
  | 'listDataType'
  | 'booleanDataTypeTrueValue'
  | 'booleanDataTypeFalseValue'
  | 'numericDataTypeMaxValue'
  | 'numericDataTypeMinValue'
  | 'decimalDataTypePrecision'
  | 'stringDataTypeMaxLength'
  | 'stringDataTypeMultiLine'
  | 'userDataTypeUserProfessional'
  | 'userDataTypeUserActive'
>;

const NO_OPTIONS: TypedPart = {
  listDataType: null,
  booleanDataTypeTrueValue: null,
  booleanDataTypeFalseValue: null,
  numericDataTypeMaxValue: null,
  numericDataTypeMinValue: null,
  decimalDataTypePrecision: null,
  stringDataTypeMaxLength: null,
  stringDataTypeMultiLine: null,
  userDataTypeUserProfessional: null,
  userDataTypeUserActive: null,
};

/** Whether another definition of the list already has this name (names identify fields to users). */
export function nameTaken(store: StoreReader, listId: string, name: string, exceptId?: string): boolean {
  const lower = name.toLocaleLowerCase('en');
  return store
    .lookup<FieldDefinitionRecord>(DEFINITIONS_BY_LIST, listId)
    .some((d) => d.id !== exceptId && d.name.toLocaleLowerCase('en') === lower);
}

/**
 * Checks list options (`listInput`): at least one, each non-empty and given once. Returns the trimmed
 * options, or undefined after recording failures.
 */
export function checkListOptions(
  v: Validator,
  options: ReadonlyArray<string | null | undefined> | null | undefined,
): string[] | undefined {
  const before = v.errors.length;
  const out: string[] = [];
  (options ?? []).forEach((option, i) => {
    const text = v.requiredText(`listInput[${i}]`, option);
    if (text === undefined) return;
    if (text.includes(MULTI_VALUE_SEPARATOR)) {
      v.fail(`listInput[${i}]`, `listInput[${i}] must not contain "${MULTI_VALUE_SEPARATOR}".`);
    } else if (out.some((o) => o.toLocaleLowerCase('en') === text.toLocaleLowerCase('en'))) {
      v.fail(`listInput[${i}]`, `The option "${text}" is given more than once.`);
    } else out.push(text);
  });
  if (out.length === 0 && v.errors.length === before) {
    v.fail('listInput', 'A list field needs at least one option in listInput.');
  }
  return v.errors.length === before ? out : undefined;
}

function typedPart(v: Validator, input: AddAdditionalFieldDefinitionInput): TypedPart {
  switch (input.type) {
    case 'text': {
      const maxLength = v.range('stringInput.maxLength', input.stringInput?.maxLength, 1, MAX_LONG_TEXT);
      return {
        ...NO_OPTIONS,
        stringDataTypeMaxLength: maxLength ?? MAX_TEXT,
        stringDataTypeMultiLine: input.stringInput?.multiLine ?? false,
      };
    }
    case 'decimal': {
      const min = input.decimalInput?.minValue ?? null;
      const max = input.decimalInput?.maxValue ?? null;
      if (min !== null && max !== null && min > max) {
        v.fail('decimalInput.minValue', 'decimalInput.minValue must not be greater than maxValue.');
      }
      const precision = v.range('decimalInput.precision', input.decimalInput?.precision, 0, 10);
      return {
        ...NO_OPTIONS,
        numericDataTypeMinValue: min,
        numericDataTypeMaxValue: max,
        decimalDataTypePrecision: precision ?? 2,
      };
    }
    case 'integer': {
      const min = input.integerInput?.minValue ?? null;
      const max = input.integerInput?.maxValue ?? null;
      if (min !== null && max !== null && min > max) {
        v.fail('integerInput.minValue', 'integerInput.minValue must not be greater than maxValue.');
      }
      return { ...NO_OPTIONS, numericDataTypeMinValue: min, numericDataTypeMaxValue: max };
    }
    case 'list':
      return { ...NO_OPTIONS, listDataType: checkListOptions(v, input.listInput) ?? [] };
    case 'boolean': {
      const trueValue = v.optionalText('booleanInput.trueValue', input.booleanInput?.trueValue) ?? 'Yes';
      const falseValue = v.optionalText('booleanInput.falseValue', input.booleanInput?.falseValue) ?? 'No';
      if (trueValue.toLocaleLowerCase('en') === falseValue.toLocaleLowerCase('en')) {
        v.fail('booleanInput.falseValue', 'booleanInput.trueValue and falseValue must differ.');
      }
      return { ...NO_OPTIONS, booleanDataTypeTrueValue: trueValue, booleanDataTypeFalseValue: falseValue };
    }
    case 'user':
      return {
        ...NO_OPTIONS,
        userDataTypeUserProfessional: input.userInput?.professionalOnly ?? false,
        userDataTypeUserActive: input.userInput?.activeOnly ?? false,
      };
    case 'date':
      return NO_OPTIONS;
  }
}

/**
 * Validates an `AddAdditionalFieldDefinitionInput` (§2.4, A-37) and returns the definition with `id`, or
 * undefined when anything failed. The list must exist, not be archived, and allow additions (`addAllowed`,
 * §5.3).
 */
export function checkNewDefinition(
  v: Validator,
  store: StoreReader,
  input: AddAdditionalFieldDefinitionInput,
  id: string,
): FieldDefinitionRecord | undefined {
  const list = checkFieldList(v, store, input.listId);
  const name = v.requiredText('name', input.name);
  if (list && name !== undefined && nameTaken(store, list.id, name)) {
    v.fail('name', `List "${list.name}" already has a field named "${name}".`);
  }
  const description = v.optionalText('description', input.description, MAX_LONG_TEXT);
  const allowsSecondaryField = input.allowSecondaryField ?? false;
  const secondaryFieldName = v.optionalText('secondaryFieldName', input.secondaryFieldName);
  if (allowsSecondaryField && secondaryFieldName === undefined) {
    v.fail('secondaryFieldName', 'secondaryFieldName is required when allowSecondaryField is true.');
  }
  if (!allowsSecondaryField && secondaryFieldName !== undefined) {
    v.fail('secondaryFieldName', 'secondaryFieldName applies only when allowSecondaryField is true.');
  }
  const allowsMultipleValues = input.allowMultipleValues ?? false;
  if (allowsMultipleValues && input.type !== 'list') {
    v.fail('allowMultipleValues', 'Only list fields can hold multiple values.');
  }
  for (const [option, type] of Object.entries(TYPED_OPTIONS)) {
    const given = input[option as keyof typeof TYPED_OPTIONS];
    if (given !== null && given !== undefined && type !== input.type) {
      v.fail(option, `${option} applies only to fields of type ${type}, not ${input.type}.`);
    }
  }
  const typed = typedPart(v, input);
  if (!v.ok || !list || name === undefined) return undefined;
  return {
    id,
    listId: list.id,
    name,
    description: description ?? null,
    dataTypeDisplayName: DATA_TYPE_DISPLAY_NAMES[input.type],
    fieldDataType: input.type,
    allowsSecondaryField,
    secondaryFieldName: secondaryFieldName ?? null,
    allowsMultipleValues,
    ...typed,
  };
}

/** The list of a definition being added: it exists, is not archived and allows additions. */
export function checkFieldList(
  v: Validator,
  store: StoreReader,
  listId: string | null | undefined,
): ListRecord | undefined {
  const list = findList(store, listId);
  if (!list) {
    v.fail('listId', `No list exists with id "${listId ?? ''}".`);
    return undefined;
  }
  if (list.archived) {
    v.fail('listId', `List "${list.name}" is archived and cannot be changed.`);
    return undefined;
  }
  if (!effectivePermissions(list).addAllowed) {
    v.fail('listId', `You are not allowed to add fields to list "${list.name}".`);
    return undefined;
  }
  return list;
}

/** A value as stored, or why it is refused (the `failureReason` of §7.3). */
export type ValueCheck =
  { ok: true; value: string; secondaryValue: string | null } | { ok: false; reason: string };

const DECIMAL = /^-?\d+(\.\d+)?$/;
const INTEGER = /^-?\d+$/;

/**
 * Checks one member value against its definition. Values are text on the wire: dates as
 * `YYYY-MM-DD`, numbers in plain decimal notation, booleans as the definition's true/false value (or
 * `true`/`false`), users as the id of a firm employee, list options by name (several separated by ";" when
 * the field allows multiple values).
 */
export function checkValue(
  store: StoreReader,
  def: FieldDefinitionRecord,
  rawValue: string,
  rawSecondary: string | null | undefined,
): ValueCheck {
  const value = rawValue.trim();
  const secondary = rawSecondary?.trim() || null;
  if (secondary !== null && !def.allowsSecondaryField) {
    return { ok: false, reason: `Field "${def.name}" has no secondary field.` };
  }
  if (secondary !== null && secondary.length > MAX_TEXT) {
    return { ok: false, reason: `The secondary value must be at most ${MAX_TEXT} characters long.` };
  }
  const fail = (reason: string): ValueCheck => ({ ok: false, reason });
  const ok = (v: string): ValueCheck => ({ ok: true, value: v, secondaryValue: secondary });
  switch (def.fieldDataType) {
    case 'text': {
      const max = def.stringDataTypeMaxLength ?? MAX_TEXT;
      if (value.length > max) return fail(`The value must be at most ${max} characters long.`);
      if (!def.stringDataTypeMultiLine && /[\r\n]/.test(value)) {
        return fail(`Field "${def.name}" takes a single line of text.`);
      }
      return ok(value);
    }
    case 'date':
      return isIsoDate(value) ? ok(value) : fail('The value must be a date in the format YYYY-MM-DD.');
    case 'integer':
    case 'decimal': {
      const pattern = def.fieldDataType === 'integer' ? INTEGER : DECIMAL;
      if (!pattern.test(value)) return fail(`The value must be ${article(def.fieldDataType)} number.`);
      const n = Number(value);
      const decimals = value.split('.')[1]?.length ?? 0;
      if (def.decimalDataTypePrecision !== null && decimals > def.decimalDataTypePrecision) {
        return fail(`The value may have at most ${def.decimalDataTypePrecision} decimal places.`);
      }
      if (def.numericDataTypeMinValue !== null && n < def.numericDataTypeMinValue) {
        return fail(`The value must be at least ${def.numericDataTypeMinValue}.`);
      }
      if (def.numericDataTypeMaxValue !== null && n > def.numericDataTypeMaxValue) {
        return fail(`The value must be at most ${def.numericDataTypeMaxValue}.`);
      }
      return ok(value);
    }
    case 'boolean': {
      const lower = value.toLocaleLowerCase('en');
      const t = def.booleanDataTypeTrueValue ?? 'Yes';
      const f = def.booleanDataTypeFalseValue ?? 'No';
      if (lower === 'true' || lower === t.toLocaleLowerCase('en')) return ok(t);
      if (lower === 'false' || lower === f.toLocaleLowerCase('en')) return ok(f);
      return fail(`The value must be "${t}" or "${f}".`);
    }
    case 'list': {
      const options = def.listDataType ?? [];
      const parts = def.allowsMultipleValues
        ? value.split(MULTI_VALUE_SEPARATOR).map((p) => p.trim())
        : [value];
      const chosen: string[] = [];
      for (const part of parts) {
        const option = options.find((o) => o.toLocaleLowerCase('en') === part.toLocaleLowerCase('en'));
        if (!option) return fail(`"${part}" is not an option of field "${def.name}".`);
        if (!chosen.includes(option)) chosen.push(option);
      }
      return ok(chosen.join(`${MULTI_VALUE_SEPARATOR} `));
    }
    case 'user': {
      const user = findContact(store, value);
      if (!user || user.kind !== 'Person' || !user.isEmployee) {
        return fail('The value must be the id of a user (an employee of the firm).');
      }
      return ok(user.id);
    }
  }
}

function article(type: string): string {
  return type === 'integer' ? 'an integer' : 'a decimal';
}

/** The options of a list field's stored value (several when it allows multiple values). */
export function optionsOfValue(value: string): string[] {
  return value.split(MULTI_VALUE_SEPARATOR).map((p) => p.trim());
}
