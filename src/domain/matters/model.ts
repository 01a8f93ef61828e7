import type { Entity } from '../../store/index.js';

/** Store collections of the matters area; the opportunities area reads `matters` (`id`, `name`, `number`). */
export const MATTERS = 'matters';
export const MATTER_FINANCIALS = 'matterFinancials';
/** Look-up options of matters, matched by text in `addMatter`. */
export const MATTER_PRACTICE_GROUPS = 'matterPracticeGroups';
export const MATTER_TYPES = 'matterTypes';
export const MATTER_OFFICES = 'matterOffices';

/** Index: matters by lower-cased number (numbers are unique). */
export const MATTERS_BY_NUMBER = 'matters.byNumber';
/** Index: financials by `matterId`. */
export const FINANCIALS_BY_MATTER = 'matterFinancials.byMatter';
/** Indexes of the look-up options by lower-cased name. */
export const PRACTICE_GROUPS_BY_NAME = 'matterPracticeGroups.byName';
export const MATTER_TYPES_BY_NAME = 'matterTypes.byName';
export const OFFICES_BY_NAME = 'matterOffices.byName';
// Name constants of collections and indexes: every area's model.ts lists its own, alike in shape only.

/** A matter. */
export interface MatterRecord extends Entity {
  id: string;
  name: string;
  number: string;
  /** The client, a Company contact id. */
  clientId: string | null;
  description: string | null;
  status: string;
  practiceGroupId: string | null;
  matterTypeId: string | null;
  officeId: string | null;
  /** `YYYY-MM-DD`. */
  openDate: string | null;
  closeDate: string | null;
  /** ISO date-times. */
  createdAt: string;
  updatedAt: string;
}

/** Financial data of one matter in one period. */
export interface MatterFinancialRecord extends Entity {
  id: string;
  matterId: string;
  /** `YYYY-MM-DD`, inclusive. */
  periodStart: string;
  periodEnd: string;
  /** ISO 4217 code. */
  currency: string | null;
  hoursWorked: number | null;
  amountWorked: number | null;
  amountBilled: number | null;
  amountCollected: number | null;
  createdAt: string;
  updatedAt: string;
}

/** A look-up option of matters (practice group, matter type or office). */
export interface MatterOptionRecord extends Entity {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

/** The three look-up fields of `AddMatterInput`, their collections and name indexes. */
export const MATTER_LOOKUPS = [
  { field: 'practiceGroup', collection: MATTER_PRACTICE_GROUPS, index: PRACTICE_GROUPS_BY_NAME },
  { field: 'matterType', collection: MATTER_TYPES, index: MATTER_TYPES_BY_NAME },
  { field: 'office', collection: MATTER_OFFICES, index: OFFICES_BY_NAME },
] as const;
