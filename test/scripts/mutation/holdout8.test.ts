import { HOLDOUT } from '../../../scripts/mutation/holdout.js';
import { HOLDOUT2 } from '../../../scripts/mutation/holdout2.js';
import { HOLDOUT3 } from '../../../scripts/mutation/holdout3.js';
import { HOLDOUT4 } from '../../../scripts/mutation/holdout4.js';
import { HOLDOUT5 } from '../../../scripts/mutation/holdout5.js';
import { HOLDOUT6 } from '../../../scripts/mutation/holdout6.js';
import { HOLDOUT7 } from '../../../scripts/mutation/holdout7.js';
import { HOLDOUT8 } from '../../../scripts/mutation/holdout8.js';
import { MUTANTS } from '../../../scripts/mutation/mutants.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import { describeHeldOutSet, gql, linkableList, type Probe } from '../../helpers/mutant-client.js';

const LIMITED = { token: DEV_TOKENS.limited };

/** The us 1.4.0 endpoint of a server. */
const endpoint = (s: MutantServer): string =>
  s.template.replace('{region}', 'us').replace('{version}', '1.4.0');

/** The first opportunity of the full tenant: its id, type and dateOpened. */
async function firstOpportunity(
  s: MutantServer,
): Promise<{ id: unknown; dateOpened: unknown; opportunityType: { id: unknown } }> {
  return (await gql(s, '{ opportunities(limit: 1) { models { id dateOpened opportunityType { id } } } }'))
    .body?.data?.opportunities.models[0];
}

/** The id of the first company the full tenant's contact search finds. */
async function firstCompany(s: MutantServer): Promise<unknown> {
  return (
    await gql(
      s,
      '{ searchFirmContacts(limit: 1, filter: [{ field: contactEntity, value: "Company" }]) { models { id } } }',
    )
  ).body?.data?.searchFirmContacts.models[0].id;
}

/** The id of the first objective of the full tenant. */
async function firstObjective(s: MutantServer): Promise<unknown> {
  return (await gql(s, '{ objectives(limit: 1) { models { id } } }')).body?.data?.objectives.models[0].id;
}

/** The id of the first opportunity of the full tenant that is not confidential. */
async function openOpportunity(s: MutantServer): Promise<unknown> {
  const models = (await gql(s, '{ opportunities(limit: 10) { models { id isConfidential } } }')).body?.data
    ?.opportunities.models as { id: unknown; isConfidential: unknown }[];
  return models.find((o) => o.isConfidential === false)?.id;
}

/** A POST of `{ currencies }` with the given method and Accept header: its status. */
async function statusOf(s: MutantServer, method: string, accept: string): Promise<number> {
  const res = await fetch(endpoint(s), {
    method,
    headers: { 'content-type': 'application/json', accept, authorization: `Bearer ${DEV_TOKENS.full}` },
    body: JSON.stringify({ query: '{ currencies }' }),
  });
  await res.text();
  return res.status;
}

