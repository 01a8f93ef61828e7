// Shared documents and look-ups of the opportunity tests (all over HTTP).
import { dataOf, type TestServer } from '../../helpers/server.js';

/** Every field of `Opportunity` and its nested types a test may check. */
export const OPPORTUNITY_FIELDS = `
  id title description creatorId workTypeId status isConfidential shouldBeHidden isCurrentUserInvolved tags
  estimatedCloseDate dateOpened actualCloseDate
  targetCompany { id name }
  opportunityType { id name description isActive }
  actualOutcome { id name description reasons { id name isActive outcomeId } }
  actualOutcomeReason { id name outcomeId isActive }
  associatedOutcomeReasons { id name opportunityId outcomeId outcomeReason { id } outcome { id name } }
  originationSource { id name description isActive }
  originationSourceContact { id fullName }
  originationSourceCompany { id name }
  associatedPrincipals { opportunityId accountName isGroup isPrimary fullName leadId }
  associatedContacts { opportunityId contactId person { id fullName } isPrimary }
  stageInstances { id opportunityId stageName stageOrder timeEntered timeSpent }
  currentStage { id opportunityId stageName stageOrder timeEntered timeSpent }
  associatedMatter { id name number }
  associatedInitiative { id name }
  associatedInitiatives { id name }
  activities { totalModels models { id subject summary typeId date } }
  practiceGroups { id name }
  industries { id name }
  lead { id fullName isEmployee }
  locations { country administrativeDivision }
`;

/** An opportunity as the tests read it (loosely typed: tests assert values). */
export type Opp = {
  id: string;
  title: string;
  description: string | null;
  creatorId: string | null;
  status: string;
  isConfidential: boolean;
  shouldBeHidden: boolean;
  isCurrentUserInvolved: boolean;
  tags: string[];
  workTypeId: string | null;
  estimatedCloseDate: string | null;
  dateOpened: string;
  actualCloseDate: string | null;
  targetCompany: { id: string; name: string } | null;
  opportunityType: { id: string; name: string; isActive: boolean } | null;
  actualOutcome: { id: string; name: string; reasons: Array<{ id: string; isActive: boolean }> } | null;
  actualOutcomeReason: { id: string; name: string } | null;
  associatedOutcomeReasons: Array<{ id: string; opportunityId: string; outcomeId: string }>;
  originationSource: { id: string; name: string } | null;
  originationSourceContact: { id: string } | null;
  originationSourceCompany: { id: string } | null;
  associatedPrincipals: Array<{
    leadId: string;
    isPrimary: boolean;
    fullName: string;
    accountName: string;
    isGroup: boolean;
    opportunityId: string;
  }> | null;
  associatedContacts: Array<{
    contactId: string;
    isPrimary: boolean;
    person: { id: string } | null;
    opportunityId: string;
  }> | null;
  stageInstances: Array<{
    id: string;
    stageName: string;
    stageOrder: number;
    timeEntered: string;
    timeSpent: number;
  }>;
  currentStage: {
    id: string;
    stageName: string;
    stageOrder: number;
    timeEntered: string;
    timeSpent: number;
  } | null;
  associatedMatter: { id: string; name: string; number: string } | null;
  associatedInitiative: { id: string; name: string } | null;
  associatedInitiatives: Array<{ id: string; name: string }> | null;
  activities: { totalModels: number; models: Array<{ id: string; subject: string; date: string }> } | null;
  practiceGroups: Array<{ id: string; name: string }>;
  industries: Array<{ id: string; name: string }>;
  lead: { id: string; fullName: string; isEmployee: boolean } | null;
  locations: Array<{ country: string; administrativeDivision: string | null }>;
};

/** Reads one opportunity (null when it does not exist). */
export async function readOpportunity(server: TestServer, id: string): Promise<Opp | null> {
  const res = await server.gql<{ opportunity: Opp | null }>(
    `query($id: ID!) { opportunity(id: $id) { ${OPPORTUNITY_FIELDS} } }`,
    { id },
  );
  return dataOf(res).opportunity;
}

/**
 * Reads every opportunity, page by page: a page of 1000 with every field asks for more than the response
 * cap could answer if each page were full, and is refused before it runs.
 */
