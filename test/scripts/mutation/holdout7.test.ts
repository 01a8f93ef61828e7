import { HOLDOUT } from '../../../scripts/mutation/holdout.js';
import { HOLDOUT2 } from '../../../scripts/mutation/holdout2.js';
import { HOLDOUT3 } from '../../../scripts/mutation/holdout3.js';
import { HOLDOUT4 } from '../../../scripts/mutation/holdout4.js';
import { HOLDOUT5 } from '../../../scripts/mutation/holdout5.js';
import { HOLDOUT6 } from '../../../scripts/mutation/holdout6.js';
import { HOLDOUT7 } from '../../../scripts/mutation/holdout7.js';
import { MUTANTS } from '../../../scripts/mutation/mutants.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import { describeHeldOutSet, gql, type Probe } from '../../helpers/mutant-client.js';

const LIMITED = { token: DEV_TOKENS.limited };

/** The us 1.4.0 endpoint of a server. */
const endpoint = (s: MutantServer): string =>
  s.template.replace('{region}', 'us').replace('{version}', '1.4.0');

/** A GET of a document (GraphQL over HTTP URL parameters) with an optional token: its status and body. */
async function get(
  s: MutantServer,
  query: string,
  token: string | null = DEV_TOKENS.full,
): Promise<[number, string]> {
  const res = await fetch(`${endpoint(s)}?query=${encodeURIComponent(query)}`, {
    headers: { accept: 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
  });
  return [res.status, await res.text()];
}

/** The id of the first objective of the full tenant. */
async function firstObjective(s: MutantServer): Promise<unknown> {
  return (await gql(s, '{ objectives(limit: 1) { models { id } } }')).body?.data?.objectives.models[0].id;
}

/** The id of the first marketing list of the full tenant. */
async function marketingList(s: MutantServer): Promise<unknown> {
  return (await gql(s, '{ lists(limit: 1, listClass: [marketingLists]) { models { id } } }')).body?.data
    ?.lists.models[0].id;
}

/**
 * For each mutant of the seventh held-out set, a request sequence whose observation differs between the
 * correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout7.paging.initiatives-limit-ignored': async (s) =>
    (await gql(s, '{ initiatives(limit: 2) { models { id } } }')).body?.data,
  'holdout7.paging.lists-skip-as-page-number': async (s) =>
    (await gql(s, '{ lists(skip: 1, limit: 2) { models { id } } }')).body?.data,
  'holdout7.sort.opportunities-close-date-as-date-opened': async (s) =>
    (await gql(s, '{ opportunities(limit: 5, sort: [{ field: estimatedCloseDate }]) { models { id } } }'))
      .body?.data,
  'holdout7.sort.contact-search-last-name-as-display-name': async (s) =>
    (
      await gql(
        s,
        '{ searchFirmContacts(limit: 5, sort: { field: "lastName", direction: "Ascending" }) { models { id } } }',
      )
    ).body?.data,
  'holdout7.null.opportunity-current-stage': async (s) =>
    (await gql(s, '{ opportunities(limit: 3) { models { currentStage { stageName } } } }')).body?.data,
  'holdout7.null.list-type': async (s) =>
    (await gql(s, '{ lists(limit: 3) { models { listType { id } } } }')).body?.data,
  'holdout7.versions.1.2.0-relationship-event-views-leak': async (s) =>
    (await gql(s, '{ relationshipEventViews { totalModels } }', {}, { version: '1.2.0' })).body,
  'holdout7.versions.patch-objective-type-missing': async (s) =>
    (
      await gql(
        s,
        'mutation { patchObjectiveType(input: { items: [{ name: "Seventh probe type" }] }) { addItems { name } } }',
      )
    ).body,
  'holdout7.enums.additional-field-type-shifted': async (s) =>
    (
      await gql(
        s,
        'mutation($l: ID!) { addAdditionalFieldDefinition(input: { listId: $l, name: "Seventh", type: text }) { additionalFieldDefinition { fieldDataType } } }',
        { l: await marketingList(s) },
      )
    ).body?.data,
  'holdout7.enums.opportunity-event-type-screaming': async (s) =>
    (await gql(s, '{ opportunityEventViews(limit: 3) { models { eventType } } }')).body?.data,
  'holdout7.dates.initiative-start-date-day-early': async (s) => {
    const added = await gql(
      s,
      'mutation($o: ID!) { addInitiative(input: { objectiveId: $o, name: "Seventh", startDate: "2026-05-02" }) { item { id } } }',
      { o: await firstObjective(s) },
    );
    const id: unknown = added.body?.data?.addInitiative?.item?.id;
    return (await gql(s, 'query($id: ID!) { initiative(id: $id) { startDate } }', { id })).body?.data;
  },
  'holdout7.dates.activity-date-filter-from-exclusive': async (s) =>
    (await gql(s, '{ activities(filter: { date: { from: "2024-06-04" } }) { totalModels } }')).body?.data,
  'holdout7.validation.company-invalid-email-dropped': async (s) =>
    (
      await gql(
        s,
        'mutation { addCompany(input: { companyName: "Seventh", emailAddress: "not-an-email" }) { validationErrors { propertyName } } }',
      )
    ).body?.data,
  'holdout7.validation.opportunity-blank-tag-dropped': async (s) => {
    const types = await gql(s, '{ opportunities(limit: 1) { models { opportunityType { id } } } }');
    const t: unknown = types.body?.data?.opportunities.models[0].opportunityType.id;
    const added = await gql(
      s,
      'mutation($t: ID!) { addOpportunity(input: { title: "Seventh", opportunityTypeId: $t, tags: ["", "ok"] }) { tags } }',
      { t },
    );
    return [added.body?.data, added.body?.errors?.[0]?.extensions?.code];
  },
  'holdout7.persistence.update-objective-not-kept': async (s) => {
    const id = await firstObjective(s);
    await gql(
      s,
      'mutation($id: ID!) { updateObjective(input: { id: $id, name: "Seventh renamed" }) { item { id } } }',
      {
        id,
      },
    );
    return (await gql(s, 'query($id: ID!) { objective(id: $id) { name } }', { id })).body?.data;
  },
  'holdout7.persistence.remove-initiative-not-applied': async (s) => {
    const added = await gql(
      s,
      'mutation($o: ID!) { addInitiative(input: { objectiveId: $o, name: "Seventh removed" }) { item { id } } }',
      { o: await firstObjective(s) },
    );
    const id: unknown = added.body?.data?.addInitiative?.item?.id;
    await gql(s, 'mutation($id: ID!) { removeInitiative(id: $id) { isSuccessful } }', { id });
    return (await gql(s, 'query($id: ID!) { initiative(id: $id) { isDeleted } }', { id })).body?.data;
  },
  'holdout7.events.current-stage-events-dropped': async (s) =>
    (await gql(s, '{ opportunityEventViews { totalModels } }')).body?.data,
  'holdout7.events.relationship-contacts-swapped': async (s) =>
    (await gql(s, '{ relationshipEventViews(limit: 3) { models { baseContactId relatedContactId } } }')).body
      ?.data,
  'holdout7.tenancy.limited-initiatives-full': async (s) =>
    (await gql(s, '{ initiatives(limit: 3) { models { id } } }', {}, LIMITED)).body?.data,
  'holdout7.tenancy.limited-edits-full-list': async (s) => {
    const id = await marketingList(s);
    await gql(
      s,
      'mutation($id: ID!) { editListDetails(input: { id: $id, name: "Renamed by limited" }) { item { id } } }',
      { id },
      LIMITED,
    );
    return (await gql(s, 'query($id: ID!) { list(id: $id) { name } }', { id })).body?.data;
  },
  'holdout7.auth.get-unauthenticated': async (s) => (await get(s, '{ currencies }', null))[0],
  'holdout7.auth.1.2.0-valid-token-refused': async (s) =>
    (await gql(s, '{ firm { settings { defaultNewActivityTypeId } } }', {}, { version: '1.2.0' })).status,
  'holdout7.http.get-mutation-executed': async (s) =>
    (await get(s, 'mutation { addPerson(input: { firstName: "Seventh", lastName: "Get" }) { status } }'))[0],
  'holdout7.http.json-charset-refused': async (s) => {
    const res = await fetch(endpoint(s), {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        accept: 'application/json',
        authorization: `Bearer ${DEV_TOKENS.full}`,
      },
      body: JSON.stringify({ query: '{ currencies }' }),
    });
    return res.status;
  },
  'holdout7.cache.get-cached-by-path': async (s) => {
    await get(s, '{ currencies }');
    return (await get(s, '{ firm { settings { defaultNewActivityTypeId } } }'))[1];
  },
  'holdout7.cache.selection-not-in-key': async (s) => {
    await gql(s, '{ relationshipTypes(limit: 2) { id } }');
    return (await gql(s, '{ relationshipTypes(limit: 2) { name } }')).body?.data;
  },
  'holdout7.errors.working-list-error-text-null': async (s) =>
    (
      await gql(
        s,
        'mutation { addWorkingList(input: { name: "", folderTypeId: "nope" }) { success errorText } }',
      )
    ).body?.data,
  'holdout7.errors.remove-from-lists-failed-ids-dropped': async (s) => {
    const added = await gql(
      s,
      'mutation { addPerson(input: { firstName: "Seventh", lastName: "Member" }) { item { id } } }',
    );
    const c: unknown = added.body?.data?.addPerson?.item?.id;
    return (
      await gql(
        s,
        'mutation($c: ID!, $l: [ID!]!) { removeContactFromLists(input: { contactId: $c, listIds: $l }) { item { failedIds } } }',
        { c, l: [await marketingList(s)] },
      )
    ).body?.data;
  },
  'holdout7.region.eu-opportunities-from-au': async (s) =>
    (await gql(s, '{ opportunities(limit: 3) { models { id } } }', {}, { region: 'eu' })).body?.data,
};

describeHeldOutSet(
  'the seventh held-out mutant set',
  HOLDOUT7,
  'holdout7.',
  [...MUTANTS, ...HOLDOUT, ...HOLDOUT2, ...HOLDOUT3, ...HOLDOUT4, ...HOLDOUT5, ...HOLDOUT6].map((m) => m.id),
  PROBES,
);
