import { HOLDOUT10 } from '../../../scripts/mutation/holdout10.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { SETS } from '../../../scripts/mutation/sets.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import { describeHeldOutSet, gql, linkableList, type Probe } from '../../helpers/mutant-client.js';

const LIMITED = { token: DEV_TOKENS.limited };

/** The us 1.4.0 endpoint of a server. */
const endpoint = (s: MutantServer): string =>
  s.template.replace('{region}', 'us').replace('{version}', '1.4.0');

/** The id of the first person of the full tenant's contact search. */
async function firstPerson(s: MutantServer): Promise<unknown> {
  return (
    await gql(
      s,
      '{ searchFirmContacts(limit: 1, filter: [{ field: contactEntity, value: "Person" }]) { models { id } } }',
    )
  ).body?.data?.searchFirmContacts.models[0].id;
}

/** The id of the first initiative of a tenant. */
async function firstInitiative(s: MutantServer): Promise<unknown> {
  return (await gql(s, '{ initiatives(limit: 1) { models { id } } }')).body?.data?.initiatives.models[0].id;
}

/**
 * For each mutant of the tenth held-out set, a request sequence whose observation differs between the
 * correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout10.paging.initiatives-skip-ignored': async (s) =>
    (await gql(s, '{ initiatives(skip: 1, limit: 2) { models { id } } }')).body?.data,
  'holdout10.paging.lists-limit-ignored': async (s) =>
    (await gql(s, '{ lists(limit: 2) { models { id } } }')).body?.data,
  'holdout10.sort.initiatives-name-as-end-date': async (s) =>
    (await gql(s, '{ initiatives(limit: 20, sort: [{ field: name }]) { models { id } } }')).body?.data,
  'holdout10.sort.lists-descending-ignored': async (s) =>
    (await gql(s, '{ lists(limit: 20, sort: { field: "name", direction: "Descending" }) { models { id } } }'))
      .body?.data,
  'holdout10.null.person-current-job-title': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 50) { models { ... on Person { currentJobTitle } } } }')).body
      ?.data,
  'holdout10.null.phone-number': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 10) { models { phoneNumbers { number } } } }')).body?.data,
  'holdout10.versions.target-person-connections-missing': async (s) =>
    (
      await gql(
        s,
        '{ targetPersonConnections(input: { targetPersonId: "no-such-person", fetchControl: All }) { totalModels } }',
      )
    ).body,
  'holdout10.versions.1.2.0-currencies-leak': async (s) =>
    (await gql(s, '{ currencies }', {}, { version: '1.2.0' })).body,
  'holdout10.enums.working-list-class-as-marketing': async (s) =>
    (await gql(s, '{ folderTypes(listClass: [workingLists]) { models { listClass } } }')).body?.data,
  'holdout10.enums.initiative-closed-as-open': async (s) =>
    (await gql(s, '{ initiatives(limit: 100) { models { status } } }')).body?.data,
  'holdout10.dates.add-initiative-start-date-day-early': async (s) => {
    const objectiveId: unknown = (await gql(s, '{ objectives(limit: 1) { models { id } } }')).body?.data
      ?.objectives.models[0].id;
    const added = await gql(
      s,
      'mutation($o: ID!) { addInitiative(input: { objectiveId: $o, name: "Tenth", startDate: "2026-03-10", endDate: "2026-04-10" }) { item { id } } }',
      { o: objectiveId },
    );
    const id: unknown = added.body?.data?.addInitiative?.item?.id;
    return (await gql(s, 'query($id: ID!) { initiative(id: $id) { startDate } }', { id })).body?.data;
  },
  'holdout10.dates.objective-event-date-from-exclusive': async (s) => {
    const first: unknown = (
      await gql(s, '{ objectiveEventViews(limit: 1, sort: [{ field: eventDate }]) { models { eventDate } } }')
    ).body?.data?.objectiveEventViews.models[0].eventDate;
    return (
      await gql(
        s,
        'query($from: DateTime) { objectiveEventViews(filter: { eventDate: { from: $from } }) { totalModels } }',
        { from: first },
      )
    ).body?.data;
  },
  'holdout10.validation.property-name-snake-case': async (s) =>
    (
      await gql(
        s,
        'mutation { updateActivity(input: { id: "no-such-activity", activityDate: "bad" }) { validationErrors { propertyName } } }',
      )
    ).body,
  'holdout10.validation.nameless-person-accepted': async (s) =>
    (
      await gql(
        s,
        'mutation { addPerson(input: { firstName: "" }) { validationErrors { propertyName } item { lastName } } }',
      )
    ).body,
  'holdout10.persistence.update-initiative-not-kept': async (s) => {
    const id = await firstInitiative(s);
    await gql(
      s,
      'mutation($id: ID!) { updateInitiative(input: { id: $id, name: "Tenth renamed" }) { item { id } } }',
      {
        id,
      },
    );
    return (await gql(s, 'query($id: ID!) { initiative(id: $id) { name } }', { id })).body?.data;
  },
  'holdout10.persistence.add-company-email-dropped': async (s) => {
    const added = await gql(
      s,
      'mutation { addCompany(input: { companyName: "Tenth Co", emailAddress: "office@tenth.example" }) { item { id } } }',
    );
    const id: unknown = added.body?.data?.addCompany?.item?.id;
    return (await gql(s, 'query($id: ID!) { company(id: $id) { emailAddresses { address } } }', { id })).body
      ?.data;
  },
  'holdout10.events.contact-created-dropped': async (s) =>
    (await gql(s, '{ firmContactEventViews(filter: { eventTypes: [ContactCreated] }) { totalModels } }')).body
      ?.data,
  'holdout10.events.list-updated-dropped': async (s) => {
    const l: unknown = (await gql(s, '{ lists(listClass: [marketingLists], limit: 1) { models { id } } }'))
      .body?.data?.lists.models[0].id;
    await gql(
      s,
      'mutation($l: ID!) { editListDetails(input: { id: $l, description: "Tenth" }) { item { id } } }',
      {
        l,
      },
    );
    return (
      await gql(
        s,
        'query($l: [ID!]) { listEventViews(filter: { eventTypes: [ListUpdated], listIds: $l }) { totalModels } }',
        { l: [l] },
      )
    ).body?.data;
  },
  'holdout10.tenancy.limited-objectives-full': async (s) =>
    (await gql(s, '{ objectives(limit: 5) { models { id } } }', {}, LIMITED)).body?.data,
  'holdout10.tenancy.limited-removes-full-initiative': async (s) => {
    const id = await firstInitiative(s);
    await gql(s, 'mutation($id: ID!) { removeInitiative(id: $id) { isSuccessful } }', { id }, LIMITED);
    return (await gql(s, 'query($id: ID!) { initiative(id: $id) { id isDeleted } }', { id })).body?.data;
  },
  'holdout10.region.au-firm-from-us': async (s) =>
    (await gql(s, '{ firm { settings { defaultNewActivityTypeId } } }', {}, { region: 'au' })).body?.data,
  'holdout10.region.us-people-from-eu': async (s) =>
    (await gql(s, 'query($id: ID!) { people(ids: [$id]) { id } }', { id: await firstPerson(s) })).body?.data,
  'holdout10.auth.introspection-unauthenticated': async (s) =>
    (await gql(s, '{ __schema { queryType { name } } }', {}, { token: null })).status,
  'holdout10.auth.unauthenticated-code-forbidden': async (s) =>
    (await gql(s, '{ currencies }', {}, { token: null })).body,
  'holdout10.http.get-query-refused': async (s) => {
    const res = await fetch(`${endpoint(s)}?query=${encodeURIComponent('{ currencies }')}`, {
      headers: { accept: 'application/json', authorization: `Bearer ${DEV_TOKENS.full}` },
    });
    await res.text();
    return res.status;
  },
  'holdout10.cache.key-lowercased': async (s) => {
    await gql(s, '{ A: currencies }');
    return (await gql(s, '{ a: currencies }')).body?.data;
  },
  'holdout10.cache.empty-results-cached': async (s) => {
    const search =
      '{ searchFirmContacts(filter: [{ field: lastName, value: "Tenthcache" }]) { totalModels } }';
    await gql(s, search);
    await gql(
      s,
      'mutation { addPerson(input: { firstName: "Tenth", lastName: "Tenthcache" }) { item { id } } }',
    );
    return (await gql(s, search)).body?.data;
  },
  'holdout10.errors.validation-errors-null-on-success': async (s) =>
    (
      await gql(
        s,
        'mutation { addObjective(input: { name: "Tenth", startDate: "2026-01-01", endDate: "2026-02-01" }) { validationErrors { propertyName } } }',
      )
    ).body?.data,
  'holdout10.errors.remove-contacts-effected-zero': async (s) => {
    const added = await gql(
      s,
      'mutation { addPerson(input: { firstName: "Tenth", lastName: "Member" }) { item { id } } }',
    );
    const c: unknown = added.body?.data?.addPerson?.item?.id;
    const l = await linkableList(s);
    await gql(
      s,
      'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
      { l: [l], c: [c] },
    );
    return (
      await gql(
        s,
        'mutation($l: ID!, $c: [ID!]!) { removeContactsFromList(listId: $l, contactIds: $c) { contactsEffected } }',
        { l, c: [c] },
      )
    ).body?.data;
  },
};

describeHeldOutSet(
  'the tenth held-out mutant set',
  HOLDOUT10,
  'holdout10.',
  // The tenth and eleventh sets were built at once, each blind to the other: they share ideas (named in
  // docs/verdicts.md), so each is held apart from the sets before them only.
  SETS.all.filter((m) => !/^holdout1[01]\./.test(m.id)).map((m) => m.id),
  PROBES,
);
