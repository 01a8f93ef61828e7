import { HOLDOUT12 } from '../../../scripts/mutation/holdout12.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { SETS } from '../../../scripts/mutation/sets.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import { describeHeldOutSet, gql, type Probe } from '../../helpers/mutant-client.js';

const LIMITED = { token: DEV_TOKENS.limited };

/** The us 1.4.0 endpoint of a server. */
const endpoint = (s: MutantServer): string =>
  s.template.replace('{region}', 'us').replace('{version}', '1.4.0');

/** The ids of the models of root field `field` that `query` answers for a tenant. */
async function ids(s: MutantServer, field: string, query: string, token?: string): Promise<unknown[]> {
  const models = (await gql(s, query, {}, token === undefined ? {} : { token })).body?.data?.[field]
    ?.models as { id: unknown }[] | undefined;
  return (models ?? []).map((m) => m.id);
}

/** The id of an opportunity that is not confidential (one the API user may edit), of the limited tenant's or not. */
async function editable(s: MutantServer, fullOnlyToo = false): Promise<unknown> {
  const query = '{ opportunities(limit: 1000) { models { id isConfidential } } }';
  const limited = new Set(fullOnlyToo ? await ids(s, 'opportunities', query, DEV_TOKENS.limited) : []);
  const models = (await gql(s, query)).body?.data?.opportunities.models as {
    id: unknown;
    isConfidential: unknown;
  }[];
  return models.find((m) => m.isConfidential !== true && !limited.has(m.id))?.id;
}

/** A request to the us 1.4.0 endpoint with the given Authorization header: its status. */
async function statusWith(s: MutantServer, authorization: string): Promise<number> {
  const res = await fetch(endpoint(s), {
    method: 'POST',
    headers: { accept: 'application/json', authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ currencies }' }),
  });
  await res.text();
  return res.status;
}

/** A GET to the us 1.4.0 endpoint with URL parameters: status and body. */
async function get(s: MutantServer, params: Record<string, string>): Promise<[number, unknown]> {
  const res = await fetch(`${endpoint(s)}?${new URLSearchParams(params).toString()}`, {
    headers: { accept: 'application/json', authorization: `Bearer ${DEV_TOKENS.full}` },
  });
  return [res.status, await res.text()];
}

