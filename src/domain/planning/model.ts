import type { Entity } from '../../store/index.js';

/** Store collections of the planning area; the events area reads `objectives` and `initiatives`. */
export const OBJECTIVES = 'objectives';
export const INITIATIVES = 'initiatives';
export const OBJECTIVE_TYPES = 'objectiveTypes';

/** Index: initiatives by `objectiveId`. */
export const INITIATIVES_BY_OBJECTIVE = 'initiatives.byObjective';
/** Index: objective types by lower-cased name (duplicate names are refused). */
export const OBJECTIVE_TYPES_BY_NAME = 'objectiveTypes.byName';
// Name constants of collections and indexes: every area's model.ts lists its own, alike in shape only.

/**
 * Index of the relationships area's `relationships` by both contacts of a relationship, owned by this
 * area: it reads (never writes) them for `InvolvedUser.hasRelationship`.
 */
export const RELATIONSHIPS_BY_CONTACT = 'planning.relationshipsByContact';

/** Status of an objective or initiative. */
export type PlanningStatus = 'open' | 'closed';

/** How success is measured. */
export interface MeasurementRecord {
  id: string;
  description: string | null;
  /** `Currency`, `Number` or `Percentage`. */
  measurementType: string;
  currencyType: string | null;
  targetValue: number | null;
  actualValue: number | null;
  /** `Integer` or `Decimal` when the type is `Number`. */
  numberType: string | null;
}

import type { LocationRecord } from '../settings/locations.js';

export type { LocationRecord };

/** A tag of an objective or initiative. */
export interface TagRecord {
  type: string;
  displayName: string;
}

/** What objectives and initiatives share (§2.5, A-44). */
export interface PlanningItemRecord extends Entity {
  id: string;
  name: string;
  description: string | null;
  /** `YYYY-MM-DD`. */
  startDate: string | null;
  endDate: string | null;
  closedDate: string | null;
  status: PlanningStatus;
  isDeleted: boolean;
  creatorId: string | null;
  /** Display name of the creator when it was created. */
  createdBy: string | null;
  /** Company contact ids. */
  companyIds: string[];
  /** Person contact ids of firm employees. */
  involvedUserIds: string[];
  locations: LocationRecord[];
  tags: TagRecord[];
  industryIds: string[];
  practiceGroupIds: string[];
  objectiveTypeIds: string[];
  keyClient: boolean;
  measurementOfSuccess: MeasurementRecord | null;
  /** ISO date-times. */
  createdAt: string;
  updatedAt: string;
}

/** A business-planning objective. */
export type ObjectiveRecord = PlanningItemRecord;

/** An initiative of an objective. */
export interface InitiativeRecord extends PlanningItemRecord {
  objectiveId: string;
}

/** An objective type (a look-up value, A-46). */
export interface ObjectiveTypeRecord extends Entity {
  id: string;
  name: string;
  description: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The fields of a relationship this area reads, defensively (the relationships area owns them). */
export interface RelationshipRow extends Entity {
  baseContactId?: string;
  relatedContactId?: string;
  relationshipTypeId?: string;
  strengthLevel?: number;
  isPrivate?: boolean;
  isAnonymous?: boolean;
  isFormer?: boolean;
  ownerId?: string;
}

/** The fields of a relationship type this area reads, defensively. */
export interface RelationshipTypeRow extends Entity {
  name?: string;
  strengthScale?: number;
  correlationRangeItems?: Array<{ displayOrder?: number; strengthDescription?: string }>;
}
