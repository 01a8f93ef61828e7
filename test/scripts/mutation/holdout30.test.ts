import { HOLDOUT30 } from '../../../scripts/mutation/holdout30.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { SETS } from '../../../scripts/mutation/sets.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import {
  answerData as data,
  describeHeldOutSet,
  gql,
  linkableList,
  models,
  type Options,
  type Probe,
  newProbePerson as newPerson,
} from '../../helpers/mutant-client.js';

const EU = { region: 'eu' };

/** The id of the company of the full tenant named exactly `name`. */
async function companyNamed(s: MutantServer, name: string): Promise<unknown> {
  const found = await models(
    s,
    'searchFirmContacts',
    `{ searchFirmContacts(filter: [{ field: contactEntity, value: "Company" }, { field: company, value: ${JSON.stringify(name)} }]) { models { id displayName } } }`,
  );
  return found.find((c) => c.displayName === name)?.id;
}

/** The first people of the full tenant (us unless told). */
async function firstPeople(s: MutantServer, n: number, options: Options = {}): Promise<unknown[]> {
  const found = await models(
    s,
    'searchFirmContacts',
    `{ searchFirmContacts(filter: [{ field: contactEntity, value: "Person" }], limit: ${String(n)}) { models { id } } }`,
    options,
  );
  return found.map((p) => p.id);
}

/**
 * The rows of employeeRelationshipsTo (with `fields`) for the first related people of the seeded
 * relationships, read from both sides: each contact towards the employer of the other.
 */
async function employeeRows(s: MutantServer, fields: string, options: Options = {}): Promise<unknown[]> {
  const events = await models(
    s,
    'relationshipEventViews',
    '{ relationshipEventViews(limit: 40) { models { baseContactId relatedContactId baseContact { ... on Person { currentEmployer { id } } } relatedContact { ... on Person { currentEmployer { id } } } } } }',
    options,
  );
  const employer = (c: unknown): unknown =>
    (c as { currentEmployer?: { id?: unknown } | null } | null)?.currentEmployer?.id;
  const rows: unknown[] = [];
  for (const e of events) {
    for (const [c, t] of [
      [e.baseContactId, employer(e.relatedContact)],
      [e.relatedContactId, employer(e.baseContact)],
    ]) {
      if (typeof c !== 'string' || typeof t !== 'string') continue;
      rows.push(
        await data(
          s,
          `query($c: ID!, $t: ID!) { employeeRelationshipsTo(contactId: $c, toCompanyId: $t) { models { ${fields} } } }`,
          { c, t },
          options,
        ),
      );
    }
  }
  return rows;
}

/** The lists of the full tenant a person may be linked into, by name. */
async function personLists(s: MutantServer): Promise<Record<string, unknown>[]> {
  const lists = await models(
    s,
    'lists',
    '{ lists(limit: 100) { models { id name allowedLinkInto allowedRemoveFrom allowedContactEntity } } }',
  );
  return lists.filter((l) => l.allowedLinkInto === true && l.allowedContactEntity !== 'Company');
}

/** Two PersonToPerson relationship types of the full tenant that are active. */
async function personTypes(s: MutantServer): Promise<unknown[]> {
  const types = (
    await gql(s, '{ relationshipTypes(filter: { relationshipListingType: PersonToPerson }) { id status } }')
  ).body?.data?.relationshipTypes as { id: unknown; status: unknown }[];
  return types.filter((t) => t.status === 'Active').map((t) => t.id);
}

/**
 * For each mutant of the thirtieth held-out set, a request sequence whose observation differs between
 * the correct server and the mutant: proof that the mutant ships a regression at all. The observations
 * hold no ids of records a probe added, which differ from server to server.
 */
