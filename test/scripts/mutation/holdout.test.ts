import { HOLDOUT } from '../../../scripts/mutation/holdout.js';
import { MUTANTS } from '../../../scripts/mutation/mutants.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import { describeHeldOutSet, gql, type Probe, type Reply } from '../../helpers/mutant-client.js';

const ADD_ACTIVITY = `mutation($input: AddActivityInput!) {
  addActivity(input: $input) { id activityStartDate summary location }
}`;

/** A new activity of the seeded default type, written with `input` on top of a valid one. */
async function addActivity(server: MutantServer, input: Record<string, unknown> = {}): Promise<Reply> {
  const types = await gql(server, '{ activityTypes(limit: 1) { models { id } } }');
  const typeId: unknown = types.body?.data?.activityTypes.models[0].id;
  return gql(server, ADD_ACTIVITY, {
    input: { typeId, activityDate: '2026-05-01 10:00:00', subject: 'Held-out probe', ...input },
  });
}

/**
 * For each held-out mutant, a request sequence whose observation differs between the correct server and
 * the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout.paging.limit-off-by-one': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 5) { models { id } } }')).body?.data?.searchFirmContacts.models
      .length,
  'holdout.paging.skip-ignored-when-sorted': async (s) =>
    (
      await gql(
        s,
        '{ searchFirmContacts(skip: 2, limit: 2, sort: { field: "displayName" }) { models { id } } }',
      )
    ).body?.data?.searchFirmContacts.models,
  'holdout.paging.search-filter-ignored': async (s) =>
    (
      await gql(
        s,
        '{ searchFirmContacts(filter: [{ field: contactEntity, value: "Company" }]) { totalModels } }',
      )
    ).body?.data?.searchFirmContacts.totalModels,
  'holdout.sort.direction-default-descending': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 3, sort: { field: "displayName" }) { models { id } } }')).body
      ?.data?.searchFirmContacts.models,
  'holdout.null.total-models-on-empty-page': async (s) =>
    (await gql(s, '{ searchFirmContacts(skip: 1000000) { totalModels models { id } } }')).body?.data
      ?.searchFirmContacts.totalModels,
  'holdout.null.event-contact': async (s) =>
    (await gql(s, '{ firmContactEventViews(limit: 3) { models { contact { id } } } }')).body?.data
      ?.firmContactEventViews.models,
  'holdout.versions.currencies-missing': async (s) => (await gql(s, '{ currencies }')).body,
  'holdout.versions.1.2.0-score-description-missing': async (s) =>
    (
      await gql(
        s,
        '{ searchFirmContacts(limit: 1) { models { relationshipScore { description } } } }',
        {},
        {
          version: '1.2.0',
        },
      )
    ).body,
  'holdout.enums.event-type-renamed': async (s) =>
    (
      await gql(
        s,
        '{ firmContactEventViews(limit: 1, filter: { eventTypes: [ContactCreated] }) { models { eventType } } }',
      )
    ).body?.data?.firmContactEventViews.models,
  'holdout.enums.activity-class-lowercase': async (s) => {
    const list = await gql(s, '{ activities(limit: 1) { models { id } } }');
    const id: unknown = list.body?.data?.activities.models[0].id;
    return (await gql(s, 'query($id: ID!) { activity(id: $id) { activityClass } }', { id })).body?.data;
  },
  'holdout.dates.offset-instead-of-z': async (s) =>
    (await gql(s, '{ firmContactEventViews(limit: 1) { models { eventDate } } }')).body?.data
      ?.firmContactEventViews.models,
  'holdout.dates.activity-date-as-local-time': async (s) =>
    (await addActivity(s)).body?.data?.addActivity.activityStartDate,
  'holdout.validation.activity-date-format-lenient': async (s) =>
    (await addActivity(s, { activityDate: '2026-05-01T10:00:00Z' })).body?.errors?.[0]?.extensions?.code,
  'holdout.validation.folder-types-two-classes': async (s) =>
    (await gql(s, '{ folderTypes(listClass: [contactTypes, marketingLists]) { totalModels } }')).body,
  'holdout.persistence.update-clears-unspecified': async (s) => {
    const id: unknown = (await addActivity(s, { summary: 'kept' })).body?.data?.addActivity.id;
    const updated = await gql(
      s,
      'mutation($input: UpdateActivityInput!) { updateActivity(input: $input) { item { summary } } }',
      { input: { id, subject: 'Renamed' } },
    );
    return updated.body?.data?.updateActivity.item.summary;
  },
  'holdout.persistence.remove-answers-failure': async (s) => {
    const id: unknown = (await addActivity(s)).body?.data?.addActivity.id;
    return (await gql(s, 'mutation($id: ID!) { removeActivity(id: $id) { isSuccessful } }', { id })).body
      ?.data;
  },
  'holdout.persistence.list-membership-not-kept': async (s) => {
    const lists = await gql(s, '{ lists(limit: 100) { models { id allowedLinkInto } } }');
    const listId = (lists.body?.data?.lists.models as { id: string; allowedLinkInto: boolean }[]).find(
      (l) => l.allowedLinkInto,
    )?.id;
    const added = await gql(
      s,
      'mutation { addPerson(input: { firstName: "List", lastName: "Member" }) { item { id } } }',
    );
    const contactId: unknown = added.body?.data?.addPerson.item.id;
    await gql(
      s,
      'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
      { l: [listId], c: [contactId] },
    );
    const members = await gql(
      s,
      'query($id: ID!) { list(id: $id) { contacts(limit: 1000) { models { id } } } }',
      {
        id: listId,
      },
    );
    return (members.body?.data?.list.contacts.models as { id: unknown }[]).some((m) => m.id === contactId);
  },
  'holdout.events.contact-id-of-first-event': async (s) =>
    new Set(
      (
        (await gql(s, '{ firmContactEventViews(limit: 20) { models { contactId } } }')).body?.data
          ?.firmContactEventViews.models as { contactId: unknown }[]
      ).map((m) => m.contactId),
    ).size,
  'holdout.events.filter-ignored': async (s) =>
    (await gql(s, '{ firmContactEventViews(filter: { eventTypes: [ContactCreated] }) { totalModels } }')).body
      ?.data?.firmContactEventViews.totalModels,
  'holdout.tenancy.search-leaks-full-tenant': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 2) { models { id } } }', {}, { token: DEV_TOKENS.limited }))
      .body?.data,
  'holdout.tenancy.language-switch-ignored': async (s) => {
    const people = await gql(
      s,
      '{ searchFirmContacts(limit: 1, filter: [{ field: contactEntity, value: "Person" }]) { models { id } } }',
      {},
      { token: DEV_TOKENS.limited },
    );
    const personId: unknown = people.body?.data?.searchFirmContacts.models[0].id;
    const answer = await gql(
      s,
      'mutation($input: UpdateContactAdditionalFieldsInput!) { updateContactAdditionalFields(input: $input) { validationErrors { propertyName } } }',
      { input: { personId, gender: 'Female' } },
      { token: DEV_TOKENS.limited },
    );
    return answer.body;
  },
  'holdout.auth.mutation-without-token': async (s) =>
    (
      await gql(
        s,
        'mutation { addPerson(input: { firstName: "Anon", lastName: "Ymous" }) { item { id } } }',
        {},
        {
          token: null,
        },
      )
    ).status,
  'holdout.auth.401-as-html': async (s) =>
    (await gql(s, '{ __typename }', {}, { token: 'no-such-token' })).type,
  'holdout.http.invalid-document-500': async (s) => (await gql(s, '{ noSuchField }')).status,
  'holdout.cache.shared-between-tokens': async (s) => {
    const query = '{ searchFirmContacts(limit: 2) { models { id } } }';
    await gql(s, query);
    return (await gql(s, query, {}, { token: DEV_TOKENS.limited })).body?.data;
  },
  'holdout.cache.ignores-variables': async (s) => {
    const ids = (await gql(s, '{ searchFirmContacts(limit: 2) { models { id } } }')).body?.data
      ?.searchFirmContacts.models as { id: string }[];
    const query = 'query($id: ID!) { contact(id: $id) { id } }';
    await gql(s, query, { id: ids[0]!.id });
    return (await gql(s, query, { id: ids[1]!.id })).body?.data?.contact.id === ids[1]!.id;
  },
  'holdout.errors.business-rule-as-graphql-error': async (s) =>
    (
      await gql(
        s,
        'mutation { updateActivity(input: { id: "no-such-activity", subject: "x" }) { validationErrors { propertyName } } }',
      )
    ).body,
  'holdout.region.eu-writes-to-us': async (s) => {
    const added = await gql(
      s,
      'mutation { addPerson(input: { firstName: "Region", lastName: "Probe" }) { item { id } } }',
      {},
      { region: 'eu' },
    );
    const id: unknown = added.body?.data?.addPerson.item.id;
    return (await gql(s, 'query($id: ID!) { person(id: $id) { id } }', { id }, { region: 'eu' })).body?.data
      ?.person;
  },
  'holdout.region.au-from-eu': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 3) { models { id displayName } } }', {}, { region: 'au' }))
      .body?.data,
};

describeHeldOutSet(
  'the held-out mutant set',
  HOLDOUT,
  'holdout.',
  MUTANTS.map((m) => m.id),
  PROBES,
);
