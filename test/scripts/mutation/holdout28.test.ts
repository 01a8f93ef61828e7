import { HOLDOUT28 } from '../../../scripts/mutation/holdout28.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { SETS } from '../../../scripts/mutation/sets.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import {
  answerData as data,
  describeHeldOutSet,
  gql,
  models,
  type Options,
  type Probe,
  newProbePerson as newPerson,
} from '../../helpers/mutant-client.js';

const LIMITED = { token: DEV_TOKENS.limited };
const V120 = { version: '1.2.0' };

/** The firm's default activity type in a region. */
async function defaultType(s: MutantServer, options: Options = {}): Promise<unknown> {
  return (await gql(s, '{ firm { settings { defaultNewActivityTypeId } } }', {}, options)).body?.data?.firm
    ?.settings?.defaultNewActivityTypeId;
}

/** The first list the full tenant may link any contact into and remove from, with an integer field. */
async function listWithIntegerField(
  s: MutantServer,
): Promise<{ list: unknown; field: unknown; max: number }> {
  const lists = await models(
    s,
    'lists',
    '{ lists(limit: 100) { models { id allowedLinkInto allowedRemoveFrom allowedContactEntity additionalFieldDefinitions { models { id fieldDataType numericDataTypeMaxValue } } } } }',
  );
  for (const l of lists) {
    if (l.allowedLinkInto !== true || l.allowedRemoveFrom !== true || l.allowedContactEntity !== 'Any')
      continue;
    const fields = (l.additionalFieldDefinitions as { models: Record<string, unknown>[] }).models;
    const field = fields.find((f) => f.fieldDataType === 'integer');
    if (field) return { list: l.id, field: field.id, max: Number(field.numericDataTypeMaxValue) };
  }
  return { list: null, field: null, max: 0 };
}

/** The values a contact has on a list. */
async function valuesOn(s: MutantServer, c: unknown, l: unknown): Promise<unknown> {
  return data(
    s,
    'query($c: ID!, $l: ID) { person(id: $c) { additionalFieldValues(listId: $l) { models { value } } } }',
    { c, l },
  );
}

const ADD_TO_LISTS =
  'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }';

/**
 * For each mutant of the twenty-eighth held-out set, a request sequence whose observation differs between
 * the correct server and the mutant: proof that the mutant ships a regression at all. The observations
 * hold no ids of records a probe added, which differ from server to server.
 */
