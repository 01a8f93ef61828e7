import { expect } from '@jest/globals';
import { HOLDOUT9 } from '../../../scripts/mutation/holdout9.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { SETS } from '../../../scripts/mutation/sets.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import { describeHeldOutSet, gql, memberRemoved, type Probe } from '../../helpers/mutant-client.js';

const LIMITED = { token: DEV_TOKENS.limited };

/** The us 1.4.0 endpoint of a server. */
const endpoint = (s: MutantServer): string =>
  s.template.replace('{region}', 'us').replace('{version}', '1.4.0');

/** The id of the first contact of `entity` the full tenant's contact search finds. */
async function firstContact(s: MutantServer, entity: 'Person' | 'Company'): Promise<unknown> {
  return (
    await gql(
      s,
      'query($e: String) { searchFirmContacts(limit: 1, filter: [{ field: contactEntity, value: $e }]) { models { id } } }',
      { e: entity },
    )
  ).body?.data?.searchFirmContacts.models[0].id;
}

/** The id of the first activity of the full tenant. */
async function firstActivity(s: MutantServer): Promise<unknown> {
  return (await gql(s, '{ activities(limit: 1) { models { id } } }')).body?.data?.activities.models[0].id;
}

/** A POST of `{ currencies }` with the given Content-Type: its status. */
async function statusWithType(s: MutantServer, type: string): Promise<number> {
  const res = await fetch(endpoint(s), {
    method: 'POST',
    headers: { 'content-type': type, accept: 'application/json', authorization: `Bearer ${DEV_TOKENS.full}` },
    body: JSON.stringify({ query: '{ currencies }' }),
  });
  await res.text();
  return res.status;
}

