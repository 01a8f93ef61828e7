import type { DomainArea } from '../area.js';
import { CONTACTS } from '../contacts/model.js';
import { RELATIONSHIPS } from '../relationships/model.js';
import { COUNTRIES, CURRENCIES, INDUSTRIES, PRACTICE_GROUPS } from '../settings/model.js';
import {
  INITIATIVES,
  INITIATIVES_BY_OBJECTIVE,
  OBJECTIVE_TYPES,
  OBJECTIVE_TYPES_BY_NAME,
  RELATIONSHIPS_BY_CONTACT,
} from './model.js';
import { planningResolvers } from './resolvers.js';
import { seedPlanning } from './seed.js';
import { CURRENCIES_BY_CODE } from './input-rules.js';

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Business planning: objectives, initiatives and objective types (spec §2.5, §3, §4) [1.4.0]. */
export const planningArea: DomainArea = {
  name: 'planning',
  indexes: [
    { name: INITIATIVES_BY_OBJECTIVE, collection: INITIATIVES, key: (e) => text(e['objectiveId']) },
    {
      name: OBJECTIVE_TYPES_BY_NAME,
      collection: OBJECTIVE_TYPES,
      key: (e) => text(e['name'])?.toLowerCase(),
    },
    {
      // Relationships are read defensively: the relationships area owns their shape.
      name: RELATIONSHIPS_BY_CONTACT,
      collection: RELATIONSHIPS,
      key: (e) => [text(e['baseContactId']), text(e['relatedContactId'])].filter((k): k is string => !!k),
    },
    { name: CURRENCIES_BY_CODE, collection: CURRENCIES, key: (e) => text(e['code'])?.toUpperCase() },
  ],
  resolvers: planningResolvers,
  seed: seedPlanning,
  seedReads: [CONTACTS, COUNTRIES, INDUSTRIES, PRACTICE_GROUPS],
};