/**
 * For each mutant of the eighth held-out set, a request sequence whose observation differs between the
 * correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout8.paging.opportunities-skip-ignored': async (s) =>
    (await gql(s, '{ opportunities(skip: 1, limit: 2) { models { id } } }')).body?.data,
  'holdout8.paging.relationship-types-skip-ignored': async (s) =>
    (await gql(s, '{ relationshipTypes(skip: 1, limit: 2) { id } }')).body?.data,
  'holdout8.sort.relationship-types-category-as-name': async (s) =>
    (await gql(s, '{ relationshipTypes(limit: 4, sort: { field: category }) { id } }')).body?.data,
  'holdout8.sort.opportunities-status-as-title': async (s) =>
    (await gql(s, '{ opportunities(limit: 5, sort: [{ field: status }]) { models { id } } }')).body?.data,
  'holdout8.null.opportunity-type': async (s) =>
    (await gql(s, '{ opportunities(limit: 3) { models { opportunityType { id } } } }')).body?.data,
  'holdout8.null.country-iso-code': async (s) =>
    (await gql(s, '{ countries { models { isoCode } } }')).body?.data,
  'holdout8.versions.1.2.0-practice-groups-leak': async (s) =>
    (await gql(s, '{ practiceGroups { totalModels } }', {}, { version: '1.2.0' })).body,
  'holdout8.versions.relationship-insights-missing': async (s) =>
    (
      await gql(s, 'query($c: ID!) { getRelationshipInsights(companyId: $c) { displayName } }', {
        c: await firstCompany(s),
      })
    ).body,
  'holdout8.enums.insight-type-crosswise': async (s) =>
    (
      await gql(s, 'query($c: ID!) { getRelationshipInsights(companyId: $c) { insightType } }', {
        c: await firstCompany(s),
      })
    ).body?.data,
  'holdout8.enums.list-type-frequently-used-ignored': async (s) =>
    (await gql(s, '{ lists(listType: myFrequentlyUsed) { totalModels } }')).body?.data,
  'holdout8.dates.opportunity-date-opened-to-exclusive': async (s) => {
    const { dateOpened } = await firstOpportunity(s);
    return (
      await gql(
        s,
        'query($to: Date) { opportunities(filter: { dateOpened: { to: $to } }) { totalModels } }',
        {
          to: dateOpened,
        },
      )
    ).body?.data;
  },
  'holdout8.dates.opportunity-summary-close-date-day-early': async (s) => {
    const id = await openOpportunity(s);
    await gql(
      s,
      'mutation($id: ID!) { updateOpportunitySummary(input: { opportunityId: $id, estimatedCloseDate: "2027-03-10" }) { opportunityId } }',
      { id },
    );
    return (await gql(s, 'query($id: ID!) { opportunity(id: $id) { estimatedCloseDate } }', { id })).body
      ?.data;
  },
  'holdout8.validation.activity-unknown-type-defaulted': async (s) => {
    const added = await gql(
      s,
      'mutation { addActivity(input: { typeId: "no-such-type", activityDate: "2026-01-02 10:00:00", subject: "Eighth" }) { subject } }',
    );
    return [added.body?.data, added.body?.errors?.[0]?.extensions?.code];
  },
  'holdout8.validation.opportunity-unknown-target-company-dropped': async (s) => {
    const { opportunityType } = await firstOpportunity(s);
    const added = await gql(
      s,
      'mutation($t: ID!) { addOpportunity(input: { title: "Eighth", opportunityTypeId: $t, targetCompanyId: "no-such-company" }) { title } }',
      { t: opportunityType.id },
    );
    return [added.body?.data, added.body?.errors?.[0]?.extensions?.code];
  },
  'holdout8.persistence.initiative-status-not-kept': async (s) => {
    const id: unknown = (await gql(s, '{ initiatives(limit: 1) { models { id } } }')).body?.data?.initiatives
      .models[0].id;
    await gql(
      s,
      'mutation($id: ID!) { updateInitiativeStatus(input: { id: $id, status: closed }) { item { status } } }',
      { id },
    );
    return (await gql(s, 'query($id: ID!) { initiative(id: $id) { status } }', { id })).body?.data;
  },
  'holdout8.persistence.public-company-not-kept': async (s) => {
    const id = await firstCompany(s);
    await gql(
      s,
      'mutation($id: ID!) { updatePublicCompany(input: { id: $id, companyName: "Eighth renamed" }) { item { name } } }',
      { id },
    );
    return (await gql(s, 'query($id: ID!) { company(id: $id) { name } }', { id })).body?.data;
  },
  'holdout8.events.contact-added-to-list-dropped': async (s) => {
    const added = await gql(
      s,
      'mutation { addPerson(input: { firstName: "Eighth", lastName: "Member" }) { item { id } } }',
    );
    const c: unknown = added.body?.data?.addPerson?.item?.id;
    await gql(
      s,
      'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
      {
        l: [await linkableList(s)],
        c: [c],
      },
    );
    return (
      await gql(
        s,
        'query($c: [ID!]) { firmContactEventViews(filter: { eventTypes: [ContactAddedToList], contactIds: $c }) { totalModels } }',
        { c: [c] },
      )
    ).body?.data;
  },
  'holdout8.events.objective-event-date-read-time': async (s) =>
    (await gql(s, '{ objectiveEventViews(limit: 3) { models { eventDate } } }')).body?.data,
  'holdout8.tenancy.limited-relationship-events-full': async (s) =>
    (await gql(s, '{ relationshipEventViews { totalModels } }', {}, LIMITED)).body?.data,
  'holdout8.tenancy.limited-removes-full-objective': async (s) => {
    const id = await firstObjective(s);
    await gql(s, 'mutation($id: ID!) { removeObjective(id: $id) { isSuccessful } }', { id }, LIMITED);
    return (await gql(s, 'query($id: ID!) { objective(id: $id) { isDeleted } }', { id })).body?.data;
  },
  'holdout8.auth.limited-token-refused': async (s) => (await gql(s, '{ currencies }', {}, LIMITED)).status,
  'holdout8.auth.unauthenticated-read-by-id': async (s) => {
    const id = await firstObjective(s);
    return (await gql(s, 'query($id: ID!) { objective(id: $id) { name } }', { id }, { token: null })).status;
  },
  'holdout8.http.graphql-response-json-only-406': async (s) =>
    statusOf(s, 'POST', 'application/graphql-response+json'),
  'holdout8.http.put-executed': async (s) => statusOf(s, 'PUT', 'application/json'),
  'holdout8.cache.operation-name-not-in-key': async (s) => {
    const document = 'query A { currencies } query B { regionalSettings { language { code } } }';
    await gql(s, document, {}, { operationName: 'A' });
    return (await gql(s, document, {}, { operationName: 'B' })).body?.data;
  },
  'holdout8.cache.arguments-not-in-key': async (s) => {
    await gql(s, '{ relationshipTypes(limit: 1) { id } }');
    return (await gql(s, '{ relationshipTypes(limit: 2) { id } }')).body?.data;
  },
  'holdout8.errors.additional-field-refusal-as-success': async (s) =>
    (
      await gql(
        s,
        'mutation { addAdditionalFieldDefinition(input: { listId: "no-such-list", name: "Eighth", type: text }) { success } }',
      )
    ).body,
  'holdout8.errors.remove-opportunity-refusal-successful': async (s) =>
    (
      await gql(
        s,
        'mutation { removeOpportunity(id: "no-such-opportunity") { isSuccessful validationErrors { propertyName } } }',
      )
    ).body,
  'holdout8.region.au-activities-from-us': async (s) =>
    (await gql(s, '{ activities(limit: 3) { models { id } } }', {}, { region: 'au' })).body?.data,
};

describeHeldOutSet(
  'the eighth held-out mutant set',
  HOLDOUT8,
  'holdout8.',
  [...MUTANTS, ...HOLDOUT, ...HOLDOUT2, ...HOLDOUT3, ...HOLDOUT4, ...HOLDOUT5, ...HOLDOUT6, ...HOLDOUT7].map(
    (m) => m.id,
  ),
  PROBES,
);
