import { HOLDOUT15 } from '../../../scripts/mutation/holdout15.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { SETS } from '../../../scripts/mutation/sets.js';
import { describeHeldOutSet, gql, linkableList, models, type Probe } from '../../helpers/mutant-client.js';

const LEGACY = { version: '1.2.0' };
const MISUSED_FILTER = '{ a: searchFirmContacts(filter: [{ field: ids, value: "x" }]) { totalModels } }';

/** The id of a new company of the full tenant. */
async function company(s: MutantServer, name: string): Promise<unknown> {
  return (
    await gql(s, 'mutation($n: String) { addCompany(input: { companyName: $n }) { item { id } } }', {
      n: name,
    })
  ).body?.data?.addCompany?.item?.id;
}

/** The id of a new person of the full tenant (`extra` more input fields, as GraphQL text). */
async function person(s: MutantServer, lastName: string, extra = ''): Promise<unknown> {
  return (
    await gql(
      s,
      `mutation($l: String) { addPerson(input: { firstName: "Fifteenth", lastName: $l ${extra} }) { item { id } } }`,
      { l: lastName },
    )
  ).body?.data?.addPerson?.item?.id;
}

/** The ids of the first two lists the full tenant may link any contact into. */
async function twoLinkableLists(s: MutantServer): Promise<unknown[]> {
  return (
    await models(s, 'lists', '{ lists(limit: 100) { models { id allowedLinkInto allowedContactEntity } } }')
  )
    .filter((l) => l.allowedLinkInto === true && l.allowedContactEntity === 'Any')
    .slice(0, 2)
    .map((l) => l.id);
}

/** How many events of one type a contact has. */
async function contactEvents(s: MutantServer, type: string, id: unknown): Promise<unknown> {
  return (
    await gql(
      s,
      'query($t: [FirmContactEventType!], $c: [ID!]) { firmContactEventViews(filter: { eventTypes: $t, contactIds: $c }) { totalModels } }',
      { t: [type], c: [id] },
    )
  ).body?.data?.firmContactEventViews?.totalModels;
}

