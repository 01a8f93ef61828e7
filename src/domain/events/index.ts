import type { DomainArea } from '../area.js';
import { eventResolvers } from './resolvers.js';
import { eventsSeeding } from './seeding.js';

/** The change-detection event views of spec §6; other areas record events through `recordEvents`. */
export const eventsArea: DomainArea = { ...eventsSeeding, resolvers: eventResolvers() };
