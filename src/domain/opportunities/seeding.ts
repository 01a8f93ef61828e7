import type { SeedingArea } from '../area.js';
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
import { seedOpportunities } from './seed.js';

/** The opportunities area as seeding needs it (its resolvers join it in index.ts; seeding workers import only this). */
export const opportunitiesSeeding: SeedingArea = {
  name: 'opportunities',
  indexes: [
    recordIndex(OPPORTUNITIES_BY_TYPE, OPPORTUNITIES, (o: OpportunityRecord) => o.opportunityTypeId),
    recordIndex(REASONS_BY_OUTCOME, OUTCOME_REASONS, (r: OutcomeReasonRecord) => r.outcomeId),
  ],
  seed: seedOpportunities,
  seedReads: [ACTIVITY_TYPES, CONTACTS, COUNTRIES, INDUSTRIES, INITIATIVES, PRACTICE_GROUPS],
};