const PROBES: Record<string, Probe> = {
  'holdout30.nullability.initiative-name-of-objective': (s) =>
    data(s, '{ objectives(limit: 3) { models { initiativeCompanies { initiativeName } } } }'),
  'holdout30.sort.activity-counts-most-first': (s) =>
    data(s, '{ objectives(limit: 3) { models { activityCounts { typeName activityCount } } } }'),
  'holdout30.paging.initiative-companies-of-removed-initiatives': (s) =>
    data(s, '{ objectives(limit: 10) { models { name initiativeCompanies { name initiativeName } } } }'),
  'holdout30.paging.total-relationships-counts-people': async (s) =>
    data(
      s,
      'query($a: ID!, $b: ID!) { employeesWithRelationshipsToView(fromCompanyId: $a, toCompanyId: $b) { models { displayName totalRelationships } } }',
      { a: await companyNamed(s, 'Block Inc'), b: await companyNamed(s, 'Harbour & Finch LLP') },
    ),
  'holdout30.sort.engagement-rank-dense': async (s) => {
    const ranks: unknown[] = [];
    for (const id of await firstPeople(s, 40))
      ranks.push(
        await data(
          s,
          'query($id: ID!) { targetPersonConnections(input: { targetPersonId: $id, fetchControl: All }) { models { engagementRank } } }',
          { id },
        ),
      );
    return ranks;
  },
  'holdout30.enums.strength-description-five-level-set': (s) =>
    employeeRows(s, 'strengthLevel strengthLevelDescription'),
  'holdout30.nullability.related-side-type-not-converse': (s) => employeeRows(s, 'relationshipType'),
  'holdout30.nullability.connection-job-title-of-target': async (s) => {
    const titles: unknown[] = [];
    for (const id of await firstPeople(s, 10))
      titles.push(
        await data(
          s,
          'query($id: ID!) { targetPersonConnections(input: { targetPersonId: $id, fetchControl: All }) { models { relatedPersonJobTitle } } }',
          { id },
        ),
      );
    return titles;
  },
  'holdout30.region.eu-relationship-types-from-us': (s) =>
    employeeRows(s, 'relationshipType strengthLevelMax', EU),
  'holdout30.dates.date-field-value-day-early': (s) =>
    data(
      s,
      '{ lists(limit: 5) { models { contacts(limit: 20) { models { additionalFieldValues { models { value } } } } } } }',
    ),
  'holdout30.nullability.company-member-company-name-null': (s) =>
    data(s, '{ lists(limit: 3) { models { contacts(limit: 200) { models { companyName } } } } }'),
  'holdout30.nullability.multi-value-items-joined': (s) =>
    data(
      s,
      '{ lists(limit: 20) { models { contacts(limit: 30) { models { additionalFieldValues { models { valueItems { value } } } } } } } }',
    ),
  'holdout30.nullability.list-data-type-empty-for-other-fields': (s) =>
    data(
      s,
      '{ lists(limit: 5) { models { additionalFieldDefinitions { models { listDataType { options { name } } } } } } }',
    ),
  'holdout30.paging.not-included-lists-any-entity': async (s) =>
    data(s, 'query($c: ID!) { person(id: $c) { notIncludedInTheLists { totalModels models { name } } } }', {
      c: (await firstPeople(s, 1))[0],
    }),
  'holdout30.paging.term-search-total-per-email': (s) =>
    data(
      s,
      '{ searchFirmContacts(filter: [{ field: term, value: "emmerich" }]) { totalModels models { displayName } } }',
    ),
  'holdout30.versions.1.2.0-contact-activities-without-appointments': (s) =>
    data(
      s,
      '{ searchFirmContacts(limit: 30) { models { activities { totalModels models { subject } } } } }',
      {},
      { version: '1.2.0' },
    ),
  'holdout30.nullability.activity-type-default-whole-group': (s) =>
    data(s, '{ activityTypes(onlyUserCreatable: false) { models { name isDefault } } }'),
  'holdout30.nullability.principal-full-name-of-lead': (s) =>
    data(s, '{ opportunities(limit: 10) { models { associatedPrincipals { fullName } } } }'),
  'holdout30.dates.au-opportunity-dates-day-early': (s) =>
    data(s, '{ opportunities(limit: 5) { models { dateOpened estimatedCloseDate } } }', {}, { region: 'au' }),
  'holdout30.sort.country-states-by-code': (s) =>
    data(
      s,
      '{ countries(filter: { isoCode: "DE" }) { models { administrativeDivisions { states { code } } } } }',
    ),
  'holdout30.caching.member-company-name-stale-after-rename': async (s) => {
    const company = await gql(
      s,
      'mutation { addCompany(input: { companyName: "Thirtieth Old Name" }) { item { id } } }',
    );
    const co: unknown = company.body?.data?.addCompany?.item?.id;
    const person = await gql(
      s,
      'mutation($co: ID) { addPerson(input: { firstName: "Renamed", lastName: "Employee", companyId: $co }) { item { id } } }',
      { co },
    );
    const c: unknown = person.body?.data?.addPerson?.item?.id;
    const l = await linkableList(s);
    await gql(
      s,
      'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
      { l: [l], c: [c] },
    );
    await gql(
      s,
      'mutation($co: ID!) { updatePublicCompany(input: { id: $co, companyName: "Thirtieth New Name" }) { item { name } } }',
      { co },
    );
    const members = (
      await gql(
        s,
        'query($l: ID!) { list(id: $l) { contacts(limit: 1000) { models { id companyName } } } }',
        { l },
      )
    ).body?.data?.list?.contacts?.models as { id: unknown; companyName: unknown }[];
    return members.find((m) => m.id === c)?.companyName;
  },
  'holdout30.persistence.field-rename-values-keep-old-name': async (s) => {
    const l = await linkableList(s);
    const added = await gql(
      s,
      'mutation($l: ID!) { addAdditionalFieldDefinition(input: { listId: $l, name: "Thirtieth Field", type: text }) { additionalFieldDefinition { id } } }',
      { l },
    );
    const f: unknown = added.body?.data?.addAdditionalFieldDefinition?.additionalFieldDefinition?.id;
    const c = await newPerson(s, 'Fielded');
    await gql(
      s,
      'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
      { l: [l], c: [c] },
    );
    await gql(
      s,
      'mutation($l: ID, $c: ID!, $f: ID!) { updateListContactAdditionalFields(input: { listId: $l, contactId: $c, fields: [{ fieldId: $f, value: "kept" }] }) { models { isSuccessful } } }',
      { l, c, f },
    );
    await gql(
      s,
      'mutation($f: ID!) { editAdditionalFieldDefinition(input: { id: $f, name: "Thirtieth Renamed" }) { success } }',
      { f },
    );
    return data(
      s,
      'query($c: ID!, $l: ID) { person(id: $c) { additionalFieldValues(listId: $l) { models { fieldName fieldDisplayName value } } } }',
      { c, l },
    );
  },
  'holdout30.paging.member-count-not-decremented': async (s) => {
    const list = (await personLists(s)).find(
      (l) => l.allowedRemoveFrom === true && l.allowedContactEntity === 'Any',
    );
    const count = async (): Promise<unknown> =>
      (await gql(s, 'query($l: ID!) { list(id: $l) { contacts { totalModels } } }', { l: list?.id })).body
        ?.data?.list?.contacts?.totalModels;
    const c = await newPerson(s, 'Counted');
    const before = await count();
    await gql(
      s,
      'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
      { l: [list?.id], c: [c] },
    );
    const removed = await gql(
      s,
      'mutation($l: ID!, $c: [ID!]!) { removeContactsFromList(listId: $l, contactIds: $c) { contactsEffected } }',
      { l: list?.id, c: [c] },
    );
    return [
      removed.body?.data?.removeContactsFromList?.contactsEffected,
      Number(await count()) - Number(before),
    ];
  },
  'holdout30.sort.contact-lists-in-membership-order': async (s) => {
    const lists = (await personLists(s)).map((l) => l.id);
    const c = await newPerson(s, 'Ordered');
    for (const l of [lists[lists.length - 1], lists[0]])
      await gql(
        s,
        'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
        { l: [l], c: [c] },
      );
    return data(s, 'query($c: ID!) { person(id: $c) { lists { models { name } } } }', { c });
  },
  'holdout30.events.type-change-event-previous-type': async (s) => {
    const [t1, t2] = await personTypes(s);
    const a = await newPerson(s, 'Retyped');
    const b = await newPerson(s, 'Related');
    await gql(
      s,
      'mutation($a: ID!, $b: ID!, $t: ID!) { addRelationshipForContacts(input: { baseContactId: $a, relatedContactId: $b, relationshipTypeId: $t }) { success } }',
      { a, b, t: t1 },
    );
    const created = await models(
      s,
      'relationshipEventViews',
      `{ relationshipEventViews(filter: { contactIds: ["${String(a)}"] }) { models { relationshipId } } }`,
    );
    const r = created[0]?.relationshipId;
    await gql(
      s,
      'mutation($r: ID!, $t: ID!) { editRelationship(input: { relationshipId: $r, relationshipTypeId: $t }) { success } }',
      { r, t: t2 },
    );
    return data(
      s,
      'query($r: [ID!]) { relationshipEventViews(filter: { relationshipIds: $r }) { models { eventType relationshipTypeName } } }',
      { r: [r] },
    );
  },
  'holdout30.dates.date-opened-event-dated-at-date-opened': async (s) => {
    const [opportunity] = await models(
      s,
      'opportunities',
      '{ opportunities(limit: 1) { models { opportunityType { id } } } }',
    );
    const type = (opportunity?.opportunityType as { id?: unknown } | null | undefined)?.id;
    const added = await gql(
      s,
      'mutation($t: ID!) { addOpportunity(input: { title: "Thirtieth Opportunity", opportunityTypeId: $t, dateOpened: "2025-02-03" }) { id } }',
      { t: type },
    );
    const events = await models(
      s,
      'opportunityEventViews',
      `{ opportunityEventViews(filter: { opportunityIds: ["${String(added.body?.data?.addOpportunity?.id)}"], eventTypes: [DateOpenedChanged] }) { models { eventDate } } }`,
    );
    return events.map((e) => e.eventDate === '2025-02-03T00:00:00.000Z');
  },
  'holdout30.persistence.financials-removal-open-end-one-day': async (s) => {
    const matter = await gql(
      s,
      'mutation { addMatter(input: { name: "Thirtieth Matter", number: "H30-0001" }) { item } }',
    );
    const m: unknown = matter.body?.data?.addMatter?.item;
    for (const [from, to] of [
      ['2026-01-01', '2026-01-31'],
      ['2026-03-01', '2026-03-31'],
    ])
      await gql(
        s,
        'mutation($m: ID!, $f: Date!, $t: Date!) { addMatterFinancial(input: { matterId: $m, periodStart: $f, periodEnd: $t, hoursWorked: 2 }) { item } }',
        { m, f: from, t: to },
      );
    return data(
      s,
      'mutation($m: ID!) { removeMatterFinancials(input: { matterId: $m, periodStart: "2026-02-01" }) { isSuccessful matterFinancialsAffected } }',
      { m },
    );
  },
  'holdout30.caching.relationship-insights-materialised': async (s) => {
    const company = await companyNamed(s, 'Block Inc');
    const insights = async (): Promise<{ isTargetCompany: unknown; insightContactId: unknown }[]> =>
      (
        await gql(
          s,
          'query($c: ID!) { getRelationshipInsights(companyId: $c) { isTargetCompany insightContactId totalConnections totalEngagementScore } }',
          { c: company },
        )
      ).body?.data?.getRelationshipInsights as { isTargetCompany: unknown; insightContactId: unknown }[];
    const before = await insights();
    const employee = before.find((i) => i.isTargetCompany === true)?.insightContactId;
    const [type] = await personTypes(s);
    await gql(
      s,
      'mutation($a: ID!, $b: ID!, $t: ID!) { addRelationshipForContacts(input: { baseContactId: $a, relatedContactId: $b, relationshipTypeId: $t }) { success } }',
      { a: employee, b: await newPerson(s, 'Connected'), t: type },
    );
    return JSON.stringify(before) === JSON.stringify(await insights());
  },
  'holdout30.region.eu-write-events-not-in-eu': async (s) => {
    const options = { ...EU, token: DEV_TOKENS.limited };
    const added = await gql(
      s,
      'mutation { addPerson(input: { firstName: "European", lastName: "Probe" }) { item { id } } }',
      {},
      options,
    );
    return data(
      s,
      'query($c: [ID!]) { firmContactEventViews(filter: { contactIds: $c }) { models { eventType } } }',
      { c: [added.body?.data?.addPerson?.item?.id] },
      options,
    );
  },
};

describeHeldOutSet(
  'the thirtieth held-out mutant set',
  HOLDOUT30,
  'holdout30.',
  SETS.all.filter((m) => !m.id.startsWith('holdout30.')).map((m) => m.id),
  PROBES,
);
