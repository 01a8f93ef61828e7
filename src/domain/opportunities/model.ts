import type { OpportunityStatus } from '../../contract/types.generated.js';
import type { Entity } from '../../store/index.js';

/** Store collections of the opportunities area; the events area reads `opportunities` by this name. */
export const OPPORTUNITIES = 'opportunities';
export const OPPORTUNITY_TYPES = 'opportunityTypes';
/** Stage templates, one per opportunity type, keyed by the type's id. */
export const STAGE_TEMPLATES = 'opportunityStageTemplates';
export const ORIGINATION_SOURCES = 'opportunityOriginationSources';
export const OUTCOMES = 'opportunityOutcomes';
export const OUTCOME_REASONS = 'opportunityOutcomeReasons';

/** Index: opportunities by `opportunityTypeId` (a template edit renames the stages of these). */
export const OPPORTUNITIES_BY_TYPE = 'opportunities.byType';
/** Index: outcome reasons by `outcomeId`. */
export const REASONS_BY_OUTCOME = 'opportunityOutcomeReasons.byOutcome';

/** Stages a type added through `patchOpportunityType` starts with (A-48: every type has a template). */
export const DEFAULT_STAGE_NAMES: readonly string[] = ['Identified', 'Qualified', 'Proposal', 'Negotiation'];

/** `regarding` of the activities added to opportunities (§2.2: the module the activity relates to). */
export const OPPORTUNITY_REGARDING = 'Opportunities';

/** Fields every record of this area carries (the events area derives the seeded history from them). */
interface Dated {
  /** ISO date-times. */
  createdAt: string;
  updatedAt: string;
}

/** A lookup value offered for opportunities (type, origination source); inactive ones stay where used. */
export interface LookupRecord extends Entity, Dated {
  id: string;
  name: string;
  description: string | null;
  isActive: boolean;
}

/** An opportunity type; its stage template has the same id. */
export type OpportunityTypeRecord = LookupRecord;

/** An origination source. */
export type OriginationSourceRecord = LookupRecord;

/** One stage of a template. */
export interface TemplateStage {
  stageOrder: number;
  stageName: string;
}

/** The stage template of an opportunity type; `id` is the type's id. */
export interface StageTemplateRecord extends Entity, Dated {
  id: string;
  stages: TemplateStage[];
}

/** An outcome of a closed opportunity (Won, Lost; A-43). */
export interface OutcomeRecord extends Entity, Dated {
  id: string;
  name: string;
  description: string | null;
}

/** A reason of an outcome. */
export interface OutcomeReasonRecord extends LookupRecord {
  outcomeId: string;
}

/** A stage the opportunity entered; the shown name follows the template by `stageOrder`. */
export interface StageInstanceRecord {
  id: string;
  stageOrder: number;
  /** The name when entered, shown when the template no longer has this order. */
  stageName: string;
  /** ISO date-time. */
  timeEntered: string;
}

/** A firm employee working on the opportunity. */
export interface PrincipalRecord {
  /** A Person id (a firm employee). */
  leadId: string;
  isPrimary: boolean;
}

/** A contact (Person) of the client side. */
export interface OpportunityContactRecord {
  contactId: string;
  isPrimary: boolean;
}

import type { LocationRecord } from '../settings/locations.js';

export type { LocationRecord };

/** A stored opportunity. */
export interface OpportunityRecord extends Entity, Dated {
  id: string;
  title: string;
  description: string | null;
  /** The Person who created it (the API user for opportunities added through the API). */
  creatorId: string | null;
  targetCompanyId: string | null;
  opportunityTypeId: string;
  originationSourceId: string | null;
  originationSourceContactId: string | null;
  originationSourceCompanyId: string | null;
  leadId: string | null;
  principals: PrincipalRecord[];
  contacts: OpportunityContactRecord[];
  /** In the order entered; the last is the current stage. */
  stageInstances: StageInstanceRecord[];
  /** `YYYY-MM-DD`. */
  estimatedCloseDate: string | null;
  dateOpened: string;
  actualCloseDate: string | null;
  status: OpportunityStatus;
  outcomeId: string | null;
  /** The first is `actualOutcomeReason`. */
  outcomeReasonIds: string[];
  matterId: string | null;
  initiativeIds: string[];
  /** Activities added with `addOpportunityActivity` (stored in the activities area's collection). */
  activityIds: string[];
  practiceGroupIds: string[];
  industryIds: string[];
  workTypeId: string | null;
  isConfidential: boolean;
  tags: string[];
  locations: LocationRecord[];
}
