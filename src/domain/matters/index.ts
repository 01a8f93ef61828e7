import type { Entity } from '../../store/index.js';
import { CONTACTS } from '../contacts/model.js';
import type { DomainArea } from '../area.js';
import { CURRENCIES, PRACTICE_GROUPS } from '../settings/model.js';
import {
  CURRENCIES_BY_CODE,
  FINANCIALS_BY_MATTER,
  MATTERS,
  MATTERS_BY_NUMBER,
  MATTER_FINANCIALS,
  MATTER_LOOKUPS,
} from './model.js';
import { matterResolvers } from './resolvers.js';
import { seedMatters } from './seed.js';

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Matters and matter financials, for full cloud tenants only (spec §1.6, §4.2) [1.4.0]. */
export const mattersArea: DomainArea = {
  name: 'matters',
  indexes: [
    { name: MATTERS_BY_NUMBER, collection: MATTERS, key: (e) => text(e['number'])?.toLowerCase() },
    { name: FINANCIALS_BY_MATTER, collection: MATTER_FINANCIALS, key: (e) => text(e['matterId']) },
    ...MATTER_LOOKUPS.map((l) => ({
      name: l.index,
      collection: l.collection,
      key: (e: Entity) => text(e['name'])?.toLowerCase(),
    })),
    { name: CURRENCIES_BY_CODE, collection: CURRENCIES, key: (e) => text(e['code'])?.toUpperCase() },
  ],
  resolvers: matterResolvers,
  seed: seedMatters,
  seedReads: [CONTACTS, PRACTICE_GROUPS],
};