const PROBES: Record<string, Probe> = {
  'holdout28.paging.note-page-limit-ignored': (s) =>
    data(
      s,
      '{ searchFirmContacts(limit: 5) { models { notes { allNotes(limit: 1) { models { subject } } } } } }',
    ),
  'holdout28.paging.event-filters-joined-with-or': async (s) => {
    const [updated] = await models(
      s,
      'firmContactEventViews',
      '{ firmContactEventViews(filter: { eventTypes: [ContactUpdated] }, limit: 1) { models { contactId } } }',
    );
    return data(
      s,
      'query($c: [ID!]) { firmContactEventViews(filter: { eventTypes: [ContactCreated], contactIds: $c }) { totalModels models { eventType } } }',
      { c: [updated?.contactId] },
    );
  },
  'holdout28.paging.contact-field-values-list-filter-ignored': async (s) => {
    const [list] = await models(s, 'lists', '{ lists(limit: 1) { models { id } } }');
    return data(
      s,
      'query($l: ID) { searchFirmContacts(limit: 10) { models { additionalFieldValues(listId: $l) { totalModels } } } }',
      { l: list?.id },
    );
  },
  'holdout28.paging.search-last-name-prefix-only': (s) =>
    data(
      s,
      '{ searchFirmContacts(filter: [{ field: lastName, value: "er" }], limit: 5) { totalModels models { displayName } } }',
    ),
  'holdout28.paging.search-contact-types-first-only': async (s) => {
    const types = await models(s, 'contactTypes', '{ contactTypes { models { id } } }');
    const totals: unknown[] = [];
    for (const t of types)
      totals.push(
        await data(
          s,
          'query($t: [String]) { searchFirmContacts(filter: [{ field: contactTypeIds, values: $t }], limit: 3) { totalModels } }',
          { t: [t.id] },
        ),
      );
    return totals;
  },
  'holdout28.sort.search-ids-in-given-order': async (s) => {
    const first = await models(s, 'searchFirmContacts', '{ searchFirmContacts(limit: 4) { models { id } } }');
    return data(
      s,
      'query($f: [ContactFilterInput]) { searchFirmContacts(filter: $f) { models { displayName } } }',
      { f: [{ field: 'ids', values: first.map((c) => c.id).reverse() }] },
    );
  },
  'holdout28.region.eu-note-creator-name-null': (s) =>
    data(
      s,
      '{ searchFirmContacts(limit: 3) { models { notes { allNotes { models { creatorName } } } } } }',
      {},
      { region: 'eu' },
    ),
  'holdout28.region.eu-search-total-counts-us': (s) =>
    data(s, '{ searchFirmContacts(limit: 1) { totalModels } }', {}, { region: 'eu' }),
  'holdout28.nullability.note-client-text-null': (s) =>
    data(s, '{ searchFirmContacts(limit: 2) { models { notes { allNotes { models { notes } } } } } }'),
  'holdout28.nullability.mailing-address-flag-false': (s) =>
    data(s, '{ searchFirmContacts(limit: 3) { models { addresses { isMailingAddress } } } }'),
  'holdout28.nullability.employee-flag-false': async (s) =>
    (
      await models(
        s,
        'searchFirmContacts',
        '{ searchFirmContacts(limit: 1000) { models { ... on Person { isEmployee } } } }',
      )
    ).filter((c) => c.isEmployee === true).length,
  'holdout28.nullability.activity-person-company-null': (s) =>
    data(
      s,
      '{ activities(limit: 10) { models { linkedActivityContacts { ... on ActivityPerson { company { name } } } } } }',
    ),
  'holdout28.nullability.unknown-activity-links-dropped': async (s) => {
    const activities = await models(
      s,
      'activities',
      '{ activities(limit: 1000) { models { linkedActivityContacts { __typename } } } }',
    );
    return activities
      .flatMap((a) => a.linkedActivityContacts as { __typename: string }[])
      .filter((c) => c.__typename === 'ActivityUnknown').length;
  },
  'holdout28.dates.value-item-last-edit-as-calendar-date': (s) =>
    data(
      s,
      '{ searchFirmContacts(limit: 3) { models { additionalFieldValues { models { valueItems { lastEditDate } } } } } }',
    ),
  'holdout28.enums.home-address-type-personal': (s) =>
    data(s, '{ searchFirmContacts(limit: 5) { models { addresses { type } } } }'),
  'holdout28.versions.1.2.0-event-after-bound-unknown': (s) =>
    data(
      s,
      '{ firmContactEventViews(filter: { eventDate: { after: "2026-01-01T00:00:00Z" } }, limit: 2) { totalModels } }',
      {},
      V120,
    ),
  'holdout28.versions.1.2.0-search-terms-null': (s) =>
    data(
      s,
      '{ searchFirmContacts(filter: [{ field: term, value: "ab" }], limit: 1) { searchTerms { term } totalModels } }',
      {},
      V120,
    ),
  'holdout28.versions.1.2.0-linked-contact-type-ignored': async (s) =>
    (
      await models(
        s,
        'activities',
        '{ activities(limit: 50) { models { linkedActivityContacts(contactType: Company) { id } } } }',
        V120,
      )
    ).flatMap((a) => a.linkedActivityContacts as unknown[]).length,
  'holdout28.errors.nested-negative-paging-as-zero': async (s) => {
    const reply = await gql(
      s,
      '{ searchFirmContacts(limit: 1) { models { notes { allNotes(limit: -1) { totalModels } } } } }',
    );
    return [reply.body?.data, (reply.body?.errors ?? []).map((e) => e.extensions?.code)];
  },
  'holdout28.tenancy.limited-event-contact-ids-reach-full': async (s) => {
    const [contact] = await models(
      s,
      'searchFirmContacts',
      '{ searchFirmContacts(limit: 1) { models { id } } }',
    );
    return data(
      s,
      'query($c: [ID!]) { firmContactEventViews(filter: { contactIds: $c }) { totalModels models { eventType } } }',
      { c: [contact?.id] },
      LIMITED,
    );
  },
  'holdout28.persistence.add-activity-company-links-dropped': async (s) => {
    const [company] = await models(
      s,
      'searchFirmContacts',
      '{ searchFirmContacts(filter: [{ field: contactEntity, value: "Company" }], limit: 1) { models { id } } }',
    );
    const reply = await gql(
      s,
      'mutation($t: ID!, $l: [ID]) { addActivity(input: { typeId: $t, activityDate: "2026-03-02 10:00:00", subject: "Linked both", linkedEntityIds: $l }) { linkedActivityContacts { __typename } } }',
      { t: await defaultType(s), l: [await newPerson(s, 'Linked'), company?.id] },
    );
    return (reply.body?.data?.addActivity?.linkedActivityContacts as { __typename: string }[] | undefined)
      ?.map((c) => c.__typename)
      .sort();
  },
  'holdout28.region.au-activity-date-sydney-time': async (s) => {
    const au = { region: 'au' };
    const reply = await gql(
      s,
      'mutation($t: ID!) { addActivity(input: { typeId: $t, activityDate: "2026-03-02 10:00:00", subject: "Sydney call" }) { activityStartDate } }',
      { t: await defaultType(s, au) },
      au,
    );
    return reply.body?.data?.addActivity?.activityStartDate ?? null;
  },
  'holdout28.validation.field-value-out-of-bounds-clamped': async (s) => {
    const { list, field, max } = await listWithIntegerField(s);
    const c = await newPerson(s, 'Bounded');
    await gql(s, ADD_TO_LISTS, { l: [list], c: [c] });
    const reply = await data(
      s,
      'mutation($l: ID, $c: ID!, $f: ID!, $v: String) { updateListContactAdditionalFields(input: { listId: $l, contactId: $c, fields: [{ fieldId: $f, value: $v }] }) { models { isSuccessful } } }',
      { l: list, c, f: field, v: String(max + 10) },
    );
    return [reply, await valuesOn(s, c, list)];
  },
  'holdout28.persistence.empty-tags-list-ignored': async (s) => {
    const added = await gql(
      s,
      'mutation { addPerson(input: { firstName: "Tagged", lastName: "Probe", tags: ["Alpha"] }) { item { id } } }',
    );
    const c: unknown = added.body?.data?.addPerson?.item?.id;
    await gql(s, 'mutation($c: ID!) { updatePublicPerson(input: { id: $c, tags: [] }) { status } }', { c });
    return data(s, 'query($c: ID!) { person(id: $c) { tags } }', { c });
  },
  'holdout28.events.tags-only-edit-unrecorded': async (s) => {
    const c = await newPerson(s, 'Retagged');
    await gql(s, 'mutation($c: ID!) { updatePublicPerson(input: { id: $c, tags: ["Gamma"] }) { status } }', {
      c,
    });
    return data(
      s,
      'query($c: [ID!]) { firmContactEventViews(filter: { contactIds: $c }) { totalModels models { eventType } } }',
      { c: [c] },
    );
  },
  'holdout28.persistence.business-address-label-dropped': async (s) => {
    const added = await gql(
      s,
      'mutation { addPerson(input: { firstName: "Labelled", lastName: "Probe", businessAddress: { street: "1 Main Street", city: "Boston", country: "United States", label: "Head office", additionalField: "Floor 3" } }) { item { id } } }',
    );
    return data(s, 'query($c: ID!) { person(id: $c) { addresses { label additional } } }', {
      c: added.body?.data?.addPerson?.item?.id,
    });
  },
  'holdout28.auth.api-working-list-not-deletable': async (s) => {
    const types = await models(
      s,
      'folderTypes',
      '{ folderTypes(listClass: [workingLists]) { models { id } } }',
    );
    const added = await gql(
      s,
      'mutation($t: ID!) { addWorkingList(input: { name: "Twenty-Eighth Working List", folderTypeId: $t }) { success item { id deleteAllowed } } }',
      { t: types[0]?.id },
    );
    const item = added.body?.data?.addWorkingList?.item as
      { id: unknown; deleteAllowed: unknown } | undefined;
    const removed = await data(s, 'mutation($l: ID!) { removeWorkingList(listId: $l) }', { l: item?.id });
    return [item?.deleteAllowed, removed];
  },
  'holdout28.persistence.removed-member-values-kept': async (s) => {
    const { list, field } = await listWithIntegerField(s);
    const c = await newPerson(s, 'Returning');
    await gql(s, ADD_TO_LISTS, { l: [list], c: [c] });
    await gql(
      s,
      'mutation($l: ID, $c: ID!, $f: ID!) { updateListContactAdditionalFields(input: { listId: $l, contactId: $c, fields: [{ fieldId: $f, value: "3" }] }) { models { isSuccessful } } }',
      { l: list, c, f: field },
    );
    await gql(
      s,
      'mutation($l: ID!, $c: [ID!]!) { removeContactsFromList(listId: $l, contactIds: $c) { contactsEffected } }',
      { l: list, c: [c] },
    );
    await gql(s, ADD_TO_LISTS, { l: [list], c: [c] });
    return valuesOn(s, c, list);
  },
  'holdout28.caching.search-index-stale-after-rename': async (s) => {
    const added = await gql(
      s,
      'mutation { addPerson(input: { firstName: "Renamed", lastName: "Oldnamexyz" }) { item { id } } }',
    );
    await gql(
      s,
      'mutation($c: ID!) { updatePublicPerson(input: { id: $c, lastName: "Newnamexyz" }) { status } }',
      {
        c: added.body?.data?.addPerson?.item?.id,
      },
    );
    const count = (name: string) =>
      data(
        s,
        'query($n: String) { searchFirmContacts(filter: [{ field: lastName, value: $n }]) { totalModels models { displayName } } }',
        { n: name },
      );
    return [await count('Oldnamexyz'), await count('Newnamexyz')];
  },
};

describeHeldOutSet(
  'the twenty-eighth held-out mutant set',
  HOLDOUT28,
  'holdout28.',
  SETS.all.filter((m) => !m.id.startsWith('holdout28.')).map((m) => m.id),
  PROBES,
);
