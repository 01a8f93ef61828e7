import { HOLDOUT14 } from '../../../scripts/mutation/holdout14.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { SETS } from '../../../scripts/mutation/sets.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import { describeHeldOutSet, found, gql, models, type Probe } from '../../helpers/mutant-client.js';

const LIMITED = { token: DEV_TOKENS.limited };

/** The id of a new working list of the full tenant. */
async function workingList(s: MutantServer, name: string): Promise<unknown> {
  const [type] = await models(
    s,
    'folderTypes',
    '{ folderTypes(listClass: [workingLists]) { models { id } } }',
  );
  return (
    await gql(
      s,
      'mutation($n: String!, $t: ID!) { addWorkingList(input: { name: $n, folderTypeId: $t }) { success item { id } } }',
      { n: name, t: type?.id },
    )
  ).body?.data?.addWorkingList?.item?.id;
}

/** The first activity type a tenant may create activities with. */
async function activityType(s: MutantServer, options: Parameters<typeof gql>[3] = {}): Promise<unknown> {
  return (await models(s, 'activityTypes', '{ activityTypes(limit: 1) { models { id } } }', options))[0]?.id;
}

const BAD_DOCUMENT = '{ lists(limit: 3 }';

/**
 * For each mutant of the fourteenth held-out set, a request sequence whose observation differs between the
 * correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout14.paging.filter-applied-after-paging': async (s) =>
    (
      await gql(
        s,
        '{ searchFirmContacts(limit: 5, filter: [{ field: contactEntity, value: "Company" }]) { models { id } } }',
      )
    ).body?.data,
  'holdout14.paging.removed-planning-items-listed': async (s) =>
    (await gql(s, '{ objectives { totalModels } }')).body?.data,
  'holdout14.sort.several-keys-priority-reversed': async (s) =>
    (
      await gql(
        s,
        '{ opportunities(limit: 10, sort: [{ field: status }, { field: title, direction: Descending }]) { models { id } } }',
      )
    ).body?.data,
  'holdout14.sort.contact-activities-oldest-first': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 20) { models { activities(limit: 10) { models { id } } } } }'))
      .body?.data,
  'holdout14.null.empty-lists-as-null': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 10) { models { tags } } }')).body?.data,
  'holdout14.null.false-booleans-as-null': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 10) { models { ... on Person { isEmployee } } } }')).body
      ?.data,
  'holdout14.versions.1.2.0-default-limit-25': async (s) =>
    (await models(s, 'activities', '{ activities { models { id } } }', { version: '1.2.0' })).length,
  'holdout14.versions.1.2.0-without-mutations': async (s) => {
    const reply = await gql(
      s,
      'mutation { addCompany(input: { companyName: "Fourteenth Legacy Holdings" }) { validationErrors { propertyName } } }',
      {},
      { version: '1.2.0' },
    );
    return [reply.body?.data ?? null, reply.body?.errors?.[0]?.extensions?.code];
  },
  'holdout14.enums.contact-type-filter-company-as-person': async (s) =>
    (
      await gql(
        s,
        '{ activities(limit: 30) { models { linkedActivityContacts(contactType: Company) { __typename } } } }',
      )
    ).body?.data,
  'holdout14.enums.measurement-percentage-as-number': async (s) =>
    (await gql(s, '{ objectives { models { measurementOfSuccess { measurementType } } } }')).body?.data,
  'holdout14.dates.last-edited-date-is-today': async (s) => {
    const [first] = await models(s, 'activities', '{ activities(limit: 1) { models { id } } }');
    return (await gql(s, 'query($id: ID!) { activity(id: $id) { lastEditedDate } }', { id: first?.id })).body
      ?.data;
  },
  'holdout14.dates.stage-time-entered-midnight': async (s) =>
    (await gql(s, '{ opportunities(limit: 5) { models { currentStage { timeEntered } } } }')).body?.data,
  'holdout14.dates.activity-date-day-month-swapped': async (s) => {
    const added = await gql(
      s,
      'mutation($t: ID!) { addActivity(input: { typeId: $t, activityDate: "2030-03-05 10:00:00", subject: "Fourteenth dated" }) { id } }',
      { t: await activityType(s) },
    );
    const id: unknown = added.body?.data?.addActivity?.id;
    return (await gql(s, 'query($id: ID!) { activity(id: $id) { activityStartDate } }', { id })).body?.data;
  },
  'holdout14.validation.apostrophe-refused': async (s) =>
    (
      await gql(
        s,
        'mutation { addCompany(input: { companyName: "O\'Brien Fourteenth Partners" }) { validationErrors { propertyName } } }',
      )
    ).body?.data,
  'holdout14.validation.negative-skip-as-zero': async (s) =>
    (await gql(s, '{ lists(skip: -1, limit: 1) { totalModels } }')).body?.errors?.[0]?.extensions?.code,
  'holdout14.persistence.add-applied-twice': async (s) => {
    await gql(
      s,
      'mutation { addCompany(input: { companyName: "Fourteenth Twice Holdings" }) { item { id } } }',
    );
    return found(s, 'Fourteenth Twice');
  },
  'holdout14.persistence.contacts-added-to-first-list-only': async (s) => {
    const lists = (
      await models(s, 'lists', '{ lists(limit: 100) { models { id allowedLinkInto allowedContactEntity } } }')
    )
      .filter((l) => l.allowedLinkInto === true && l.allowedContactEntity === 'Any')
      .slice(0, 2)
      .map((l) => l.id);
    const added = await gql(
      s,
      'mutation { addPerson(input: { firstName: "Fourteenth", lastName: "Member" }) { item { id } } }',
    );
    const c: unknown = added.body?.data?.addPerson?.item?.id;
    await gql(
      s,
      'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
      { l: lists, c: [c] },
    );
    return (await gql(s, 'query($id: ID!) { person(id: $id) { lists { totalModels } } }', { id: c })).body
      ?.data;
  },
  'holdout14.events.event-types-filter-first-only': async (s) =>
    (
      await gql(
        s,
        '{ firmContactEventViews(filter: { eventTypes: [ContactCreated, ContactUpdated] }) { totalModels } }',
      )
    ).body?.data,
  'holdout14.events.working-list-created-dropped': async (s) => {
    const id = await workingList(s, 'Fourteenth Working List');
    return (
      await gql(
        s,
        'query($id: ID!) { listEventViews(filter: { eventTypes: [ListCreated], listIds: [$id] }) { totalModels } }',
        { id },
      )
    ).body?.data;
  },
  'holdout14.tenancy.limited-totals-count-full': async (s) =>
    (await gql(s, '{ lists { totalModels } }', {}, LIMITED)).body?.data,
  'holdout14.tenancy.limited-foreign-activity-links-dropped': async (s) => {
    const [full] = await models(
      s,
      'searchFirmContacts',
      '{ searchFirmContacts(limit: 1) { models { id } } }',
    );
    const reply = await gql(
      s,
      'mutation($t: ID!, $c: [ID]) { addActivity(input: { typeId: $t, activityDate: "2030-03-05 10:00:00", subject: "Fourteenth foreign", linkedEntityIds: $c }) { subject } }',
      { t: await activityType(s, LIMITED), c: [full?.id] },
      LIMITED,
    );
    return [reply.body?.data?.addActivity ?? null, reply.body?.errors?.[0]?.extensions?.code];
  },
  'holdout14.region.au-event-views-empty': async (s) =>
    (await gql(s, '{ opportunityEventViews(limit: 2) { totalModels } }', {}, { region: 'au' })).body?.data,
  'holdout14.auth.limited-token-as-full': async (s) =>
    (await gql(s, '{ lists(limit: 3) { models { id } } }', {}, LIMITED)).body?.data,
  'holdout14.auth.limited-writes-401': async (s) =>
    (
      await gql(
        s,
        'mutation { addCompany(input: { companyName: "Fourteenth Limited Holdings" }) { validationErrors { propertyName } } }',
        {},
        LIMITED,
      )
    ).status,
  'holdout14.http.charset-latin1-declared': async (s) => (await gql(s, '{ currencies }')).type,
  'holdout14.http.boolean-mutation-204': async (s) => {
    const id = await workingList(s, 'Fourteenth Removed List');
    const reply = await gql(s, 'mutation($id: ID!) { removeWorkingList(listId: $id) }', { id });
    return [reply.status, reply.body?.data];
  },
  'holdout14.caching.stale-once-after-write': async (s) => {
    await found(s, 'Fourteenth Stale');
    await gql(
      s,
      'mutation { addCompany(input: { companyName: "Fourteenth Stale Holdings" }) { item { id } } }',
    );
    return found(s, 'Fourteenth Stale');
  },
  'holdout14.errors.single-error-as-object': async (s) =>
    Array.isArray((await gql(s, BAD_DOCUMENT)).body?.errors),
  'holdout14.errors.each-error-twice': async (s) => (await gql(s, BAD_DOCUMENT)).body?.errors?.length,
};

describeHeldOutSet(
  'the fourteenth held-out mutant set',
  HOLDOUT14,
  'holdout14.',
  SETS.all.filter((m) => !m.id.startsWith('holdout14.')).map((m) => m.id),
  PROBES,
);
