import type { Entity } from '../../store/index.js';
import type { AreaResolvers, RequestContext } from '../area.js';
import { CONTACTS } from '../contacts/model.js';
import { queryEvents, type EventViewArgs } from './queries.js';
import type { EventRecord } from '../shared/change-events.js';
import { VIEW_DEFINITIONS, type ViewDefinition } from './views.js';

/** An event as its view type shows it: the stored data as it was, plus the type, date and entity id. */
type EventViewItem = Record<string, unknown>;

function toItem(def: ViewDefinition, event: EventRecord): EventViewItem {
  return {
    ...event.data,
    eventType: event.eventType,
    eventDate: event.eventDate,
    [def.idField]: event.entityId,
  };
}

function byId(collection: string, field: string) {
  return (parent: EventViewItem, _args: unknown, ctx: RequestContext): Entity | null => {
    const id = parent[field];
    return typeof id === 'string' ? (ctx.store.get(collection, id) ?? null) : null;
  };
}

/** Resolvers of the six change-detection views (§6); fields of revisions without a view are ignored. */
export function eventResolvers(): AreaResolvers {
  const query: Record<string, unknown> = {};
  const types: Record<string, Record<string, unknown>> = {};
  for (const def of VIEW_DEFINITIONS) {
    query[def.query] = (_parent: unknown, args: EventViewArgs, ctx: RequestContext) => {
      const faults = ctx.eventFeed?.(def.query);
      const feed = faults ? { faults, now: ctx.now() } : undefined;
      const result = queryEvents(ctx.store, def, args, feed, ctx, {
        retention: ctx.eventRetention,
        now: feed?.now ?? ctx.now(),
      });
      return { totalModels: result.totalModels, models: result.models.map((e) => toItem(def, e)) };
    };
    if (def.entityField) types[def.typeName] = { [def.entityField]: byId(def.collection, def.idField) };
  }
  types['RelationshipEventView'] = {
    baseContact: byId(CONTACTS, 'baseContactId'),
    relatedContact: byId(CONTACTS, 'relatedContactId'),
  };
  return { Query: query, ...types } as AreaResolvers;
}