/**
 * For each mutant of the ninth held-out set, a request sequence whose observation differs between the
 * correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout9.paging.objective-types-skip-ignored': async (s) =>
    (await gql(s, '{ objectiveTypes(skip: 1, limit: 2) { models { id } } }')).body?.data,
  'holdout9.paging.contact-search-limit-ignored': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 2) { models { id } } }')).body?.data,
  'holdout9.sort.objectives-name-as-start-date': async (s) =>
    (await gql(s, '{ objectives(limit: 10, sort: [{ field: name }]) { models { id } } }')).body?.data,
  'holdout9.sort.list-events-event-type-as-event-date': async (s) =>
    (await gql(s, '{ listEventViews(limit: 10, sort: [{ field: eventType }]) { models { eventType } } }'))
      .body?.data,
  'holdout9.null.relationship-type-converse': async (s) =>
    (await gql(s, '{ relationshipTypes(limit: 3) { converse } }')).body?.data,
  'holdout9.null.email-address': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 10) { models { emailAddresses { address } } } }')).body?.data,
  'holdout9.versions.1.2.0-list-event-views-missing': async (s) =>
    (await gql(s, '{ listEventViews { totalModels } }', {}, { version: '1.2.0' })).body,
  'holdout9.versions.update-opportunity-status-missing': async (s) =>
    (
      await gql(
        s,
        'mutation { updateOpportunityStatus(input: { opportunityId: "no-such-opportunity", status: open }) { id } }',
      )
    ).body,
  'holdout9.enums.appointment-as-activity': async (s) => {
    const types = (
      await gql(
        s,
        '{ activityTypes(appointmentTypesOnly: true, onlyUserCreatable: false, limit: 100) { models { id } } }',
      )
    ).body?.data?.activityTypes.models as { id: unknown }[];
    const id: unknown = (
      await gql(s, 'query($t: [ID]) { activities(limit: 1, filter: { typeId: $t }) { models { id } } }', {
        t: types.map((t) => t.id),
      })
    ).body?.data?.activities.models[0].id;
    return (await gql(s, 'query($id: ID!) { activity(id: $id) { activityClass } }', { id })).body?.data;
  },
  'holdout9.enums.fetch-control-colleagues-as-all': async (s) =>
    (
      await gql(
        s,
        'query($p: ID!) { targetPersonConnections(input: { targetPersonId: $p, fetchControl: Colleagues }) { totalModels } }',
        { p: await firstContact(s, 'Person') },
      )
    ).body?.data,
  'holdout9.dates.contact-event-date-to-exclusive': async (s) => {
    const first: unknown = (
      await gql(
        s,
        '{ firmContactEventViews(limit: 1, sort: [{ field: eventDate }]) { models { eventDate } } }',
      )
    ).body?.data?.firmContactEventViews.models[0].eventDate;
    return (
      await gql(
        s,
        'query($to: DateTime) { firmContactEventViews(filter: { eventDate: { to: $to } }) { totalModels } }',
        { to: first },
      )
    ).body?.data;
  },
  'holdout9.dates.update-activity-date-hour-early': async (s) => {
    const id = await firstActivity(s);
    await gql(
      s,
      'mutation($id: ID) { updateActivity(input: { id: $id, activityDate: "2026-05-05 10:00:00" }) { item { id } } }',
      { id },
    );
    return (await gql(s, 'query($id: ID!) { activity(id: $id) { activityStartDate } }', { id })).body?.data;
  },
  'holdout9.validation.list-unknown-folder-type-defaulted': async (s) =>
    (
      await gql(
        s,
        'mutation { addList(input: { name: "Ninth", folderTypeId: "no-such-type" }) { item { name } validationErrors { propertyName } } }',
      )
    ).body,
  'holdout9.validation.update-activity-bad-date-dropped': async (s) => {
    const id = await firstActivity(s);
    const updated = await gql(
      s,
      'mutation($id: ID) { updateActivity(input: { id: $id, activityDate: "05/05/2026 10am", subject: "Ninth" }) { validationErrors { propertyName } } }',
      { id },
    );
    const read = await gql(s, 'query($id: ID!) { activity(id: $id) { subject } }', { id });
    return [updated.body, read.body?.data];
  },
  'holdout9.persistence.remove-contacts-from-list-not-applied': async (s) => {
    const { c } = await memberRemoved(s, 'Ninth');
    return (await gql(s, 'query($c: ID!) { person(id: $c) { lists { totalModels } } }', { c })).body?.data;
  },
  'holdout9.persistence.working-list-details-not-kept': async (s) => {
    const id: unknown = (await gql(s, '{ lists(listClass: [workingLists], limit: 1) { models { id } } }'))
      .body?.data?.lists.models[0].id;
    await gql(
      s,
      'mutation($id: ID!) { editWorkingListDetails(input: { id: $id, name: "Ninth renamed" }) { success } }',
      { id },
    );
    return (await gql(s, 'query($id: ID!) { list(id: $id) { name } }', { id })).body?.data;
  },
  'holdout9.events.list-member-removed-dropped': async (s) => {
    const { l } = await memberRemoved(s, 'Ninth');
    return (
      await gql(
        s,
        'query($l: [ID!]) { listEventViews(filter: { eventTypes: [ListMemberRemoved], listIds: $l }) { totalModels } }',
        { l: [l] },
      )
    ).body?.data;
  },
  'holdout9.events.relationship-anonymous-inverted': async (s) =>
    (await gql(s, '{ relationshipEventViews(limit: 10) { models { isAnonymous } } }')).body?.data,
  'holdout9.tenancy.limited-objective-events-full': async (s) =>
    (await gql(s, '{ objectiveEventViews(limit: 5) { models { objectiveId } } }', {}, LIMITED)).body?.data,
  'holdout9.tenancy.limited-updates-full-opportunity-status': async (s) => {
    const models = (await gql(s, '{ opportunities(limit: 100) { models { id status isConfidential } } }'))
      .body?.data?.opportunities.models as { id: unknown; status: unknown; isConfidential: unknown }[];
    const closed = models.find((o) => o.status === 'closed' && o.isConfidential === false);
    expect(closed).toBeDefined();
    await gql(
      s,
      'mutation($id: ID!) { updateOpportunityStatus(input: { opportunityId: $id, status: open }) { id } }',
      { id: closed?.id },
      LIMITED,
    );
    return (await gql(s, 'query($id: ID!) { opportunity(id: $id) { status } }', { id: closed?.id })).body
      ?.data;
  },
  'holdout9.auth.token-case-insensitive': async (s) =>
    (await gql(s, '{ currencies }', {}, { token: DEV_TOKENS.full.toUpperCase() })).status,
  'holdout9.auth.unauthenticated-event-views': async (s) =>
    (await gql(s, '{ firmContactEventViews { totalModels } }', {}, { token: null })).status,
  'holdout9.http.non-json-post-executed': async (s) => statusWithType(s, 'text/plain'),
  'holdout9.http.unknown-operation-name-runs-first': async (s) =>
    (await gql(s, 'query A { currencies }', {}, { operationName: 'B' })).body,
  'holdout9.cache.key-truncated': async (s) => {
    const prefix = '{ currencies regionalSettings { language { code name id } } ';
    await gql(s, `${prefix}relationshipTypes(limit: 1) { id } }`);
    return (await gql(s, `${prefix}relationshipTypes(limit: 2) { id } }`)).body?.data;
  },
  'holdout9.cache.aliases-not-in-key': async (s) => {
    await gql(s, '{ a: currencies }');
    return (await gql(s, '{ b: currencies }')).body?.data;
  },
  'holdout9.errors.list-field-failure-reason-dropped': async (s) => {
    const lists = (
      await gql(
        s,
        '{ lists(limit: 100) { models { id additionalFieldDefinitions { models { id fieldDataType } } contacts(limit: 1) { models { id } } } } }',
      )
    ).body?.data?.lists.models as {
      id: unknown;
      additionalFieldDefinitions: { models: { id: unknown; fieldDataType: unknown }[] };
      contacts: { models: { id: unknown }[] };
    }[];
    const list = lists.find(
      (l) =>
        l.contacts.models.length > 0 &&
        l.additionalFieldDefinitions.models.some((f) => f.fieldDataType === 'integer'),
    );
    return (
      await gql(
        s,
        'mutation($l: ID, $c: ID!, $f: ID!) { updateListContactAdditionalFields(input: { listId: $l, contactId: $c, fields: [{ fieldId: $f, value: "not a number" }] }) { models { isSuccessful failureReason } } }',
        {
          l: list?.id,
          c: list?.contacts.models[0]?.id,
          f: list?.additionalFieldDefinitions.models.find((f) => f.fieldDataType === 'integer')?.id,
        },
      )
    ).body;
  },
  'holdout9.errors.relationship-for-contacts-refusal-success': async (s) =>
    (
      await gql(
        s,
        'mutation { addRelationshipForContacts(input: { baseContactId: "no-such-contact", relatedContactId: "no-such-contact", relationshipTypeId: "no-such-type" }) { success validationErrors { propertyName } } }',
      )
    ).body,
  'holdout9.region.us-writes-to-au': async (s) => {
    const added = await gql(
      s,
      'mutation { addPerson(input: { firstName: "Ninth", lastName: "Region" }) { item { id } } }',
    );
    const c: unknown = added.body?.data?.addPerson?.item?.id;
    return (await gql(s, 'query($c: ID!) { person(id: $c) { lastName } }', { c })).body?.data;
  },
};

describeHeldOutSet(
  'the ninth held-out mutant set',
  HOLDOUT9,
  'holdout9.',
  SETS.all.filter((m) => !m.id.startsWith('holdout9.')).map((m) => m.id),
  PROBES,
);
