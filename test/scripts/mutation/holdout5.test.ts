import { HOLDOUT } from '../../../scripts/mutation/holdout.js';
import { HOLDOUT2 } from '../../../scripts/mutation/holdout2.js';
import { HOLDOUT3 } from '../../../scripts/mutation/holdout3.js';
import { HOLDOUT4 } from '../../../scripts/mutation/holdout4.js';
import { HOLDOUT5 } from '../../../scripts/mutation/holdout5.js';
import { MUTANTS } from '../../../scripts/mutation/mutants.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import { describeHeldOutSet, gql, postRaw, type Options, type Probe } from '../../helpers/mutant-client.js';

const LIMITED = { token: DEV_TOKENS.limited };
const GRAPHQL_RESPONSE = { accept: 'application/graphql-response+json' };

/** A new person's id (full tenant, us, unless `options` say otherwise). */
async function addPerson(s: MutantServer, options: Options = {}): Promise<unknown> {
  const added = await gql(
    s,
    'mutation { addPerson(input: { firstName: "Fifth", lastName: "Probe" }) { item { id } } }',
    {},
    options,
  );
  return added.body?.data?.addPerson?.item?.id;
}

/** The id of the first list of a class of the full tenant. */
async function firstList(s: MutantServer, listClass: string): Promise<unknown> {
  return (await gql(s, `{ lists(listClass: [${listClass}], limit: 1) { models { id } } }`)).body?.data?.lists
    .models[0].id;
}

