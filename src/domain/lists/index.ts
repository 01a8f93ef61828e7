import type { DomainArea } from '../area.js';
import { listsResolvers } from './resolvers.js';
import { listsSeeding } from './seeding.js';

/** Marketing and working lists, their members, folder types and additional fields (spec §2.4). */
export const listsArea: DomainArea = { ...listsSeeding, resolvers: listsResolvers };
