import { HOLDOUT26 } from '../../../scripts/mutation/holdout26.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { SETS } from '../../../scripts/mutation/sets.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import {
  answerData as data,
  describeHeldOutSet,
  gql,
  linkableList,
  models,
  type Probe,
  newProbePerson as newPerson,
} from '../../helpers/mutant-client.js';

const LIMITED = { token: DEV_TOKENS.limited };

/** A POST of `body` with exactly `headers` to the us 1.4.0 endpoint: status and body text. */
async function post(
  s: MutantServer,
  headers: Record<string, string>,
  body: string,
): Promise<[number, string]> {
  const res = await fetch(s.template.replace('{region}', 'us').replace('{version}', '1.4.0'), {
    method: 'POST',
    headers,
    body,
  });
  return [res.status, await res.text()];
}

/** The id of the first list of the full tenant the user may remove contacts from. */
async function removableList(s: MutantServer): Promise<unknown> {
  const lists = await models(s, 'lists', '{ lists(limit: 100) { models { id allowedRemoveFrom } } }');
  return lists.find((l) => l.allowedRemoveFrom === true)?.id;
}

/**
 * For each mutant of the twenty-sixth held-out set, a request sequence whose observation differs between
 * the correct server and the mutant: proof that the mutant ships a regression at all. The observations
 * hold no ids of records a probe added, which differ from server to server.
 */
