import { HOLDOUT23 } from '../../../scripts/mutation/holdout23.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { SETS } from '../../../scripts/mutation/sets.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import { describeHeldOutSet, gql, linkableList, models, type Probe } from '../../helpers/mutant-client.js';

const LIMITED = { token: DEV_TOKENS.limited };
const V120 = { version: '1.2.0' };

/** A new person of the full tenant (or of `options`' tenant): its id. */
async function newPerson(s: MutantServer, lastName: string, options = {}): Promise<unknown> {
  const added = await gql(
    s,
    'mutation($l: String) { addPerson(input: { firstName: "Twentythird", lastName: $l }) { item { id } } }',
    { l: lastName },
    options,
  );
  return added.body?.data?.addPerson?.item?.id;
}

/** A new text field of `listId`: its id. */
async function newTextField(s: MutantServer, listId: unknown, name: string): Promise<unknown> {
  const added = await gql(
    s,
    'mutation($l: ID!, $n: String!) { addAdditionalFieldDefinition(input: { listId: $l, name: $n, type: text }) { additionalFieldDefinition { id } } }',
    { l: listId, n: name },
  );
  return added.body?.data?.addAdditionalFieldDefinition?.additionalFieldDefinition?.id;
}

/** The ids of two firm employees. */
async function twoEmployees(s: MutantServer): Promise<unknown[]> {
  const people = await models(
    s,
    'searchFirmContacts',
    '{ searchFirmContacts(filter: [{ field: contactEntity, value: "Person" }], limit: 1000) { models { id ... on Person { isEmployee } } } }',
  );
  return people
    .filter((p) => p.isEmployee === true)
    .map((p) => p.id)
    .slice(0, 2);
}

