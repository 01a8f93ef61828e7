import { HOLDOUT29 } from '../../../scripts/mutation/holdout29.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { SETS } from '../../../scripts/mutation/sets.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import {
  answerData as data,
  describeHeldOutSet,
  gql,
  linkableList,
  models,
  type Probe,
  newProbePerson as newPerson,
} from '../../helpers/mutant-client.js';

const LIMITED = { token: DEV_TOKENS.limited };

/** The status of a POST of `{ currencies }` to the us 1.4.0 endpoint with exactly `headers`. */
async function statusWith(s: MutantServer, headers: Record<string, string>): Promise<number> {
  const res = await fetch(s.template.replace('{region}', 'us').replace('{version}', '1.4.0'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query: '{ currencies }' }),
  });
  await res.text();
  return res.status;
}

/** The id of the first company of the full tenant that getRelationshipInsights answers insights for. */
async function companyWithInsights(s: MutantServer): Promise<unknown> {
  const companies = await models(
    s,
    'searchFirmContacts',
    '{ searchFirmContacts(limit: 50, filter: [{ field: contactEntity, value: "Company" }]) { models { id } } }',
  );
  for (const c of companies) {
    const reply = await gql(
      s,
      'query($c: ID!) { getRelationshipInsights(companyId: $c) { insightContactId } }',
      {
        c: c.id,
      },
    );
    if (((reply.body?.data?.getRelationshipInsights as unknown[] | undefined) ?? []).length > 0) return c.id;
  }
  return undefined;
}

/** The people of a region (the first 100) with their number of connections (targetPersonConnections, All). */
async function connectionCounts(s: MutantServer, region: string): Promise<{ id: unknown; count: number }[]> {
  const people = await models(
    s,
    'searchFirmContacts',
    '{ searchFirmContacts(limit: 100, filter: [{ field: contactEntity, value: "Person" }]) { models { id } } }',
    { region },
  );
  const out: { id: unknown; count: number }[] = [];
  for (const p of people) {
    const reply = await gql(
      s,
      'query($p: ID!) { targetPersonConnections(input: { targetPersonId: $p, fetchControl: All, limit: 1 }) { totalModels } }',
      { p: p.id },
      { region },
    );
    out.push({ id: p.id, count: Number(reply.body?.data?.targetPersonConnections?.totalModels) });
  }
  return out;
}

/** An open opportunity of the full tenant whose details are shown (not hidden): its id. */
async function shownOpportunity(s: MutantServer): Promise<unknown> {
  const all = await models(
    s,
    'opportunities',
    '{ opportunities(limit: 100, filter: { statuses: [open] }) { models { id shouldBeHidden } } }',
  );
  return all.find((o) => o.shouldBeHidden === false)?.id;
}

/**
 * For each mutant of the twenty-ninth held-out set, a request sequence whose observation differs between
 * the correct server and the mutant: proof that the mutant ships a regression at all. The observations
 * hold no ids of records a probe added, which differ from server to server.
 */
