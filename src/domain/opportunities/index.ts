import type { DomainArea } from '../area.js';
import { recordIndex } from '../shared/index-keys.js';
import { ACTIVITY_TYPES } from '../activities/model.js';
import { CONTACTS } from '../contacts/model.js';
import { INITIATIVES } from '../planning/model.js';
import { COUNTRIES, INDUSTRIES, PRACTICE_GROUPS } from '../settings/model.js';
import {
  OPPORTUNITIES,
  OPPORTUNITIES_BY_TYPE,
  OUTCOME_REASONS,
  REASONS_BY_OUTCOME,
  type OpportunityRecord,
  type OutcomeReasonRecord,
} from './model.js';
import { opportunitiesResolvers } from './resolvers.js';
import { seedOpportunities } from './seed.js';

// Every area's index.ts fills the same DomainArea fields (indexes, resolvers, seed): alike in shape only.

/** Opportunities with their lookup values and stage templates (spec §2.5, §4 [1.4.0]). */
export const opportunitiesArea: DomainArea = {
  name: 'opportunities',
  indexes: [
    recordIndex(OPPORTUNITIES_BY_TYPE, OPPORTUNITIES, (o: OpportunityRecord) => o.opportunityTypeId),
    recordIndex(REASONS_BY_OUTCOME, OUTCOME_REASONS, (r: OutcomeReasonRecord) => r.outcomeId),
  ],
  resolvers: opportunitiesResolvers,
  seed: seedOpportunities,
  seedReads: [ACTIVITY_TYPES, CONTACTS, COUNTRIES, INDUSTRIES, INITIATIVES, PRACTICE_GROUPS],
};
