import { HOLDOUT } from '../../../scripts/mutation/holdout.js';
import { HOLDOUT2 } from '../../../scripts/mutation/holdout2.js';
import { MUTANTS } from '../../../scripts/mutation/mutants.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import { describeHeldOutSet, gql, type Probe } from '../../helpers/mutant-client.js';

const LIMITED = { token: DEV_TOKENS.limited };

/** A new person of the full tenant (or of the tenant of `token`), with its id and the whole answer. */
async function addPerson(
  s: MutantServer,
  firstName = 'Probe',
  token: string = DEV_TOKENS.full,
): Promise<{ id: unknown; answer: unknown }> {
  const added = await gql(
    s,
    'mutation($f: String!) { addPerson(input: { firstName: $f, lastName: "Second" }) { status item { id firstName } } }',
    { f: firstName },
    { token },
  );
  return { id: added.body?.data?.addPerson?.item?.id, answer: added.body?.data?.addPerson };
}

/** The id of the first folder type of `listClass`. */
async function folderType(s: MutantServer, listClass: string): Promise<unknown> {
  const types = await gql(s, `{ folderTypes(listClass: [${listClass}]) { models { id isActive } } }`);
  return (types.body?.data?.folderTypes.models as { id: unknown; isActive: boolean }[]).find(
    (t) => t.isActive,
  )?.id;
}

/** A new working list's id. */
async function addWorkingList(s: MutantServer): Promise<unknown> {
  const folderTypeId = await folderType(s, 'workingLists');
  const added = await gql(
    s,
    'mutation($input: AddListInput!) { addWorkingList(input: $input) { success item { id } } }',
    { input: { name: 'Second held-out probe', folderTypeId } },
  );
  return added.body?.data?.addWorkingList.item.id;
}

/** The id of a list the API user may link contacts into. */
async function linkableList(s: MutantServer): Promise<unknown> {
  const lists = await gql(s, '{ lists(limit: 100) { models { id allowedLinkInto } } }');
  return (lists.body?.data?.lists.models as { id: unknown; allowedLinkInto: boolean }[]).find(
    (l) => l.allowedLinkInto,
  )?.id;
}