const PROBES: Record<string, Probe> = {
  'holdout29.paging.activity-types-searchable-flag-ignored': (s) =>
    data(s, '{ activityTypes(onlyUserSearchable: true) { totalModels models { name } } }'),
  'holdout29.paging.connection-display-rank-per-page': async (s) =>
    data(
      s,
      'query($p: ID!) { targetPersonConnections(input: { targetPersonId: $p, fetchControl: All, skip: 1, limit: 2 }) { models { displayRank } } }',
      { p: (await connectionCounts(s, 'us')).find((p) => p.count >= 3)?.id },
    ),
  'holdout29.sort.list-members-company-sort-as-display-name': (s) =>
    data(
      s,
      '{ lists(limit: 1) { models { contacts(limit: 20, sort: { field: "companyName", direction: "Ascending" }) { models { displayName } } } } }',
    ),
  'holdout29.sort.opportunity-activities-oldest-first': (s) =>
    data(s, '{ opportunities(limit: 100) { models { activities { models { date subject } } } } }'),
  'holdout29.nullability.numeric-field-bounds-swapped': (s) =>
    data(
      s,
      '{ lists(limit: 3) { models { additionalFieldDefinitions { models { numericDataTypeMinValue numericDataTypeMaxValue } } } } }',
    ),
  'holdout29.nullability.insight-target-company-inverted': async (s) =>
    data(s, 'query($c: ID!) { getRelationshipInsights(companyId: $c) { isTargetCompany displayName } }', {
      c: await companyWithInsights(s),
    }),
  'holdout29.nullability.list-member-personal-email': (s) =>
    data(s, '{ lists(limit: 3) { models { contacts(limit: 100) { models { emailAddress } } } } }'),
  'holdout29.enums.closed-opportunity-status-as-outcome': (s) =>
    data(s, '{ opportunities(limit: 100, filter: { statuses: [closed] }) { models { status } } }'),
  'holdout29.enums.opportunity-status-event-as-stage-change': (s) =>
    data(s, '{ opportunityEventViews(limit: 10) { models { eventType } } }'),
  'holdout29.dates.activity-view-date-server-zone': (s) =>
    data(s, '{ activities(limit: 1000) { models { date } } }'),
  'holdout29.versions.1.2.0-note-change-date-null': (s) =>
    data(
      s,
      '{ searchFirmContacts(limit: 3) { models { notes { allNotes(limit: 2) { models { changeDate } } } } } }',
      {},
      { version: '1.2.0' },
    ),
  'holdout29.versions.opportunity-locations-missing': (s) =>
    data(s, '{ opportunities(limit: 5) { models { title locations { country } } } }'),
  'holdout29.tenancy.limited-insights-of-full-company': async (s) =>
    data(
      s,
      'query($c: ID!) { getRelationshipInsights(companyId: $c) { displayName } }',
      { c: await companyWithInsights(s) },
      LIMITED,
    ),
  'holdout29.region.eu-page-limit-100': async (s) =>
    (await gql(s, '{ lists(limit: 500) { totalModels } }', {}, { region: 'eu' })).body,
  'holdout29.region.au-connections-from-us': async (s) =>
    (await connectionCounts(s, 'au')).filter((p) => p.count > 0).length,
  'holdout29.auth.bearer-extra-spaces-refused': (s) =>
    statusWith(s, { authorization: `Bearer  ${DEV_TOKENS.full}` }),
  'holdout29.http.accept-first-type-only': async (s) =>
    (await gql(s, '{ currencies }', {}, { accept: 'text/html, application/json' })).status,
  'holdout29.caching.media-type-not-in-key': async (s) => {
    const first = await gql(s, '{ currencies }', {}, { accept: 'application/json' });
    const second = await gql(s, '{ currencies }', {}, { accept: 'application/graphql-response+json' });
    return [first.type, second.type];
  },
  'holdout29.errors.limit-exceeded-as-internal': async (s) => {
    const reply = await gql(
      s,
      '{ lists(limit: 100) { models { contacts(limit: 100) { models { additionalFieldValues { models { value } } } } } } }',
    );
    return [reply.status, reply.body?.errors?.map((e) => e.extensions?.code)];
  },
  'holdout29.events.anonymous-relationship-events-hidden': (s) =>
    data(s, '{ relationshipEventViews(limit: 1000) { totalModels } }'),
  'holdout29.persistence.opportunity-links-initiatives-dropped': async (s) => {
    const o = await shownOpportunity(s);
    const [initiative] = await models(s, 'initiatives', '{ initiatives(limit: 1) { models { id } } }');
    await gql(
      s,
      'mutation($o: ID!, $i: [ID]) { updateOpportunityLinks(input: { opportunityId: $o, initiativeIds: $i }) { item { opportunityId } } }',
      { o, i: [initiative?.id] },
    );
    return data(s, 'query($o: ID!) { opportunity(id: $o) { associatedInitiatives { name } } }', { o });
  },
  'holdout29.persistence.opportunity-details-industries-dropped': async (s) => {
    const o = await shownOpportunity(s);
    const industries = (await data(s, '{ industries { models { id } } }')) as {
      industries: { models: { id: string }[] };
    };
    await gql(
      s,
      'mutation($o: ID!, $i: [ID]) { updateOpportunityDetails(input: { opportunityId: $o, industryIds: $i }) { opportunityId } }',
      { o, i: [industries.industries.models[0]?.id] },
    );
    return data(s, 'query($o: ID!) { opportunity(id: $o) { industries { name } } }', { o });
  },
  'holdout29.persistence.working-list-description-dropped': async (s) => {
    const types = await models(
      s,
      'folderTypes',
      '{ folderTypes(listClass: [workingLists]) { models { id } } }',
    );
    const added = await gql(
      s,
      'mutation($t: ID!) { addWorkingList(input: { name: "Twenty-Ninth Working List", description: "Kept as written", folderTypeId: $t }) { success item { id description } } }',
      { t: types[0]?.id },
    );
    const item = added.body?.data?.addWorkingList?.item as
      { id?: unknown; description?: unknown } | undefined;
    const read = await data(s, 'query($l: ID!) { list(id: $l) { description } }', { l: item?.id });
    return [item?.description, read];
  },
  'holdout29.events.employment-edit-unrecorded': async (s) => {
    const c = await newPerson(s, 'Employed');
    const [company] = await models(
      s,
      'searchFirmContacts',
      '{ searchFirmContacts(limit: 1, filter: [{ field: contactEntity, value: "Company" }]) { models { id } } }',
    );
    await gql(
      s,
      'mutation($p: ID!, $c: ID) { editPersonEmploymentInformation(input: { personId: $p, companyId: $c, jobTitle: "Counsel" }) { status } }',
      { p: c, c: company?.id },
    );
    return data(
      s,
      'query($c: [ID!]) { firmContactEventViews(filter: { contactIds: $c }) { models { eventType } } }',
      {
        c: [c],
      },
    );
  },
  'holdout29.validation.close-before-opened-dropped': async (s) => {
    const [type] = await models(
      s,
      'opportunities',
      '{ opportunities(limit: 1) { models { opportunityType { id } } } }',
    );
    const reply = await gql(
      s,
      'mutation($t: ID!) { addOpportunity(input: { title: "Twenty-Ninth Opportunity", opportunityTypeId: $t, dateOpened: "2026-03-01", estimatedCloseDate: "2026-01-15" }) { title estimatedCloseDate } }',
      { t: (type?.opportunityType as { id?: unknown } | undefined)?.id },
    );
    return [reply.body?.data?.addOpportunity ?? null, reply.body?.errors?.map((e) => e.extensions?.code)];
  },
  'holdout29.validation.add-list-working-folder-type-accepted': async (s) => {
    const types = await models(
      s,
      'folderTypes',
      '{ folderTypes(listClass: [workingLists]) { models { id } } }',
    );
    return data(
      s,
      'mutation($t: ID!) { addList(input: { name: "Twenty-Ninth List", folderTypeId: $t }) { item { name listClass } validationErrors { propertyName } } }',
      { t: types[0]?.id },
    );
  },
  'holdout29.tenancy.limited-relates-full-contacts': async (s) => {
    const people = await models(
      s,
      'searchFirmContacts',
      '{ searchFirmContacts(limit: 2, filter: [{ field: contactEntity, value: "Person" }]) { models { id } } }',
    );
    const types = (await data(
      s,
      '{ relationshipTypes(filter: { relationshipListingType: PersonToPerson }) { id relationshipListingTypes } }',
    )) as { relationshipTypes: { id: string; relationshipListingTypes: string[] }[] };
    const type = types.relationshipTypes.find((t) => t.relationshipListingTypes.includes('PersonToPerson'));
    const reply = await gql(
      s,
      'mutation($b: ID!, $r: ID!, $t: ID!) { addRelationshipForContacts(input: { baseContactId: $b, relatedContactId: $r, relationshipTypeId: $t }) { success } }',
      { b: people[0]?.id, r: people[1]?.id, t: type?.id },
      LIMITED,
    );
    return reply.body?.data?.addRelationshipForContacts?.success ?? null;
  },
  'holdout29.errors.add-to-unknown-list-skipped': async (s) => {
    const c = await newPerson(s, 'Unlisted');
    const reply = await gql(
      s,
      'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { totalCount successCount skippedCount } }',
      { l: [await linkableList(s), '00000000-0000-4000-8000-000000000029'], c: [c] },
    );
    return [reply.body?.data?.addContactsToLists ?? null, reply.body?.errors?.map((e) => e.extensions?.code)];
  },
  'holdout29.versions.1.2.0-add-person-tags-dropped': async (s) => {
    const added = await gql(
      s,
      'mutation { addPerson(input: { firstName: "Tagged", lastName: "Legacy", tags: ["Alumni Dinner"] }) { item { id tags } } }',
      {},
      { version: '1.2.0' },
    );
    const id: unknown = added.body?.data?.addPerson?.item?.id;
    const read = await data(s, 'query($p: ID!) { person(id: $p) { tags } }', { p: id }, { version: '1.2.0' });
    return [added.body?.data?.addPerson?.item?.tags, read];
  },
};

describeHeldOutSet(
  'the twenty-ninth held-out mutant set',
  HOLDOUT29,
  'holdout29.',
  SETS.all.filter((m) => !m.id.startsWith('holdout29.')).map((m) => m.id),
  PROBES,
);
