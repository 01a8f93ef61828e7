import type { Entity } from '../../store/index.js';
import { CONTACTS } from '../contacts/model.js';
import type { SeedingArea } from '../area.js';
import { textField } from '../shared/index-keys.js';
import { PRACTICE_GROUPS } from '../settings/model.js';
import {
  FINANCIALS_BY_MATTER,
  MATTERS,
  MATTERS_BY_NUMBER,
  MATTER_FINANCIALS,
  MATTER_LOOKUPS,
} from './model.js';
import { seedMatters } from './seed.js';

/** The matters area as seeding needs it (its resolvers join it in index.ts; seeding workers import only this). */
export const mattersSeeding: SeedingArea = {
  name: 'matters',
  indexes: [
    { name: MATTERS_BY_NUMBER, collection: MATTERS, key: (e) => textField(e, 'number')?.toLowerCase() },
    { name: FINANCIALS_BY_MATTER, collection: MATTER_FINANCIALS, key: (e) => textField(e, 'matterId') },
    ...MATTER_LOOKUPS.map((l) => ({
      name: l.index,
      collection: l.collection,
      key: (e: Entity) => textField(e, 'name')?.toLowerCase(),
    })),
  ],
  seed: seedMatters,
  seedReads: [CONTACTS, PRACTICE_GROUPS],
};
