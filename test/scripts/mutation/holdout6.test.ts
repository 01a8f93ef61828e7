import { HOLDOUT } from '../../../scripts/mutation/holdout.js';
import { HOLDOUT2 } from '../../../scripts/mutation/holdout2.js';
import { HOLDOUT3 } from '../../../scripts/mutation/holdout3.js';
import { HOLDOUT4 } from '../../../scripts/mutation/holdout4.js';
import { HOLDOUT5 } from '../../../scripts/mutation/holdout5.js';
import { HOLDOUT6 } from '../../../scripts/mutation/holdout6.js';
import { MUTANTS } from '../../../scripts/mutation/mutants.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import { describeHeldOutSet, gql, type Probe } from '../../helpers/mutant-client.js';

const LIMITED = { token: DEV_TOKENS.limited };

/** A new person's id (full tenant, us). */
async function addPerson(s: MutantServer): Promise<unknown> {
  const added = await gql(
    s,
    'mutation { addPerson(input: { firstName: "Sixth", lastName: "Probe" }) { item { id } } }',
  );
  return added.body?.data?.addPerson?.item?.id;
}

/** The id of a relationship type that relates two people. */
async function personToPersonType(s: MutantServer): Promise<unknown> {
  const types = await gql(s, '{ relationshipTypes { id relationshipListingTypes } }');
  return (types.body?.data?.relationshipTypes as { id: string; relationshipListingTypes: string[] }[]).find(
    (t) => t.relationshipListingTypes.includes('PersonToPerson'),
  )!.id;
}

/** The id of the first folder type of a list class of the full tenant. */
async function folderType(s: MutantServer, listClass: string): Promise<unknown> {
  const types = await gql(s, `{ folderTypes(listClass: [${listClass}]) { models { id } } }`);
  return types.body?.data?.folderTypes.models[0].id;
}

/** A POST to the us 1.4.0 endpoint with the given Authorization and body: its status and body. */
async function post(s: MutantServer, authorization: string, body: unknown): Promise<[number, string]> {
  const res = await fetch(s.template.replace('{region}', 'us').replace('{version}', '1.4.0'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization },
    body: JSON.stringify(body),
  });
  return [res.status, await res.text()];
}

