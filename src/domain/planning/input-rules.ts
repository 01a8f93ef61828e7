import { checkLocations } from '../settings/locations.js';
import type {
  AddObjectiveInput,
  InputMaybe,
  MeasurementOfSuccessInput,
  PlanningTagInput,
} from '../../contract/types.generated.js';
import type { StoreReader } from '../../store/index.js';
import { CURRENCIES_BY_CODE, INDUSTRIES, PRACTICE_GROUPS } from '../settings/model.js';
import { MAX_LONG_TEXT, type Validator } from '../shared/validation.js';
import {
  OBJECTIVE_TYPES,
  type MeasurementRecord,
  type ObjectiveTypeRecord,
  type PlanningItemRecord,
  type TagRecord,
} from './model.js';
import { findCompany, findFirmUser } from './rules.js';

/** The optional fields objectives and initiatives share in their add and update inputs. */
export type PlanningFieldsInput = Omit<AddObjectiveInput, 'name'> & { name?: InputMaybe<string> };

/** The stored fields those inputs set. */
export type PlanningFields = Pick<
  PlanningItemRecord,
  | 'name'
  | 'description'
  | 'startDate'
  | 'endDate'
  | 'companyIds'
  | 'involvedUserIds'
  | 'locations'
  | 'tags'
  | 'industryIds'
  | 'practiceGroupIds'
  | 'objectiveTypeIds'
  | 'keyClient'
  | 'measurementOfSuccess'
>;

const MEASUREMENT_TYPES = ['Currency', 'Number', 'Percentage'] as const;
const NUMBER_TYPES = ['Integer', 'Decimal'] as const;
const MAX_VALUE = 1e15;

/** The canonical spelling of `value` among `options`, matched case-insensitively. */
function canonical(options: readonly string[], value: string): string | undefined {
  const lower = value.toLowerCase();
  return options.find((o) => o.toLowerCase() === lower);
}

function has(collection: string, store: StoreReader): (id: string) => boolean {
  return (id) => store.has(collection, id);
}

/** Tags: type and display name required; repeated tags are kept once. */
function checkTags(v: Validator, tags: ReadonlyArray<InputMaybe<PlanningTagInput>>): TagRecord[] {
  const out: TagRecord[] = [];
  tags.forEach((tag, i) => {
    if (!tag) return;
    const type = v.requiredText(`tags[${i}].type`, tag.type);
    const displayName = v.requiredText(`tags[${i}].displayName`, tag.displayName);
    if (type === undefined || displayName === undefined) return;
    if (!out.some((t) => t.type === type && t.displayName === displayName)) out.push({ type, displayName });
  });
  return out;
}

/** The measurement of success; `id` keeps the measurement's identity across updates. */
function checkMeasurement(
  v: Validator,
  store: StoreReader,
  input: MeasurementOfSuccessInput,
  id: string,
): MeasurementRecord | null {
  const p = 'measurementOfSuccess';
  const description = v.optionalText(`${p}.description`, input.description, MAX_LONG_TEXT) ?? null;
  const typeText = v.requiredText(`${p}.measurementType`, input.measurementType);
  const measurementType = typeText === undefined ? undefined : canonical(MEASUREMENT_TYPES, typeText);
  if (typeText !== undefined && measurementType === undefined) {
    v.fail(`${p}.measurementType`, `${p}.measurementType must be one of ${MEASUREMENT_TYPES.join(', ')}.`);
  }
  let currencyType: string | null = null;
  const currencyText = v.optionalText(`${p}.currencyType`, input.currencyType);
  if (measurementType === 'Currency') {
    if (currencyText === undefined) {
      v.fail(`${p}.currencyType`, `${p}.currencyType is required when measurementType is Currency.`);
    } else if (store.lookup(CURRENCIES_BY_CODE, currencyText.toUpperCase()).length === 0) {
      v.fail(`${p}.currencyType`, `"${currencyText}" is not a known ISO 4217 currency code.`);
    } else {
      currencyType = currencyText.toUpperCase();
    }
  } else if (currencyText !== undefined && measurementType !== undefined) {
    v.fail(`${p}.currencyType`, `${p}.currencyType applies only when measurementType is Currency.`);
  }
  let numberType: string | null = null;
  const numberText = v.optionalText(`${p}.numberType`, input.numberType);
  if (measurementType === 'Number') {
    numberType = numberText === undefined ? 'Integer' : (canonical(NUMBER_TYPES, numberText) ?? null);
    if (numberType === null) {
      v.fail(`${p}.numberType`, `${p}.numberType must be one of ${NUMBER_TYPES.join(', ')}.`);
    }
  } else if (numberText !== undefined && measurementType !== undefined) {
    v.fail(`${p}.numberType`, `${p}.numberType applies only when measurementType is Number.`);
  }
  const value = (name: 'targetValue' | 'actualValue'): number | null => {
    const n = v.range(`${p}.${name}`, input[name], 0, MAX_VALUE);
    if (n !== undefined && numberType === 'Integer' && !Number.isInteger(n)) {
      v.fail(`${p}.${name}`, `${p}.${name} must be a whole number when numberType is Integer.`);
    }
    return n ?? null;
  };
  const targetValue = value('targetValue');
  const actualValue = value('actualValue');
  if (measurementType === undefined) return null;
  return { id, description, measurementType, currencyType, targetValue, actualValue, numberType };
}