/**
 * For each mutant of the second held-out set, a request sequence whose observation differs between the
 * correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout2.paging.skip-beyond-total-last-page': async (s) =>
    (await gql(s, '{ searchFirmContacts(skip: 1000000, limit: 2) { models { id } } }')).body?.data
      ?.searchFirmContacts.models,
  'holdout2.paging.short-page-drops-last': async (s) => {
    const page = (await gql(s, '{ activityTypes(limit: 1000) { totalModels models { id } } }')).body?.data
      ?.activityTypes;
    return [page.totalModels, page.models.length];
  },
  'holdout2.paging.list-contacts-limit-ignored': async (s) =>
    Math.max(
      ...(
        (await gql(s, '{ lists(limit: 100) { models { contacts(limit: 1) { models { id } } } } }')).body?.data
          ?.lists.models as { contacts: { models: unknown[] } }[]
      ).map((l) => l.contacts.models.length),
    ),
  'holdout2.sort.only-first-key': async (s) =>
    (
      await gql(
        s,
        '{ firmContactEventViews(limit: 20, sort: [{ field: eventType }, { field: eventDate, direction: Descending }]) { models { eventType eventDate } } }',
      )
    ).body?.data?.firmContactEventViews.models,
  'holdout2.sort.event-sort-ignored': async (s) =>
    (
      await gql(
        s,
        '{ firmContactEventViews(limit: 3, sort: [{ field: eventDate, direction: Descending }]) { models { eventDate } } }',
      )
    ).body?.data?.firmContactEventViews.models,
  'holdout2.null.item-on-add': async (s) => (await addPerson(s)).id === undefined,
  'holdout2.versions.1.2.0-check-security-accepted': async (s) =>
    (await gql(s, '{ folderTypes(checkSecurity: false) { totalModels } }', {}, { version: '1.2.0' })).body,
  'holdout2.versions.opportunity-event-views-missing': async (s) =>
    (await gql(s, '{ opportunityEventViews(limit: 1) { totalModels } }')).body,
  'holdout2.enums.list-class-capitalised': async (s) =>
    (await gql(s, '{ folderTypes { models { listClass } } }')).body?.data,
  'holdout2.enums.contact-status-screaming': async (s) =>
    ((await addPerson(s)).answer as { status?: unknown } | undefined)?.status,
  'holdout2.dates.activity-view-date-day-early': async (s) =>
    (await gql(s, '{ activities(limit: 3) { models { date } } }')).body?.data?.activities.models,
  'holdout2.dates.event-date-local-time': async (s) =>
    (await gql(s, '{ firmContactEventViews(limit: 2) { models { eventDate } } }')).body?.data
      ?.firmContactEventViews.models,
  'holdout2.validation.blank-list-name-accepted': async (s) => {
    const folderTypeId = await folderType(s, 'marketingLists');
    return (
      await gql(
        s,
        'mutation($input: AddListInput!) { addList(input: $input) { validationErrors { propertyName } item { name } } }',
        { input: { name: '  ', folderTypeId } },
      )
    ).body?.data;
  },
  'holdout2.validation.matter-text-untrimmed': async (s) => {
    const matter = await gql(
      s,
      'mutation { addMatter(input: { name: "  Probe matter  ", number: " M-2 " }) { item validationErrors { propertyName } } }',
    );
    const matterId: unknown = matter.body?.data?.addMatter.item;
    const opportunities = await gql(
      s,
      '{ opportunities(limit: 100) { models { id isConfidential isCurrentUserInvolved } } }',
    );
    const opportunityId = (
      opportunities.body?.data?.opportunities.models as {
        id: unknown;
        isConfidential: boolean;
        isCurrentUserInvolved: boolean;
      }[]
    ).find((o) => !o.isConfidential || o.isCurrentUserInvolved)?.id;
    await gql(
      s,
      'mutation($input: UpdateOpportunityLinksInput!) { updateOpportunityLinks(input: $input) { validationErrors { propertyName } } }',
      { input: { opportunityId, matterId } },
    );
    return (
      await gql(s, 'query($id: ID!) { opportunity(id: $id) { associatedMatter { name number } } }', {
        id: opportunityId,
      })
    ).body?.data?.opportunity.associatedMatter;
  },
  'holdout2.persistence.remove-working-list-not-applied': async (s) => {
    const id = await addWorkingList(s);
    await gql(s, 'mutation($id: ID!) { removeWorkingList(listId: $id) }', { id });
    return (await gql(s, 'query($id: ID!) { list(id: $id) { id } }', { id })).body?.data?.list;
  },
  'holdout2.persistence.remove-from-lists-not-kept': async (s) => {
    const listId = await linkableList(s);
    const { id: contactId } = await addPerson(s);
    await gql(
      s,
      'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
      { l: [listId], c: [contactId] },
    );
    await gql(
      s,
      'mutation($input: RemoveContactFromListsInput!) { removeContactFromLists(input: $input) { item { successIds } } }',
      { input: { contactId, listIds: [listId] } },
    );
    const lists = await gql(s, 'query($id: ID!) { contact(id: $id) { lists { models { id } } } }', {
      id: contactId,
    });
    return (lists.body?.data?.contact.lists.models as { id: unknown }[]).some((l) => l.id === listId);
  },
  'holdout2.events.list-deleted-dropped': async (s) => {
    const id = await addWorkingList(s);
    await gql(s, 'mutation($id: ID!) { removeWorkingList(listId: $id) }', { id });
    return (
      await gql(
        s,
        'query($id: ID!) { listEventViews(filter: { eventTypes: [ListDeleted], listIds: [$id] }) { totalModels } }',
        { id },
      )
    ).body?.data?.listEventViews.totalModels;
  },
  'holdout2.events.opportunity-status-dropped': async (s) =>
    (await gql(s, '{ opportunityEventViews(filter: { eventTypes: [StatusChanged] }) { totalModels } }')).body
      ?.data?.opportunityEventViews.totalModels,
  'holdout2.events.relationship-one-event-per-edit': async (s) => {
    const first = await gql(
      s,
      '{ relationshipEventViews(limit: 1) { models { relationshipId isFormer isAnonymous } } }',
    );
    const event = first.body?.data?.relationshipEventViews.models[0] as {
      relationshipId: unknown;
      isFormer: boolean;
      isAnonymous: boolean;
    };
    await gql(s, 'mutation($input: EditRelationshipInput) { editRelationship(input: $input) { success } }', {
      input: {
        relationshipId: event.relationshipId,
        isFormer: !event.isFormer,
        isAnonymous: !event.isAnonymous,
      },
    });
    const latest = await gql(
      s,
      '{ relationshipEventViews(limit: 10, sort: [{ field: eventDate, direction: Descending }]) { models { relationshipId eventDate eventType } } }',
    );
    return (latest.body?.data?.relationshipEventViews.models as { relationshipId: unknown }[]).filter(
      (m) => m.relationshipId === event.relationshipId,
    ).length;
  },
  'holdout2.tenancy.list-events-leak': async (s) =>
    (await gql(s, '{ listEventViews(limit: 3) { models { listId } } }', {}, LIMITED)).body?.data,
  'holdout2.tenancy.limited-writes-to-full': async (s) => {
    const { id } = await addPerson(s, 'Limited', DEV_TOKENS.limited);
    return (await gql(s, 'query($id: ID!) { person(id: $id) { id } }', { id }, LIMITED)).body?.data?.person;
  },
  'holdout2.region.eu-events-from-us': async (s) =>
    (await gql(s, '{ firmContactEventViews(limit: 3) { models { contactId } } }', {}, { region: 'eu' })).body
      ?.data,
  'holdout2.region.eu-1.2.0-from-us': async (s) =>
    (
      await gql(
        s,
        '{ searchFirmContacts(limit: 3) { models { id } } }',
        {},
        { region: 'eu', version: '1.2.0' },
      )
    ).body?.data,
  'holdout2.auth.1.2.0-unauthenticated': async (s) =>
    (
      await gql(
        s,
        '{ firm { settings { defaultNewActivityTypeId } } }',
        {},
        { token: null, version: '1.2.0' },
      )
    ).status,
  'holdout2.http.utf8-read-as-latin1': async (s) => {
    const { answer } = await addPerson(s, 'Müller');
    return (answer as { item?: { firstName?: unknown } } | undefined)?.item?.firstName;
  },
  'holdout2.http.operation-name-ignored': async (s) =>
    Object.keys(
      (
        await gql(
          s,
          'query First { currencies } query Second { firm { settings { defaultNewActivityTypeId } } }',
          {},
          { operationName: 'Second' },
        )
      ).body?.data ?? {},
    ),
  'holdout2.cache.region-not-in-key': async (s) => {
    const query = '{ searchFirmContacts(limit: 3) { models { id } } }';
    await gql(s, query);
    return (await gql(s, query, {}, { region: 'eu' })).body?.data;
  },
  'holdout2.errors.empty-errors-on-success': async (s) => (await gql(s, '{ __typename }')).body,
  'holdout2.errors.bulk-skips-unreported': async (s) => {
    const listId = await linkableList(s);
    return (
      await gql(
        s,
        'mutation($l: [ID!]!) { addContactsToLists(listIds: $l, contactIds: ["no-such-contact"]) { skippedCount skippedContactIds } }',
        { l: [listId] },
      )
    ).body?.data?.addContactsToLists;
  },
};

describeHeldOutSet(
  'the second held-out mutant set',
  HOLDOUT2,
  'holdout2.',
  [...MUTANTS, ...HOLDOUT].map((m) => m.id),
  PROBES,
);