const PROBES: Record<string, Probe> = {
  'holdout26.sort.search-people-before-companies': (s) =>
    data(s, '{ searchFirmContacts(limit: 20) { totalModels models { displayName contactEntity } } }'),
  'holdout26.http.request-body-read-as-latin1': (s) =>
    data(
      s,
      '{ searchFirmContacts(filter: [{ field: term, value: "Müller" }]) { totalModels searchTerms { term } } }',
    ),
  'holdout26.nullability.contact-type-name-plural': (s) =>
    data(s, '{ searchFirmContacts(limit: 30) { models { contactTypes { name } } } }'),
  'holdout26.nullability.owning-contact-id-own-id': (s) =>
    data(
      s,
      '{ searchFirmContacts(limit: 5) { models { id addresses { owningContactId } emailAddresses { owningContactId } } } }',
    ),
  'holdout26.nullability.note-text-first-sentence': (s) =>
    data(s, '{ searchFirmContacts(limit: 3) { models { notes { allNotes { models { text } } } } } }'),
  'holdout26.region.eu-relationship-score-null': (s) =>
    data(
      s,
      '{ searchFirmContacts(limit: 5) { models { relationshipScore { strength } } } }',
      {},
      { region: 'eu' },
    ),
  'holdout26.region.au-notes-empty': (s) =>
    data(
      s,
      '{ searchFirmContacts(limit: 5) { models { notes { allNotes { totalModels } } } } }',
      {},
      { region: 'au' },
    ),
  'holdout26.sort.range-items-strongest-first': (s) =>
    data(s, '{ relationshipTypes(limit: 2) { correlationRangeItems { displayOrder } } }'),
  'holdout26.enums.data-type-display-name-raw-key': (s) =>
    data(
      s,
      '{ lists(limit: 3) { models { additionalFieldDefinitions { models { dataTypeDisplayName } } } } }',
    ),
  'holdout26.dates.date-field-value-as-date-time': (s) =>
    data(
      s,
      '{ lists(limit: 1) { models { contacts(limit: 5) { models { additionalFieldValues { models { value valueItems { value } } } } } } } }',
    ),
  'holdout26.nullability.activity-person-full-name-is-display-name': (s) =>
    data(
      s,
      '{ activities(limit: 20) { models { linkedActivityContacts { ... on ActivityPerson { fullName } } } } }',
    ),
  'holdout26.sort.opportunity-tags-alphabetical': (s) =>
    data(s, '{ opportunities(limit: 10) { models { tags } } }'),
  'holdout26.nullability.stage-order-zero-based': (s) =>
    data(s, '{ opportunities(limit: 3) { models { currentStage { stageOrder } } } }'),
  'holdout26.versions.1.2.0-contact-detail-types-lower-case': (s) =>
    data(s, '{ searchFirmContacts(limit: 3) { models { addresses { type } } } }', {}, { version: '1.2.0' }),
  'holdout26.enums.locale-code-underscore': (s) => data(s, '{ regionalSettings { locale { code } } }'),
  'holdout26.tenancy.limited-contact-types-from-full': (s) =>
    data(s, '{ contactTypes { models { id } } }', {}, LIMITED),
  'holdout26.events.one-write-events-reversed': (s) =>
    data(s, '{ opportunityEventViews(limit: 10) { models { eventType } } }'),
  'holdout26.http.request-error-422': async (s) =>
    (await gql(s, '{ currencies ', {}, { accept: 'application/graphql-response+json' })).status,
  'holdout26.http.transport-refusals-without-body': (s) =>
    post(
      s,
      { 'content-type': 'text/plain', authorization: `Bearer ${DEV_TOKENS.full}` },
      '{"query":"{ currencies }"}',
    ),
  'holdout26.auth.token-without-scheme-accepted': async (s) =>
    (
      await post(
        s,
        { 'content-type': 'application/json', authorization: DEV_TOKENS.full },
        JSON.stringify({ query: '{ currencies }' }),
      )
    )[0],
  'holdout26.persistence.activity-links-merged': async (s) => {
    const [activity] = await models(s, 'activities', '{ activities(limit: 1) { models { id } } }');
    const reply = await gql(
      s,
      'mutation($id: ID, $c: [ID]) { updateActivity(input: { activityId: $id, linkedEntityIds: $c }) { item { linkedActivityContacts { id } } } }',
      { id: activity?.id, c: [await newPerson(s, 'Linked')] },
    );
    return reply.body?.data?.updateActivity?.item?.linkedActivityContacts?.length ?? null;
  },
  'holdout26.events.edit-relationship-privacy-ignored': async (s) => {
    const types = (
      await gql(
        s,
        '{ relationshipTypes(filter: { relationshipListingType: PersonToPerson }) { id strengthScale } }',
      )
    ).body?.data?.relationshipTypes as { id: unknown; strengthScale: number }[];
    const type = types.find((t) => t.strengthScale >= 3);
    const c = await newPerson(s, 'Private');
    await gql(
      s,
      'mutation($c: ID!, $t: ID!) { addRelationship(input: { contactId: $c, relationshipTypeId: $t }) { success } }',
      { c, t: type?.id },
    );
    const created = await models(
      s,
      'relationshipEventViews',
      `{ relationshipEventViews(filter: { contactIds: ["${String(c)}"] }) { models { relationshipId } } }`,
    );
    const r = created[0]?.relationshipId;
    await gql(
      s,
      'mutation($r: ID!) { editRelationship(input: { relationshipId: $r, isPrivate: true, strengthLevel: 1 }) { success } }',
      { r },
    );
    return data(
      s,
      'query($r: [ID!]) { relationshipEventViews(filter: { relationshipIds: $r }) { models { eventType } } }',
      {
        r: [r],
      },
    );
  },
  'holdout26.persistence.patched-items-inactive-by-default': (s) =>
    data(
      s,
      'mutation { patchOpportunityOriginationSource(input: { items: [{ name: "Twenty-Sixth Source" }] }) { validationErrors { propertyName } addItems { name isActive } } }',
    ),
  'holdout26.validation.matter-number-duplicate-accepted': async (s) => {
    const add = () =>
      gql(
        s,
        'mutation { addMatter(input: { name: "Twenty-Sixth Matter", number: "H26-0001" }) { validationErrors { propertyName } } }',
      );
    await add();
    return (await add()).body?.data;
  },
  'holdout26.validation.financial-period-swapped': async (s) => {
    const matter = await gql(
      s,
      'mutation { addMatter(input: { name: "Period Matter", number: "H26-0002" }) { item } }',
    );
    return data(
      s,
      'mutation($m: ID!) { addMatterFinancial(input: { matterId: $m, periodStart: "2026-03-31", periodEnd: "2026-01-01", hoursWorked: 3 }) { validationErrors { propertyName } } }',
      { m: matter.body?.data?.addMatter?.item },
    );
  },
  'holdout26.persistence.location-phone-unlinked': async (s) => {
    const c = await newPerson(s, 'Located');
    await gql(
      s,
      'mutation($c: ID!) { addPublicLocation(input: { contactId: $c, type: "Home", city: "Boston", country: "United States", phoneNumber: "+1 617 555 0126" }) { status } }',
      { c },
    );
    const reply = await gql(s, 'query($c: ID!) { person(id: $c) { phoneNumbers { number addressId } } }', {
      c,
    });
    const phones = (reply.body?.data?.person?.phoneNumbers ?? []) as {
      number: unknown;
      addressId: unknown;
    }[];
    return phones.map((p) => [p.number, p.addressId === null]);
  },
  'holdout26.events.additional-fields-update-unrecorded': async (s) => {
    const c = await newPerson(s, 'Gendered');
    await gql(
      s,
      'mutation($c: ID!) { updateContactAdditionalFields(input: { personId: $c, gender: "Female" }) { status } }',
      { c },
    );
    return data(
      s,
      'query($c: [ID!]) { firmContactEventViews(filter: { contactIds: $c }) { models { eventType } } }',
      {
        c: [c],
      },
    );
  },
  'holdout26.errors.contacts-effected-counts-non-members': async (s) =>
    data(
      s,
      'mutation($l: ID!, $c: [ID!]!) { removeContactsFromList(listId: $l, contactIds: $c) { contactsEffected } }',
      { l: await removableList(s), c: [await newPerson(s, 'Outsider')] },
    ),
  'holdout26.caching.contact-lists-cached': async (s) => {
    const c = await newPerson(s, 'Cached');
    const lists = () => data(s, 'query($c: ID!) { person(id: $c) { lists { totalModels } } }', { c });
    await lists();
    await gql(
      s,
      'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
      { l: [await linkableList(s)], c: [c] },
    );
    return lists();
  },
};

describeHeldOutSet(
  'the twenty-sixth held-out mutant set',
  HOLDOUT26,
  'holdout26.',
  SETS.all.filter((m) => !m.id.startsWith('holdout26.')).map((m) => m.id),
  PROBES,
);
