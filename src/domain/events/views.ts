import type { EventView } from '../shared/change-events.js';

/** How one change-detection view of spec §6 maps onto the event log and the store. */
export interface ViewDefinition {
  view: EventView;
  /** The query field, e.g. `firmContactEventViews`. */
  query: string;
  /** The GraphQL type of one event, e.g. `FirmContactEventView`. */
  typeName: string;
  /** The id field of the event, e.g. `contactId`. */
  idField: string;
  /** The nested resource field, e.g. `contact`, resolved from the store as it is now (the relationship view has none). */
  entityField?: string;
  /** The store collection of that resource. */
  collection: string;
  /** The filter field listing entity ids, e.g. `contactIds`. */
  idsFilter: string;
  /** The event type that marks a deletion; events of deleted entities appear only when the filter asks for it (§6). */
  deletedType?: string;
  /** Events of entities whose current record has `archived: true` are never returned (§6: archived lists). */
  hidesArchived?: boolean;
  /** Events whose `data.isPrivate` was true when they happened are never returned (§6: private relationships). */
  hidesPrivate?: boolean;
}

/** The six views of spec §6. */
export const VIEW_DEFINITIONS: readonly ViewDefinition[] = [
  {
    view: 'contact',
    query: 'firmContactEventViews',
    typeName: 'FirmContactEventView',
    idField: 'contactId',
    entityField: 'contact',
    collection: 'contacts',
    idsFilter: 'contactIds',
    deletedType: 'ContactDeleted',
  },
  {
    view: 'list',
    query: 'listEventViews',
    typeName: 'ListEventView',
    idField: 'listId',
    entityField: 'list',
    collection: 'lists',
    idsFilter: 'listIds',
    deletedType: 'ListDeleted',
    hidesArchived: true,
  },
  {
    view: 'relationship',
    query: 'relationshipEventViews',
    typeName: 'RelationshipEventView',
    idField: 'relationshipId',
    collection: 'relationships',
    idsFilter: 'relationshipIds',
    hidesPrivate: true,
  },
  {
    view: 'initiative',
    query: 'initiativeEventViews',
    typeName: 'InitiativeEventView',
    idField: 'initiativeId',
    entityField: 'initiative',
    collection: 'initiatives',
    idsFilter: 'initiativeIds',
  },
  {
    view: 'objective',
    query: 'objectiveEventViews',
    typeName: 'ObjectiveEventView',
    idField: 'objectiveId',
    entityField: 'objective',
    collection: 'objectives',
    idsFilter: 'objectiveIds',
  },
  {
    view: 'opportunity',
    query: 'opportunityEventViews',
    typeName: 'OpportunityEventView',
    idField: 'opportunityId',
    entityField: 'opportunity',
    collection: 'opportunities',
    idsFilter: 'opportunityIds',
  },
];

/** The query names of the six views (what the faults API's `eventFeed` rules name). */
export const EVENT_VIEW_QUERIES: readonly string[] = VIEW_DEFINITIONS.map((d) => d.query);