/**
 * For each mutant of the twelfth held-out set, a request sequence whose observation differs between the
 * correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout12.paging.objectives-limit-ignored': async (s) =>
    (await gql(s, '{ objectives(limit: 1) { models { id } } }')).body?.data,
  'holdout12.paging.search-firm-contacts-skip-ignored': async (s) =>
    (await gql(s, '{ searchFirmContacts(skip: 1, limit: 2) { models { id } } }')).body?.data,
  'holdout12.sort.objectives-descending-ignored': async (s) =>
    (
      await gql(
        s,
        '{ objectives(limit: 50, sort: [{ field: name, direction: Descending }]) { models { id } } }',
      )
    ).body?.data,
  'holdout12.sort.opportunity-events-descending-ignored': async (s) =>
    (
      await gql(
        s,
        '{ opportunityEventViews(limit: 50, sort: [{ field: eventDate, direction: Descending }]) { models { eventDate eventType opportunityId } } }',
      )
    ).body?.data,
  'holdout12.null.opportunity-estimated-close-date': async (s) =>
    (await gql(s, '{ opportunities(limit: 20) { models { estimatedCloseDate } } }')).body?.data,
  'holdout12.versions.update-opportunity-summary-missing': async (s) =>
    (
      await gql(
        s,
        'mutation { updateOpportunitySummary(input: { opportunityId: "none" }) { opportunityId } }',
      )
    ).body?.errors?.[0]?.extensions?.code,
  'holdout12.versions.1.2.0-initiative-event-views-leak': async (s) =>
    (await gql(s, '{ initiativeEventViews(limit: 1) { totalModels } }', {}, { version: '1.2.0' })).body?.data,
  'holdout12.enums.lists-list-class-ignored': async (s) =>
    (await gql(s, '{ lists(listClass: [marketing], limit: 1000) { totalModels } }')).body?.data,
  'holdout12.enums.initiative-status-capitalised': async (s) =>
    (await gql(s, '{ initiatives(limit: 20) { models { status } } }')).body?.data,
  'holdout12.dates.opportunity-date-opened-day-late': async (s) =>
    (await gql(s, '{ opportunities(limit: 20) { models { dateOpened } } }')).body?.data,
  'holdout12.dates.update-objective-end-date-day-late': async (s) => {
    const [id] = await ids(s, 'objectives', '{ objectives(limit: 1) { models { id } } }');
    await gql(
      s,
      'mutation($id: ID!) { updateObjective(input: { id: $id, endDate: "2031-09-30" }) { item { id } } }',
      { id },
    );
    return (await gql(s, 'query($id: ID!) { objective(id: $id) { endDate } }', { id })).body?.data;
  },
  'holdout12.validation.add-company-blank-name-defaulted': async (s) =>
    (
      await gql(
        s,
        'mutation { addCompany(input: { companyName: "" }) { item { name } validationErrors { propertyName } } }',
      )
    ).body?.data,
  'holdout12.validation.add-opportunity-blank-title-defaulted': async (s) => {
    const types = (await gql(s, '{ opportunities(limit: 1) { models { opportunityType { id } } } }')).body
      ?.data?.opportunities.models as { opportunityType: { id: unknown } }[];
    const reply = await gql(
      s,
      'mutation($t: ID!) { addOpportunity(input: { title: "", opportunityTypeId: $t }) { title } }',
      { t: types[0]?.opportunityType.id },
    );
    return reply.body?.data;
  },
  'holdout12.persistence.update-opportunity-summary-not-kept': async (s) => {
    const id = await editable(s);
    await gql(
      s,
      'mutation($id: ID!) { updateOpportunitySummary(input: { opportunityId: $id, title: "Twelfth title" }) { opportunityId } }',
      { id },
    );
    return (await gql(s, 'query($id: ID!) { opportunity(id: $id) { title } }', { id })).body?.data;
  },
  'holdout12.persistence.remove-opportunity-not-applied': async (s) =>
    (await gql(s, 'mutation { removeOpportunity(id: "no-such-opportunity") { isSuccessful } }')).body?.data,
  'holdout12.persistence.update-activity-summary-dropped': async (s) => {
    const [id] = await ids(s, 'activities', '{ activities(limit: 1) { models { id } } }');
    await gql(
      s,
      'mutation($id: ID!) { updateActivity(input: { id: $id, summary: "Twelfth summary" }) { item { id } } }',
      { id },
    );
    return (await gql(s, 'query($id: ID!) { activity(id: $id) { summary } }', { id })).body?.data;
  },
  'holdout12.events.opportunity-date-opened-dropped': async (s) => {
    const id = await editable(s);
    await gql(
      s,
      'mutation($id: ID!) { updateOpportunitySummary(input: { opportunityId: $id, dateOpened: "2029-02-03" }) { opportunityId } }',
      { id },
    );
    return (await gql(s, '{ opportunityEventViews(limit: 1000) { totalModels models { eventType } } }')).body
      ?.data;
  },
  'holdout12.events.relationship-strength-dropped': async (s) => {
    const first = (await gql(s, '{ relationshipEventViews(limit: 1) { models { relationshipId } } }')).body
      ?.data?.relationshipEventViews.models as { relationshipId: unknown }[];
    for (const level of [1, 2])
      await gql(
        s,
        'mutation($r: ID!, $l: Int) { editRelationship(input: { relationshipId: $r, strengthLevel: $l }) { __typename } }',
        { r: first[0]?.relationshipId, l: level },
      );
    return (await gql(s, '{ relationshipEventViews(limit: 1000) { totalModels models { eventType } } }')).body
      ?.data;
  },
  'holdout12.tenancy.limited-updates-full-opportunity-summary': async (s) => {
    const id = await editable(s, true);
    await gql(
      s,
      'mutation($id: ID!) { updateOpportunitySummary(input: { opportunityId: $id, title: "Twelfth tenancy" }) { opportunityId } }',
      { id },
      LIMITED,
    );
    return (await gql(s, 'query($id: ID!) { opportunity(id: $id) { title } }', { id })).body?.data;
  },
  'holdout12.tenancy.limited-initiative-events-full': async (s) =>
    (await gql(s, '{ initiativeEventViews(limit: 1000) { totalModels } }', {}, LIMITED)).body?.data,
  'holdout12.auth.basic-scheme-accepted': async (s) =>
    statusWith(s, `Basic ${Buffer.from(`api:${DEV_TOKENS.full}`).toString('base64')}`),
  'holdout12.auth.list-reads-unauthenticated': async (s) => {
    const reply = await gql(s, '{ lists(limit: 1) { totalModels } }', {}, { token: null });
    return [reply.status, reply.body?.data];
  },
  'holdout12.http.large-body-413': async (s) =>
    (await gql(s, `# ${'x'.repeat(10_000)}\n{ currencies }`)).status,
  'holdout12.http.get-variables-ignored': async (s) =>
    get(s, {
      query: 'query($l: Int) { lists(limit: $l) { models { id } } }',
      variables: JSON.stringify({ l: 1 }),
    }),
  'holdout12.caching.public-cache-control': async (s) => {
    const res = await fetch(endpoint(s), {
      method: 'POST',
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${DEV_TOKENS.full}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ query: '{ currencies }' }),
    });
    await res.text();
    return res.headers.get('cache-control');
  },
  'holdout12.errors.only-first-error': async (s) =>
    (await gql(s, '{ noSuchOne noSuchTwo }')).body?.errors?.length,
  'holdout12.errors.locations-zero-based': async (s) => (await gql(s, '{ noSuchField }')).body,
  'holdout12.region.au-initiatives-from-us': async (s) =>
    (await gql(s, '{ initiatives(limit: 100) { totalModels models { id name } } }', {}, { region: 'au' }))
      .body?.data,
  'holdout12.region.us-lists-from-au': async (s) =>
    (await gql(s, '{ lists(limit: 100) { totalModels models { id name } } }')).body?.data,
};

describeHeldOutSet(
  'the twelfth held-out mutant set',
  HOLDOUT12,
  'holdout12.',
  SETS.all.filter((m) => !m.id.startsWith('holdout12.')).map((m) => m.id),
  PROBES,
);