/**
 * For each mutant of the twenty-third held-out set, a request sequence whose observation differs between
 * the correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout23.paging.lists-list-type-ids-values-ignored': async (s) => {
    const [type] = await models(
      s,
      'folderTypes',
      '{ folderTypes(listClass: [marketingLists]) { models { id } } }',
    );
    return (
      await gql(
        s,
        'query($t: [String]) { lists(filter: [{ field: listTypeIds, values: $t }]) { totalModels } }',
        { t: [type?.id] },
      )
    ).body?.data;
  },
  'holdout23.paging.look-ahead-row-kept': async (s) =>
    (await gql(s, '{ lists(limit: 2) { limit models { id } } }')).body?.data,
  'holdout23.paging.objective-initiatives-unjoined': async (s) =>
    (
      await gql(
        s,
        '{ objectives(limit: 5) { models { initiatives(limit: 50) { totalModels models { id } } } } }',
      )
    ).body?.data,
  'holdout23.sort.close-date-sorted-as-text': async (s) =>
    (
      await gql(
        s,
        '{ opportunities(sort: [{ field: estimatedCloseDate }], limit: 40) { models { estimatedCloseDate } } }',
      )
    ).body?.data,
  'holdout23.sort.lists-classes-concatenated': async (s) =>
    (await gql(s, '{ lists(limit: 100) { models { name listClass } } }')).body?.data,
  'holdout23.nullability.address-postal-code': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 30) { models { addresses { postalCode } } } }')).body?.data,
  'holdout23.nullability.opportunity-lead': async (s) =>
    (await gql(s, '{ opportunities(limit: 30) { models { lead { id } } } }')).body?.data,
  'holdout23.nullability.opportunity-contact-person': async (s) =>
    (await gql(s, '{ opportunities(limit: 100) { models { associatedContacts { person { id } } } } }')).body
      ?.data,
  'holdout23.versions.1.2.0-ids-upper-case': async (s) => {
    const [list] = await models(s, 'lists', '{ lists(limit: 1) { models { id } } }', V120);
    return (await gql(s, 'query($id: ID!) { list(id: $id) { name } }', { id: list?.id }, V120)).body?.data;
  },
  'holdout23.versions.1.2.0-add-activity-links-dropped': async (s) => {
    const person = await newPerson(s, 'Linked');
    const [type] = await models(s, 'activityTypes', '{ activityTypes(limit: 1) { models { id } } }', V120);
    return (
      await gql(
        s,
        'mutation($t: ID!, $p: [ID]) { addActivity(input: { typeId: $t, activityDate: "2026-03-05 10:00:00", subject: "Twentythird", linkedEntityIds: $p }) { linkedActivityContacts { id } } }',
        { t: type?.id, p: [person] },
        V120,
      )
    ).body?.data;
  },
  'holdout23.versions.1.2.0-lists-default-frequently-used': async (s) =>
    (await gql(s, '{ lists { totalModels } }', {}, V120)).body?.data,
  'holdout23.enums.add-field-decimal-as-integer': async (s) => {
    const list = await linkableList(s);
    return (
      await gql(
        s,
        'mutation($l: ID!) { addAdditionalFieldDefinition(input: { listId: $l, name: "Twentythird amount", type: decimal, decimalInput: { minValue: 0, maxValue: 10, precision: 2 } }) { additionalFieldDefinition { fieldDataType } } }',
        { l: list },
      )
    ).body?.data;
  },
  'holdout23.enums.person-to-company-as-company-to-company': async (s) =>
    (await gql(s, '{ relationshipTypes(limit: 500) { relationshipListingTypes } }')).body?.data,
  'holdout23.dates.closed-objective-end-date-as-closed-date': async (s) =>
    (await gql(s, '{ objectives(limit: 100, filter: { statuses: [closed] }) { models { endDate } } }')).body
      ?.data,
  'holdout23.dates.impossible-date-rolled-over': async (s) => {
    const reply = await gql(
      s,
      'mutation { addObjective(input: { name: "Twentythird leap", startDate: "2026-02-30" }) { item { startDate } } }',
    );
    return [reply.body?.data ?? null, reply.body?.errors?.[0]?.extensions?.code ?? null];
  },
  'holdout23.dates.open-close-date-from-estimate': async (s) =>
    (
      await gql(
        s,
        '{ opportunities(limit: 100, filter: { statuses: [open] }) { models { actualCloseDate } } }',
      )
    ).body?.data,
  'holdout23.dates.initiative-dates-from-objective': async (s) =>
    (await gql(s, '{ initiatives(limit: 30) { models { startDate endDate } } }')).body?.data,
  'holdout23.validation.two-primaries-first-kept': async (s) => {
    const [a, b] = await twoEmployees(s);
    const all = await models(
      s,
      'opportunities',
      '{ opportunities(filter: { statuses: [open] }, limit: 100) { models { id shouldBeHidden } } }',
    );
    const opportunity = all.find((o) => o.shouldBeHidden === false);
    return (
      await gql(
        s,
        'mutation($o: ID!, $a: ID!, $b: ID!) { updateOpportunityPeople(input: { opportunityId: $o, principals: [{ leadId: $a, isPrimary: true }, { leadId: $b, isPrimary: true }] }) { validationErrors { propertyName } } }',
        { o: opportunity?.id, a, b },
      )
    ).body?.data;
  },
  'holdout23.validation.field-value-non-member-added': async (s) => {
    const list = await linkableList(s);
    const field = await newTextField(s, list, 'Twentythird note');
    const contact = await newPerson(s, 'Outsider');
    const reply = await gql(
      s,
      'mutation($l: ID, $c: ID!, $f: ID!) { updateListContactAdditionalFields(input: { listId: $l, contactId: $c, fields: [{ fieldId: $f, value: "x" }] }) { models { isSuccessful } } }',
      { l: list, c: contact, f: field },
    );
    return [reply.body?.data ?? null, reply.body?.errors?.[0]?.extensions?.code ?? null];
  },
  'holdout23.persistence.field-value-written-to-all-members': async (s) => {
    const list = await linkableList(s);
    const field = await newTextField(s, list, 'Twentythird rating');
    const first = await newPerson(s, 'First');
    const second = await newPerson(s, 'Second');
    await gql(
      s,
      'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
      { l: [list], c: [first, second] },
    );
    await gql(
      s,
      'mutation($l: ID, $c: ID!, $f: ID!) { updateListContactAdditionalFields(input: { listId: $l, contactId: $c, fields: [{ fieldId: $f, value: "gold" }] }) { models { isSuccessful } } }',
      { l: list, c: first, f: field },
    );
    return (
      await gql(s, 'query($id: ID!) { person(id: $id) { additionalFieldValues { models { value } } } }', {
        id: second,
      })
    ).body?.data;
  },
  'holdout23.persistence.measurement-actual-as-target': async (s) =>
    (
      await gql(
        s,
        'mutation { addObjective(input: { name: "Twentythird target", measurementOfSuccess: { measurementType: "Number", numberType: "Integer", targetValue: 100, actualValue: 10 } }) { item { measurementOfSuccess { actualValue } } } }',
      )
    ).body?.data?.addObjective?.item,
  'holdout23.events.recent-events-lagging': async (s) => {
    const id = await newPerson(s, 'Fresh');
    return (
      await gql(s, 'query($c: [ID!]) { firmContactEventViews(filter: { contactIds: $c }) { totalModels } }', {
        c: [id],
      })
    ).body?.data;
  },
  'holdout23.events.objective-created-twice': async (s) => {
    const added = await gql(
      s,
      'mutation { addObjective(input: { name: "Twentythird twice" }) { item { name } } }',
    );
    const all = await models(s, 'objectives', '{ objectives(limit: 1000) { models { id name } } }');
    const id = all.find((o) => o.name === 'Twentythird twice')?.id;
    const events = await gql(
      s,
      'query($o: [ID!]) { objectiveEventViews(filter: { objectiveIds: $o }) { totalModels models { eventType } } }',
      { o: [id] },
    );
    return [added.body?.data, events.body?.data];
  },
  'holdout23.tenancy.limited-new-records-readable-by-full': async (s) => {
    const id = await newPerson(s, 'Limited', LIMITED);
    return (await gql(s, 'query($id: ID!) { person(id: $id) { displayName } }', { id })).body?.data;
  },
  'holdout23.region.au-dates-day-first': async (s) =>
    (await gql(s, '{ objectives(limit: 5) { models { startDate } } }', {}, { region: 'au' })).body?.data,
  'holdout23.region.eu-country-names-german': async (s) =>
    (await gql(s, '{ countries { models { name } } }', {}, { region: 'eu' })).body?.data,
  'holdout23.http.utf8-bom': async (s) => {
    const res = await fetch(s.template.replace('{region}', 'us').replace('{version}', '1.4.0'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${DEV_TOKENS.full}` },
      body: JSON.stringify({ query: '{ currencies }' }),
    });
    return [...new Uint8Array(await res.arrayBuffer()).slice(0, 3)];
  },
  'holdout23.errors.validation-error-fields-swapped': async (s) =>
    (
      await gql(
        s,
        'mutation { addPerson(input: { title: "Dr" }) { validationErrors { propertyName message } } }',
      )
    ).body?.data,
  'holdout23.errors.several-operations-without-name-run-first': async (s) => {
    const reply = await gql(s, 'query A { currencies } query B { firm { settings { titles } } }');
    return [reply.status, reply.body?.data ?? null];
  },
};

describeHeldOutSet(
  'the twenty-third held-out mutant set',
  HOLDOUT23,
  'holdout23.',
  SETS.all.filter((m) => !m.id.startsWith('holdout23.')).map((m) => m.id),
  PROBES,
);