/**
 * For each mutant of the sixth held-out set, a request sequence whose observation differs between the
 * correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout6.paging.objectives-skip-ignored': async (s) =>
    (await gql(s, '{ objectives(skip: 1, limit: 1) { models { id } } }')).body?.data,
  'holdout6.paging.limit-echo-default': async (s) =>
    (await gql(s, '{ initiatives(limit: 2) { limit } }')).body?.data,
  'holdout6.sort.opportunities-sort-ignored': async (s) =>
    (
      await gql(
        s,
        '{ opportunities(limit: 3, sort: [{ field: title, direction: Descending }]) { models { id } } }',
      )
    ).body?.data,
  'holdout6.sort.contact-search-descending-ignored': async (s) =>
    (
      await gql(
        s,
        '{ searchFirmContacts(limit: 3, sort: { field: "displayName", direction: "Descending" }) { models { id } } }',
      )
    ).body?.data,
  'holdout6.null.person-current-employer': async (s) =>
    (
      await gql(
        s,
        '{ searchFirmContacts(limit: 10) { models { ... on Person { currentEmployer { id } } } } }',
      )
    ).body?.data,
  'holdout6.null.initiative-objective': async (s) =>
    (await gql(s, '{ initiatives(limit: 3) { models { objective { id } } } }')).body?.data,
  'holdout6.versions.add-relationship-for-contacts-missing': async (s) =>
    (await gql(s, 'mutation { addRelationshipForContacts { success } }')).body?.errors?.[0]?.extensions,
  'holdout6.versions.1.2.0-planning-leaks': async (s) =>
    (await gql(s, '{ objectives { totalModels } }', {}, { version: '1.2.0' })).body,
  'holdout6.enums.relationship-listing-type-camel': async (s) =>
    (await gql(s, '{ relationshipTypes(limit: 5) { relationshipListingTypes } }')).body?.data,
  'holdout6.enums.person-mutation-status-screaming': async (s) =>
    (await gql(s, 'mutation { addPerson(input: { firstName: "Sixth", lastName: "Status" }) { status } }'))
      .body?.data,
  'holdout6.dates.objective-start-date-day-late': async (s) =>
    (await gql(s, '{ objectives(limit: 3) { models { startDate } } }')).body?.data,
  'holdout6.dates.activity-date-12-hour-clock': async (s) => {
    const types = await gql(s, '{ activityTypes { models { id isActive } } }');
    const typeId = (types.body?.data?.activityTypes.models as { id: string; isActive: boolean }[]).find(
      (t) => t.isActive,
    )!.id;
    const added = await gql(s, 'mutation($input: AddActivityInput!) { addActivity(input: $input) { id } }', {
      input: { typeId, subject: 'Afternoon call', activityDate: '2026-05-01 15:30:00' },
    });
    const id: unknown = added.body?.data?.addActivity?.id;
    return (await gql(s, 'query($id: ID!) { activity(id: $id) { activityStartDate } }', { id })).body?.data;
  },
  'holdout6.validation.end-before-start-accepted': async (s) =>
    (
      await gql(
        s,
        'mutation { addObjective(input: { name: "Backwards", startDate: "2026-05-02", endDate: "2026-05-01" }) { validationErrors { propertyName } } }',
      )
    ).body?.data,
  'holdout6.validation.strength-level-below-one-clamped': async (s) => {
    const relationshipTypeId = await personToPersonType(s);
    const [baseContactId, relatedContactId] = [await addPerson(s), await addPerson(s)];
    return (
      await gql(
        s,
        'mutation($input: AddRelationshipForContactsInput) { addRelationshipForContacts(input: $input) { success validationErrors { propertyName } } }',
        { input: { baseContactId, relatedContactId, relationshipTypeId, strengthLevel: 0 } },
      )
    ).body?.data;
  },
  'holdout6.persistence.add-working-list-not-kept': async (s) => {
    const folderTypeId = await folderType(s, 'workingLists');
    await gql(s, 'mutation($input: AddListInput!) { addWorkingList(input: $input) { success } }', {
      input: { name: 'Sixth working list', folderTypeId },
    });
    return (await gql(s, '{ lists(listClass: [workingLists]) { totalModels } }')).body?.data;
  },
  'holdout6.persistence.remove-relationship-not-applied': async (s) => {
    const relationshipTypeId = await personToPersonType(s);
    const contactId = await addPerson(s);
    const add = 'mutation($input: AddRelationshipInput) { addRelationship(input: $input) { success } }';
    await gql(s, add, { input: { contactId, relationshipTypeId, strengthLevel: 1 } });
    await gql(s, 'mutation($c: ID!) { removeRelationship(input: { contactId: $c }) { success } }', {
      c: contactId,
    });
    return (await gql(s, add, { input: { contactId, relationshipTypeId, strengthLevel: 1 } })).body?.data;
  },
  'holdout6.events.contact-deleted-dropped': async (s) =>
    (await gql(s, '{ firmContactEventViews(filter: { eventTypes: [ContactDeleted] }) { totalModels } }')).body
      ?.data,
  'holdout6.events.initiative-event-initiative-null': async (s) =>
    (await gql(s, '{ initiativeEventViews(limit: 3) { models { initiative { id } } } }')).body?.data,
  'holdout6.tenancy.limited-opportunities-full': async (s) =>
    (await gql(s, '{ opportunities(limit: 3) { models { id } } }', {}, LIMITED)).body?.data,
  'holdout6.tenancy.limited-add-list-to-full': async (s) => {
    const folderTypeId = await folderType(s, 'marketingLists');
    await gql(
      s,
      'mutation($input: AddListInput!) { addList(input: $input) { item { id } } }',
      { input: { name: 'Limited marketing list', folderTypeId } },
      LIMITED,
    );
    return (await gql(s, '{ lists(listClass: [marketingLists]) { totalModels } }')).body?.data;
  },
  'holdout6.auth.bearer-scheme-case-sensitive': async (s) =>
    (await post(s, `bearer ${DEV_TOKENS.full}`, { query: '{ currencies }' }))[0],
  'holdout6.auth.unauthenticated-with-data': async (s) =>
    (await gql(s, '{ currencies }', {}, { token: null })).body,
  'holdout6.http.accept-json-ignored': async (s) => (await gql(s, '{ currencies }')).type,
  'holdout6.http.extensions-key-refused': async (s) =>
    (await post(s, `Bearer ${DEV_TOKENS.full}`, { query: '{ currencies }', extensions: {} }))[0],
  'holdout6.cache.unauthenticated-cached-by-body': async (s) => {
    await gql(s, '{ currencies }', {}, { token: 'not-a-token' });
    return (await gql(s, '{ currencies }')).status;
  },
  'holdout6.errors.message-generic': async (s) => (await gql(s, '{ nope }')).body?.errors,
  'holdout6.errors.variable-error-internal': async (s) =>
    (await gql(s, 'query($l: Int) { activities(limit: $l) { totalModels } }', { l: 'abc' })).body?.errors?.[0]
      ?.extensions,
  'holdout6.region.au-planning-from-us': async (s) =>
    (await gql(s, '{ objectives(limit: 3) { models { id } } }', {}, { region: 'au' })).body?.data,
  'holdout6.region.eu-regional-settings-from-us': async (s) =>
    (await gql(s, '{ regionalSettings { locale { code } } }', {}, { region: 'eu' })).body?.data,
};

describeHeldOutSet(
  'the sixth held-out mutant set',
  HOLDOUT6,
  'holdout6.',
  [...MUTANTS, ...HOLDOUT, ...HOLDOUT2, ...HOLDOUT3, ...HOLDOUT4, ...HOLDOUT5].map((m) => m.id),
  PROBES,
);
