import { HOLDOUT21 } from '../../../scripts/mutation/holdout21.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { SETS } from '../../../scripts/mutation/sets.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import { describeHeldOutSet, gql, linkableList, models, type Probe } from '../../helpers/mutant-client.js';

const LIMITED = { token: DEV_TOKENS.limited };

/** The first activity type the full tenant may create activities with. */
async function activityType(s: MutantServer): Promise<unknown> {
  return (await models(s, 'activityTypes', '{ activityTypes(limit: 1) { models { id } } }'))[0]?.id;
}

/** A new activity of the full tenant at `date` with `summary`: its id. */
async function newActivity(s: MutantServer, date: string, summary = 'Twenty-first'): Promise<unknown> {
  const added = await gql(
    s,
    'mutation($t: ID!, $d: String!, $s: String) { addActivity(input: { typeId: $t, activityDate: $d, subject: "Twenty-first", summary: $s }) { id } }',
    { t: await activityType(s), d: date, s: summary },
  );
  return added.body?.data?.addActivity?.id;
}

/** A new person of the full tenant: its id. */
async function newPerson(s: MutantServer, firstName: string, lastName = 'Holdout'): Promise<unknown> {
  const added = await gql(
    s,
    'mutation($f: String, $l: String) { addPerson(input: { firstName: $f, lastName: $l }) { item { id } } }',
    { f: firstName, l: lastName },
  );
  return added.body?.data?.addPerson?.item?.id;
}

/** The code of the first error of a reply, or null. */
const code = (reply: Awaited<ReturnType<typeof gql>>): unknown =>
  reply.body?.errors?.[0]?.extensions?.code ?? null;