export async function readAll(server: TestServer): Promise<Opp[]> {
  const all: Opp[] = [];
  for (let skip = 0; ; skip += 100) {
    const res = await server.gql<{ opportunities: { totalModels: number; models: Opp[] } }>(
      `query($skip: Int) { opportunities(skip: $skip, limit: 100) { totalModels models { ${OPPORTUNITY_FIELDS} } } }`,
      { skip },
    );
    const page = dataOf(res).opportunities;
    all.push(...page.models);
    if (page.models.length === 0 || all.length >= page.totalModels) return all;
  }
}

/** The lookup values the tests draw from, found through the API (types through seeded opportunities). */
export interface Fixtures {
  apiUserId: string;
  employees: string[];
  clientPeople: string[];
  companies: string[];
  activeTypeId: string;
  /** Ids of the active types of seeded opportunities. */
  typeIds: string[];
  practiceGroupIds: string[];
  industryIds: string[];
  activityTypeId: string;
}

/**
 * Collects ids from the seeded store: firm employees (leads and principals of visible opportunities),
 * client people, companies, types; the API user is the creator of an opportunity added through the API.
 */
export async function fixtures(server: TestServer): Promise<Fixtures> {
  const all = await readAll(server);
  const visible = all.filter((o) => !o.shouldBeHidden);
  const employees = new Set<string>();
  const clientPeople = new Set<string>();
  for (const o of visible) {
    if (o.lead) employees.add(o.lead.id);
    for (const p of o.associatedPrincipals ?? []) employees.add(p.leadId);
    for (const c of o.associatedContacts ?? []) clientPeople.add(c.contactId);
  }
  const lookups = dataOf(
    await server.gql<{
      practiceGroups: { models: Array<{ id: string }> };
      industries: { models: Array<{ id: string }> };
      activityTypes: { models: Array<{ id: string; isDefault: boolean }> };
    }>(
      '{ practiceGroups { models { id } } industries { models { id } } activityTypes { models { id isDefault } } }',
    ),
  );
  const activeType = all.find((o) => o.opportunityType?.isActive)?.opportunityType;
  if (!activeType) throw new Error('no seeded opportunity of an active type');
  const probe = dataOf(
    await server.gql<{ addOpportunity: { id: string; creatorId: string } }>(
      'mutation($t: ID!) { addOpportunity(input: { title: "Probe", opportunityTypeId: $t }) { id creatorId } }',
      { t: activeType.id },
    ),
  ).addOpportunity;
  await server.gql('mutation($id: ID!) { removeOpportunity(id: $id) { isSuccessful } }', { id: probe.id });
  employees.delete(probe.creatorId);
  return {
    apiUserId: probe.creatorId,
    employees: [...employees],
    clientPeople: [...clientPeople],
    companies: [...new Set(all.map((o) => o.targetCompany?.id).filter((id): id is string => !!id))],
    activeTypeId: activeType.id,
    typeIds: [...new Set(all.filter((o) => o.opportunityType?.isActive).map((o) => o.opportunityType!.id))],
    practiceGroupIds: lookups.practiceGroups.models.map((p) => p.id),
    industryIds: lookups.industries.models.map((i) => i.id),
    activityTypeId: (lookups.activityTypes.models.find((t) => t.isDefault) ??
      lookups.activityTypes.models[0])!.id,
  };
}

/** Event types of one opportunity, oldest first. */
export async function eventTypes(server: TestServer, id: string): Promise<string[]> {
  const res = await server.gql<{ opportunityEventViews: { models: Array<{ eventType: string }> } }>(
    'query($id: ID!) { opportunityEventViews(limit: 1000, filter: { opportunityIds: [$id] }) { models { eventType } } }',
    { id },
  );
  return dataOf(res).opportunityEventViews.models.map((e) => e.eventType);
}

/** Adds an opportunity of `typeId` and returns its id. */
export async function addOpportunity(server: TestServer, input: Record<string, unknown>): Promise<string> {
  const res = await server.gql<{ addOpportunity: { id: string } }>(
    'mutation($input: AddOpportunityInput!) { addOpportunity(input: $input) { id } }',
    { input },
  );
  return dataOf(res).addOpportunity.id;
}

/** The `validationErrors` of a GraphQL error. */
export function ruleErrors(res: { errors?: Array<{ extensions?: Record<string, unknown> }> }) {
  return (res.errors?.[0]?.extensions?.['validationErrors'] ?? []) as Array<{
    propertyName: string;
    message: string;
  }>;
}