/**
 * For each mutant of the fifth held-out set, a request sequence whose observation differs between the
 * correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout5.paging.activity-types-skip-ignored': async (s) =>
    (await gql(s, '{ activityTypes(onlyUserCreatable: false, skip: 1, limit: 1) { models { id } } }')).body
      ?.data,
  'holdout5.paging.contact-types-limit-ignored': async (s) =>
    (await gql(s, '{ contactTypes(limit: 1) { models { id } } }')).body?.data?.contactTypes.models.length,
  'holdout5.paging.skip-echo-zero': async (s) =>
    (await gql(s, '{ initiatives(skip: 1, limit: 1) { skip } }')).body?.data,
  'holdout5.sort.activity-date-descending-ignored': async (s) =>
    (
      await gql(
        s,
        '{ activities(limit: 3, sort: [{ field: Date, direction: Descending }]) { models { date } } }',
      )
    ).body?.data,
  'holdout5.sort.relationship-types-sort-ignored': async (s) =>
    (await gql(s, '{ relationshipTypes(sort: { field: name, direction: Descending }) { name } }')).body?.data,
  'holdout5.null.activity-originator': async (s) =>
    (await gql(s, '{ activities(limit: 5) { models { originator { id } } } }')).body?.data,
  'holdout5.null.list-owner-name': async (s) =>
    (await gql(s, '{ lists(limit: 5) { models { ownerName } } }')).body?.data,
  'holdout5.versions.remove-working-list-list-id-missing': async (s) =>
    (await gql(s, 'mutation { removeWorkingList(listId: "no-such-list") }')).body,
  'holdout5.versions.industries-missing': async (s) => (await gql(s, '{ industries { totalModels } }')).body,
  'holdout5.enums.contact-entity-lowercase': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 3) { models { contactEntity } } }')).body?.data,
  'holdout5.enums.sort-echo-direction-abbreviated': async (s) =>
    (
      await gql(
        s,
        '{ initiatives(limit: 1, sort: [{ field: name, direction: Descending }]) { sort { direction } } }',
      )
    ).body?.data,
  'holdout5.dates.activity-start-seconds-dropped': async (s) => {
    const listed = await gql(s, '{ activities(limit: 1) { models { id } } }');
    const id: unknown = listed.body?.data?.activities.models[0].id;
    return (await gql(s, 'query($id: ID!) { activity(id: $id) { activityStartDate } }', { id })).body?.data;
  },
  'holdout5.dates.stage-time-entered-epoch': async (s) =>
    (await gql(s, '{ opportunities(limit: 3) { models { currentStage { timeEntered } } } }')).body?.data,
  'holdout5.validation.property-name-input-prefix': async (s) => {
    const lists = await gql(s, '{ folderTypes(listClass: [marketingLists]) { models { id } } }');
    return (
      await gql(
        s,
        'mutation($input: AddListInput!) { addList(input: $input) { validationErrors { propertyName } } }',
        { input: { name: '', folderTypeId: lists.body?.data?.folderTypes.models[0].id } },
      )
    ).body?.data;
  },
  'holdout5.persistence.add-contacts-to-lists-not-kept': async (s) => {
    const lists = await gql(s, '{ lists(limit: 20) { models { id allowedLinkInto } } }');
    const listId = (lists.body?.data?.lists.models as { id: string; allowedLinkInto: boolean }[]).find(
      (l) => l.allowedLinkInto,
    )!.id;
    const contactId = await addPerson(s);
    await gql(
      s,
      'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
      { l: [listId], c: [contactId] },
    );
    const read = await gql(s, 'query($id: ID!) { list(id: $id) { contacts { totalModels } } }', {
      id: listId,
    });
    return read.body?.data;
  },
  'holdout5.persistence.remove-objective-not-applied': async (s) => {
    const listed = await gql(s, '{ objectives { models { id isDeleted } } }');
    const objective = (listed.body?.data?.objectives.models as { id: string; isDeleted: boolean }[]).find(
      (o) => !o.isDeleted,
    )!;
    await gql(s, 'mutation($id: ID!) { removeObjective(id: $id) { isSuccessful } }', { id: objective.id });
    return (await gql(s, 'query($id: ID!) { objective(id: $id) { isDeleted } }', { id: objective.id })).body
      ?.data;
  },
  'holdout5.events.objective-events-empty': async (s) =>
    (await gql(s, '{ objectiveEventViews { totalModels } }')).body?.data,
  'holdout5.events.list-event-list-null': async (s) =>
    (await gql(s, '{ listEventViews(limit: 5) { models { list { id } } } }')).body?.data,
  'holdout5.tenancy.limited-removes-full-working-list': async (s) => {
    const listId = await firstList(s, 'workingLists');
    await gql(s, 'mutation($id: ID!) { removeWorkingList(listId: $id) }', { id: listId }, LIMITED);
    return (await gql(s, 'query($id: ID!) { list(id: $id) { id } }', { id: listId })).body?.data;
  },
  'holdout5.tenancy.limited-contact-events-full': async (s) =>
    (await gql(s, '{ firmContactEventViews(limit: 5) { totalModels models { contactId } } }', {}, LIMITED))
      .body?.data,
  'holdout5.auth.challenge-basic': async (s) => {
    const res = await fetch(s.template.replace('{region}', 'us').replace('{version}', '1.4.0'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ currencies }' }),
    });
    return [res.status, res.headers.get('www-authenticate')];
  },
  'holdout5.auth.au-reads-unauthenticated': async (s) =>
    (await gql(s, '{ currencies }', {}, { region: 'au', token: null })).status,
  'holdout5.http.missing-query-500': async (s) => postRaw(s, JSON.stringify({ variables: {} })),
  'holdout5.http.request-error-with-data': async (s) => {
    const body = (await gql(s, '{ nope }')).body;
    return body !== undefined && 'data' in body;
  },
  'holdout5.cache.request-errors-ignore-accept': async (s) => {
    await gql(s, '{ cacheProbe }');
    return (await gql(s, '{ cacheProbe }', {}, GRAPHQL_RESPONSE)).status;
  },
  'holdout5.errors.code-lowercase': async (s) => (await gql(s, '{ nope }')).body?.errors?.[0]?.extensions,
  'holdout5.errors.locations-missing': async (s) => (await gql(s, '{ nope }')).body?.errors,
  'holdout5.region.au-lists-from-us': async (s) =>
    (await gql(s, '{ lists(limit: 3) { models { id } } }', {}, { region: 'au' })).body?.data,
  'holdout5.region.unknown-region-served-as-us': async (s) =>
    (await gql(s, '{ currencies }', {}, { region: 'xx' })).status,
};

describeHeldOutSet(
  'the fifth held-out mutant set',
  HOLDOUT5,
  'holdout5.',
  [...MUTANTS, ...HOLDOUT, ...HOLDOUT2, ...HOLDOUT3, ...HOLDOUT4].map((m) => m.id),
  PROBES,
);
