import { getNamedType, isInputObjectType, isObjectType, type GraphQLSchema } from 'graphql';

/** Events a write records in its entity's change-detection view, in any order. */
export interface EventRule {
  /** Event types recorded by the entity's creation. */
  created: string[];
  /** Event types recorded by each update mutation that changes something the view reports. */
  updated: Record<string, string[]>;
  removed: string[];
}

/**
 * Which writes record which events (A-64; §6 names the views, the opportunity view's three changes and
 * `ContactDeleted`/`ListDeleted`). An update not listed here is not checked; an empty list means the
 * write changes nothing the view reports, so the view must not grow.
 */
export const EVENT_RULES: Record<string, EventRule> = {
  Objective: {
    created: ['ObjectiveCreated'],
    updated: { updateObjective: ['ObjectiveUpdated'] },
    removed: ['ObjectiveDeleted'],
  },
  Initiative: {
    created: ['InitiativeCreated'],
    updated: { updateInitiative: ['InitiativeUpdated'] },
    removed: ['InitiativeDeleted'],
  },
  // §6: the opportunity view reports changes of dateOpened, currentStage and status only.
  Opportunity: {
    created: ['DateOpenedChanged', 'CurrentStageChanged', 'StatusChanged'],
    updated: {
      updateOpportunitySummary: [],
      updateOpportunityLinks: [],
      updateOpportunityPeople: [],
      updateOpportunityDetails: [],
    },
    removed: [],
  },
  Company: { created: ['ContactCreated'], updated: { updatePublicCompany: ['ContactUpdated'] }, removed: [] },
  Person: { created: ['ContactCreated'], updated: { updatePublicPerson: ['ContactUpdated'] }, removed: [] },
};

/** Where an entity's events are polled: the view and the filter field that takes its id. */
export interface EventView {
  view: string;
  filterType: string;
  idsField: string;
}

const lower = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * The event view of an entity type, from the contract: `<type>EventViews` filtered by `<type>Ids`, or
 * for a contact type (implementing `Contact`) the firm contact view filtered by `contactIds`.
 */
export function eventViewOf(schema: GraphQLSchema, type: string): EventView | undefined {
  const t = schema.getType(type);
  const isContact = isObjectType(t) && t.getInterfaces().some((i) => i.name === 'Contact');
  const view = isContact ? 'firmContactEventViews' : `${lower(type)}EventViews`;
  const idsField = isContact ? 'contactIds' : `${lower(type)}Ids`;
  const field = schema.getQueryType()?.getFields()[view];
  const filter = field?.args.find((a) => a.name === 'filter');
  const filterType = filter && getNamedType(filter.type);
  if (!filterType || !isInputObjectType(filterType) || !filterType.getFields()[idsField]) return undefined;
  return { view, filterType: filterType.name, idsField };
}