/** Objective type ids: existing, and active unless the record already carries them. */
function checkObjectiveTypes(
  v: Validator,
  store: StoreReader,
  ids: ReadonlyArray<string | null | undefined>,
  kept: readonly string[],
): string[] {
  const out: string[] = [];
  ids.forEach((id, i) => {
    if (id === null || id === undefined) return;
    const type = store.get<ObjectiveTypeRecord>(OBJECTIVE_TYPES, id);
    if (!type) v.fail(`objectiveTypeIds[${i}]`, `No objective type exists with id "${id}".`);
    else if (!type.isActive && !kept.includes(id)) {
      v.fail(`objectiveTypeIds[${i}]`, `The objective type "${type.name}" is inactive.`);
    } else if (!out.includes(id)) out.push(id);
  });
  return out;
}

/**
 * Checks the shared fields of an add (`existing` undefined: name required, defaults for the rest) or an
 * update (omitted fields keep their value, given lists replace, explicit null clears). Returns the
 * merged fields; only meaningful when the validator is still ok.
 */
export function checkPlanningFields(
  v: Validator,
  store: StoreReader,
  input: PlanningFieldsInput,
  existing: PlanningItemRecord | undefined,
  newMeasurementId: () => string,
): PlanningFields {
  const keep = <K extends keyof PlanningFields>(key: K, fallback: PlanningFields[K]): PlanningFields[K] =>
    existing ? existing[key] : fallback;

  let name = keep('name', '');
  if (!existing || input.name !== undefined) name = v.requiredText('name', input.name) ?? name;
  const description =
    input.description === undefined
      ? keep('description', null)
      : (v.optionalText('description', input.description, MAX_LONG_TEXT) ?? null);
  const startDate = input.startDate === undefined ? keep('startDate', null) : (input.startDate ?? null);
  const endDate = input.endDate === undefined ? keep('endDate', null) : (input.endDate ?? null);
  if (startDate !== null && endDate !== null && endDate < startDate) {
    v.fail('endDate', `endDate (${endDate}) must not be before startDate (${startDate}).`);
  }
  const list = <K extends 'companyIds' | 'involvedUserIds' | 'industryIds' | 'practiceGroupIds'>(
    key: K,
    exists: (id: string) => boolean,
    what: string,
  ): string[] => {
    const given = input[key];
    if (given === undefined) return keep(key, []);
    return v.references(key, given === null ? null : given.map((id) => id ?? null), exists, what);
  };
  const companyIds = list('companyIds', (id) => findCompany(store, id) !== undefined, 'company');
  const involvedUserIds = list('involvedUserIds', (id) => findFirmUser(store, id) !== undefined, 'firm user');
  const industryIds = list('industryIds', has(INDUSTRIES, store), 'industry');
  const practiceGroupIds = list('practiceGroupIds', has(PRACTICE_GROUPS, store), 'practice group');
  const objectiveTypeIds =
    input.objectiveTypeIds === undefined
      ? keep('objectiveTypeIds', [])
      : checkObjectiveTypes(v, store, input.objectiveTypeIds ?? [], existing?.objectiveTypeIds ?? []);
  const locations =
    input.locations === undefined
      ? keep('locations', [])
      : checkLocations(v, store, 'locations', input.locations ?? []);
  const tags = input.tags === undefined ? keep('tags', []) : checkTags(v, input.tags ?? []);
  const keyClient = input.keyClient === undefined ? keep('keyClient', false) : input.keyClient === true;
  let measurementOfSuccess = keep('measurementOfSuccess', null);
  if (input.measurementOfSuccess === null) measurementOfSuccess = null;
  else if (input.measurementOfSuccess !== undefined) {
    const id = existing?.measurementOfSuccess?.id ?? newMeasurementId();
    measurementOfSuccess = checkMeasurement(v, store, input.measurementOfSuccess, id);
  }
  return {
    name,
    description,
    startDate,
    endDate,
    companyIds,
    involvedUserIds,
    locations,
    tags,
    industryIds,
    practiceGroupIds,
    objectiveTypeIds,
    keyClient,
    measurementOfSuccess,
  };
}