/**
 * For each mutant of the fifteenth held-out set, a request sequence whose observation differs between the
 * correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout15.paging.search-ids-filter-drops-last': async (s) => {
    const ids = (
      await models(s, 'searchFirmContacts', '{ searchFirmContacts(limit: 2) { models { id } } }')
    ).map((c) => c.id);
    return (
      await gql(
        s,
        'query($v: [String]) { searchFirmContacts(filter: [{ field: ids, values: $v }]) { totalModels } }',
        {
          v: ids,
        },
      )
    ).body?.data;
  },
  'holdout15.paging.contact-lists-list-ids-ignored': async (s) => {
    const lists = await twoLinkableLists(s);
    const c = await person(s, 'Listed');
    await gql(
      s,
      'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
      {
        l: lists,
        c: [c],
      },
    );
    return (
      await gql(s, 'query($id: ID!, $l: [ID]) { person(id: $id) { lists(listIds: $l) { totalModels } } }', {
        id: c,
        l: lists.slice(0, 1),
      })
    ).body?.data;
  },
  'holdout15.paging.search-filters-joined-with-or': async (s) =>
    (
      await gql(
        s,
        '{ searchFirmContacts(filter: [{ field: contactEntity, value: "Company" }, { field: tag, value: "Event Attendee" }]) { totalModels } }',
      )
    ).body?.data,
  'holdout15.paging.search-tag-filter-case-sensitive': async (s) =>
    (
      await gql(
        s,
        '{ searchFirmContacts(filter: [{ field: tag, value: "event attendee" }]) { totalModels } }',
      )
    ).body?.data,
  'holdout15.paging.search-first-name-filter-on-last-name': async (s) =>
    (await gql(s, '{ searchFirmContacts(filter: [{ field: firstName, value: "Adelia" }]) { totalModels } }'))
      .body?.data,
  'holdout15.paging.member-strict-sponsor-filter-loose': async (s) =>
    (
      await gql(
        s,
        '{ lists(filter: [{ field: name, value: "Annual Client Seminar Invitees" }]) { models { contacts(filter: { primarySponsorUserName: "Kale Ledner", checkForStrictPrimarySponsor: true }) { totalModels } } } }',
      )
    ).body?.data,
  'holdout15.sort.search-absent-names-first': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 3, sort: { field: "lastName" }) { models { displayName } } }'))
      .body?.data,
  'holdout15.null.company-relationship-score': async (s) =>
    (
      await gql(
        s,
        '{ searchFirmContacts(limit: 3, filter: [{ field: contactEntity, value: "Company" }]) { models { relationshipScore { strength } } } }',
      )
    ).body?.data,
  'holdout15.null.list-member-employer-id': async (s) =>
    (
      await gql(
        s,
        '{ lists(filter: [{ field: name, value: "Alumni Outreach" }]) { models { contacts(limit: 5) { models { companyId } } } } }',
      )
    ).body?.data,
  'holdout15.enums.results-from-always-term': async (s) =>
    (
      await gql(
        s,
        '{ searchFirmContacts(limit: 1, filter: [{ field: contactEntity, value: "Person" }]) { resultsFrom } }',
      )
    ).body?.data,
  'holdout15.enums.contact-types-entity-filter-ignored': async (s) =>
    (await gql(s, '{ contactTypes(input: { allowedContactEntity: Company }) { totalModels } }')).body?.data,
  'holdout15.enums.add-person-status-updated': async (s) =>
    (
      await gql(
        s,
        'mutation { addPerson(input: { firstName: "Fifteenth", lastName: "Status" }) { status validationErrors { propertyName } } }',
      )
    ).body?.data,
  'holdout15.versions.1.2.0-strength-from-value': async (s) =>
    (
      await gql(
        s,
        '{ searchFirmContacts(limit: 5) { models { relationshipScore { strength } } } }',
        {},
        LEGACY,
      )
    ).body?.data,
  'holdout15.versions.introspection-refused': async (s) =>
    (await gql(s, '{ __schema { queryType { name } } }')).body?.data,
  'holdout15.versions.1.2.0-contact-type-ids-filter-unknown': async (s) => {
    const [type] = await models(s, 'contactTypes', '{ contactTypes(limit: 1) { models { id } } }', LEGACY);
    const reply = await gql(
      s,
      'query($v: [String]) { searchFirmContacts(limit: 1, filter: [{ field: contactTypeIds, values: $v }]) { totalModels } }',
      { v: [type?.id] },
      LEGACY,
    );
    return [reply.body?.data ?? null, reply.body?.errors?.[0]?.extensions?.code];
  },
  'holdout15.versions.contact-possible-types-missing': async (s) =>
    (await gql(s, '{ __type(name: "Contact") { name possibleTypes { name } } }')).body?.data,
  'holdout15.http.wildcard-accept-406': async (s) =>
    (await gql(s, '{ currencies }', {}, { accept: '*/*' })).status,
  'holdout15.http.bad-user-input-400': async (s) => (await gql(s, MISUSED_FILTER)).status,
  'holdout15.errors.path-alias-lost': async (s) =>
    ((await gql(s, MISUSED_FILTER)).body?.errors?.[0] as { path?: unknown } | undefined)?.path,
  'holdout15.errors.contact-filter-misuse-internal': async (s) =>
    (await gql(s, MISUSED_FILTER)).body?.errors?.[0]?.extensions?.code,
  'holdout15.persistence.renamed-person-display-name-stale': async (s) => {
    const id = await person(s, 'Renamed');
    await gql(
      s,
      'mutation($id: ID!) { updatePublicPerson(input: { id: $id, lastName: "Changed" }) { status } }',
      { id },
    );
    return (await gql(s, 'query($id: ID!) { person(id: $id) { displayName fullName } }', { id })).body?.data;
  },
  'holdout15.persistence.employment-end-keeps-job-title': async (s) => {
    const employer = await company(s, 'Fifteenth Employer Works');
    const id = await person(s, 'Employed', `, companyId: "${String(employer)}", jobTitle: "Partner"`);
    await gql(
      s,
      'mutation($id: ID!) { editPersonEmploymentInformation(input: { personId: $id, companyId: null }) { status } }',
      { id },
    );
    return (await gql(s, 'query($id: ID!) { person(id: $id) { currentJobTitle } }', { id })).body?.data;
  },
  'holdout15.persistence.mailing-address-default-none': async (s) =>
    (
      await gql(
        s,
        'mutation { addCompany(input: { companyName: "Fifteenth Mailing Holdings", businessAddress: { city: "Springfield", country: "United States" } }) { item { addresses { isMailingAddress } } } }',
      )
    ).body?.data,
  'holdout15.persistence.employer-by-name-dropped': async (s) => {
    await company(s, 'Fifteenth Named Employer Ltd');
    return (
      await gql(
        s,
        'mutation { addPerson(input: { firstName: "Fifteenth", lastName: "Hired", companyName: "Fifteenth Named Employer Ltd" }) { item { currentEmployer { name } } } }',
      )
    ).body?.data;
  },
  'holdout15.validation.plus-email-refused': async (s) =>
    (
      await gql(
        s,
        'mutation { addPerson(input: { firstName: "Fifteenth", lastName: "Plus", emailAddress: "fifteenth+crm@example.com" }) { validationErrors { propertyName } } }',
      )
    ).body?.data,
  'holdout15.validation.iso-country-refused': async (s) =>
    (
      await gql(
        s,
        'mutation { addCompany(input: { companyName: "Fifteenth Iso Holdings", businessAddress: { city: "Springfield", country: "US" } }) { validationErrors { propertyName } } }',
      )
    ).body?.data,
  'holdout15.validation.companies-skipped-from-any-lists': async (s) => {
    const c = await company(s, 'Fifteenth Listed Company');
    const l = await linkableList(s);
    await gql(
      s,
      'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
      {
        l: [l],
        c: [c],
      },
    );
    return (await gql(s, 'query($id: ID!) { company(id: $id) { lists { totalModels } } }', { id: c })).body
      ?.data;
  },
  'holdout15.events.location-contact-updated-dropped': async (s) => {
    const c = await company(s, 'Fifteenth Located Company');
    await gql(
      s,
      'mutation($c: ID!) { addPublicLocation(input: { contactId: $c, city: "Boston" }) { status } }',
      { c },
    );
    return contactEvents(s, 'ContactUpdated', c);
  },
  'holdout15.events.working-list-removal-members-dropped': async (s) => {
    const [type] = await models(
      s,
      'folderTypes',
      '{ folderTypes(listClass: [workingLists]) { models { id } } }',
    );
    const list: unknown = (
      await gql(
        s,
        'mutation($t: ID!) { addWorkingList(input: { name: "Fifteenth Removed List", folderTypeId: $t }) { item { id } } }',
        { t: type?.id },
      )
    ).body?.data?.addWorkingList?.item?.id;
    const c = await person(s, 'Removed');
    await gql(
      s,
      'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
      {
        l: [list],
        c: [c],
      },
    );
    await gql(s, 'mutation($id: ID!) { removeWorkingList(listId: $id) }', { id: list });
    return contactEvents(s, 'ContactRemovedFromList', c);
  },
};

describeHeldOutSet(
  'the fifteenth held-out mutant set',
  HOLDOUT15,
  'holdout15.',
  SETS.all.filter((m) => !m.id.startsWith('holdout15.')).map((m) => m.id),
  PROBES,
);