/**
 * For each mutant of the twenty-first held-out set, a request sequence whose observation differs between
 * the correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout21.paging.activities-originator-filter-ignored': async (s) => {
    const [first] = await models(
      s,
      'activities',
      '{ activities(limit: 1) { models { originator { id } } } }',
    );
    return (
      await gql(s, 'query($o: [ID]) { activities(filter: { originatorIds: $o }) { totalModels } }', {
        o: [(first?.originator as { id?: unknown } | null)?.id],
      })
    ).body?.data;
  },
  'holdout21.paging.activity-type-filter-case-sensitive': async (s) =>
    (await gql(s, '{ activities(filter: { type: "phone call" }, limit: 3) { totalModels models { type } } }'))
      .body?.data,
  'holdout21.paging.people-ids-first-50': async (s) => {
    const found = await models(
      s,
      'searchFirmContacts',
      '{ searchFirmContacts(limit: 300) { models { __typename id } } }',
    );
    const ids = found.filter((m) => m.__typename === 'Person').map((m) => m.id);
    const reply = await gql(s, 'query($ids: [ID!]!) { people(ids: $ids) { id } }', { ids: ids.slice(0, 60) });
    return [ids.length >= 60, (reply.body?.data?.people as unknown[] | undefined)?.length];
  },
  'holdout21.sort.lookups-in-id-order': async (s) =>
    (await gql(s, '{ industries { models { name } } practiceGroups { models { name } } }')).body?.data,
  'holdout21.sort.later-keys-take-first-direction': async (s) =>
    (
      await gql(
        s,
        '{ objectives(sort: [{ field: status, direction: Ascending }, { field: name, direction: Descending }], limit: 10) { models { name } } }',
      )
    ).body?.data,
  'holdout21.nullability.full-name-null-without-middle-name': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 20) { models { ... on Person { fullName } } } }')).body?.data,
  'holdout21.nullability.country-divisions-null-without-states': async (s) =>
    (await gql(s, '{ countries { models { name administrativeDivisions { stateLabel } } } }')).body?.data,
  'holdout21.versions.unknown-revision-served-as-newest': async (s) =>
    (await gql(s, '{ currencies }', {}, { version: '1.3.0' })).status,
  'holdout21.versions.1.2.0-update-activity-id-only': async (s) => {
    const id = await newActivity(s, '2030-04-01 09:00:00');
    const reply = await gql(
      s,
      'mutation($id: ID) { updateActivity(input: { activityId: $id, subject: "Twenty-first renamed" }) { item { subject } } }',
      { id },
      { version: '1.2.0' },
    );
    return [reply.body?.data ?? null, code(reply)];
  },
  'holdout21.enums.client-list-classes-unmapped': async (s) =>
    (await gql(s, '{ lists(listClass: [WorkingList]) { totalModels } }')).body?.data,
  'holdout21.enums.list-class-answered-in-client-values': async (s) =>
    (await gql(s, '{ folderTypes { models { listClass } } }')).body?.data,
  'holdout21.dates.update-activity-last-edited-kept': async (s) => {
    const [first] = await models(s, 'activities', '{ activities(limit: 1) { models { id } } }');
    await gql(
      s,
      'mutation($id: ID) { updateActivity(input: { activityId: $id, subject: "Twenty-first edit" }) { item { id } } }',
      { id: first?.id },
    );
    const read = await gql(s, 'query($id: ID!) { activity(id: $id) { lastEditedDate } }', { id: first?.id });
    return read.body?.data?.activity?.lastEditedDate === new Date().toISOString().slice(0, 10);
  },
  'holdout21.dates.stage-time-spent-inclusive': async (s) =>
    (await gql(s, '{ opportunities(limit: 3) { models { stageInstances { timeSpent } } } }')).body?.data,
  'holdout21.dates.activity-date-stored-to-minute': async (s) => {
    const id = await newActivity(s, '2030-04-02 10:15:42');
    return (await gql(s, 'query($id: ID!) { activity(id: $id) { activityStartDate } }', { id })).body?.data;
  },
  'holdout21.validation.duplicate-field-name-numbered': async (s) => {
    const list = await linkableList(s);
    const add = () =>
      gql(
        s,
        'mutation($l: ID!) { addAdditionalFieldDefinition(input: { listId: $l, name: "Twenty-first note", type: text }) { success additionalFieldDefinition { name } } }',
        { l: list },
      );
    await add();
    const again = await add();
    return [again.body?.data?.addAdditionalFieldDefinition ?? null, code(again)];
  },
  'holdout21.validation.self-relationship-accepted': async (s) => {
    const person = await newPerson(s, 'Selma');
    const [type] = (
      (
        await gql(
          s,
          '{ relationshipTypes(filter: { relationshipListingType: PersonToPerson }, limit: 1) { id } }',
        )
      ).body?.data?.relationshipTypes as { id: unknown }[]
    ).slice(0, 1);
    const reply = await gql(
      s,
      'mutation($c: ID!, $t: ID!) { addRelationshipForContacts(input: { baseContactId: $c, relatedContactId: $c, relationshipTypeId: $t }) { success validationErrors { propertyName } } }',
      { c: person, t: type?.id },
    );
    return [reply.body?.data ?? null, code(reply)];
  },
  'holdout21.validation.integer-measurement-rounded': async (s) => {
    const reply = await gql(
      s,
      'mutation { addObjective(input: { name: "Twenty-first measured", measurementOfSuccess: { measurementType: "Number", numberType: "Integer", targetValue: 2.5 } }) { validationErrors { propertyName } item { measurementOfSuccess { targetValue } } } }',
    );
    return [reply.body?.data ?? null, code(reply)];
  },
  'holdout21.persistence.activity-summary-html-escaped': async (s) => {
    const id = await newActivity(s, '2030-04-03 11:00:00', 'Fees & costs <draft>');
    return (await gql(s, 'query($id: ID!) { activity(id: $id) { summary } }', { id })).body?.data;
  },
  'holdout21.persistence.patch-objective-type-update-as-add': async (s) => {
    const [first] = await models(s, 'objectiveTypes', '{ objectiveTypes(limit: 1) { models { id } } }');
    await gql(
      s,
      'mutation($id: ID) { patchObjectiveType(input: { items: [{ id: $id, name: "Twenty-first type" }] }) { validationErrors { propertyName } } }',
      { id: first?.id },
    );
    return (await gql(s, '{ objectiveTypes(limit: 500) { totalModels } }')).body?.data;
  },
  'holdout21.persistence.contact-text-latin1': async (s) => {
    const id = await newPerson(s, 'Łukasz', 'Nowak');
    return (await gql(s, 'query($id: ID!) { person(id: $id) { firstName } }', { id })).body?.data;
  },
  'holdout21.events.member-added-once-per-write': async (s) => {
    const list = await linkableList(s);
    const contacts = [await newPerson(s, 'Ada'), await newPerson(s, 'Bea')];
    await gql(
      s,
      'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
      { l: [list], c: contacts },
    );
    return (
      await gql(
        s,
        'query($l: [ID!]) { listEventViews(filter: { listIds: $l, eventTypes: [ListMemberAdded] }) { totalModels } }',
        { l: [list] },
      )
    ).body?.data;
  },
  'holdout21.events.company-contact-events-missing': async (s) =>
    (await gql(s, '{ firmContactEventViews { totalModels } }')).body?.data,
  'holdout21.events.after-ignored-beside-from': async (s) =>
    (
      await gql(
        s,
        '{ firmContactEventViews(filter: { eventDate: { from: "2016-01-01T00:00:00Z", after: "2024-01-01T00:00:00Z" } }) { totalModels } }',
      )
    ).body?.data,
  'holdout21.tenancy.audit-feature-switch-ignored': async (s) =>
    (await gql(s, '{ listEventViews { totalModels } }', {}, LIMITED)).body?.data,
  'holdout21.region.eu-floats-decimal-comma': async (s) =>
    (
      await gql(
        s,
        '{ searchFirmContacts(limit: 5) { models { relationshipScore { value } } } }',
        {},
        { region: 'eu' },
      )
    ).body?.data,
  'holdout21.auth.hidden-opportunities-flag-false': async (s) =>
    (await gql(s, '{ opportunities(limit: 100) { models { shouldBeHidden } } }')).body?.data,
  'holdout21.caching.search-index-lag': async (s) => {
    await newPerson(s, 'Quenby', 'Lagwell');
    return (
      await gql(s, '{ searchFirmContacts(filter: [{ field: term, value: "Lagwell" }]) { totalModels } }')
    ).body?.data;
  },
  'holdout21.http.405-without-allow': async (s) => {
    const res = await fetch(s.template.replace('{region}', 'us').replace('{version}', '1.4.0'), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${DEV_TOKENS.full}` },
      body: JSON.stringify({ query: '{ currencies }' }),
    });
    await res.text();
    return [res.status, res.headers.get('allow')];
  },
  'holdout21.errors.malformed-id-bad-user-input': async (s) => {
    const reply = await gql(s, '{ activity(id: "not-an-id") { id } }');
    return [reply.body?.data ?? null, code(reply)];
  },
};

describeHeldOutSet(
  'the twenty-first held-out mutant set',
  HOLDOUT21,
  'holdout21.',
  SETS.all.filter((m) => !m.id.startsWith('holdout21.')).map((m) => m.id),
  PROBES,
);
