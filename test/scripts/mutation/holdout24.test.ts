import { HOLDOUT24 } from '../../../scripts/mutation/holdout24.js';
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

/** Adds contacts to one list of the full tenant. */
async function addToList(s: MutantServer, list: unknown, contacts: unknown[]): Promise<void> {
  await gql(
    s,
    'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
    { l: [list], c: contacts },
  );
}

/**
 * For each mutant of the twenty-fourth held-out set, a request sequence whose observation differs between
 * the correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout24.sort.notes-oldest-first': (s) =>
    data(
      s,
      '{ searchFirmContacts(limit: 30) { models { notes { allNotes { models { lastEditedDate } } } } } }',
    ),
  'holdout24.region.au-note-edit-date-sydney': (s) =>
    data(
      s,
      '{ searchFirmContacts(limit: 60) { models { notes { allNotes { models { lastEditedDate } } } } } }',
      {},
      { region: 'au' },
    ),
  'holdout24.sort.list-members-in-id-order': (s) =>
    data(s, '{ lists(limit: 5) { models { contacts(limit: 10) { models { displayName } } } } }'),
  'holdout24.paging.not-included-lists-with-member-lists': (s) =>
    data(
      s,
      '{ searchFirmContacts(limit: 20) { models { notIncludedInTheLists { totalModels models { name } } } } }',
    ),
  'holdout24.auth.user-is-sponsor-any-sponsor': (s) =>
    data(s, '{ searchFirmContacts(limit: 100) { models { lists { models { userIsSponsor } } } } }'),
  'holdout24.versions.1.2.0-display-name-last-first': (s) =>
    data(s, '{ searchFirmContacts(limit: 10) { models { displayName } } }', {}, { version: '1.2.0' }),
  'holdout24.nullability.goes-by-first-name-fallback': (s) =>
    data(s, '{ searchFirmContacts(limit: 10) { models { ... on Person { goesBy } } } }'),
  'holdout24.nullability.score-max-value-is-level-count': (s) =>
    data(s, '{ searchFirmContacts(limit: 10) { models { relationshipScore { value maxValue } } } }'),
  'holdout24.paging.contact-emails-business-only': (s) =>
    data(s, '{ searchFirmContacts(limit: 100) { models { emailAddresses { address } } } }'),
  'holdout24.nullability.postal-code-leading-zeros-lost': (s) =>
    data(
      s,
      '{ searchFirmContacts(limit: 50, filter: [{ field: city, value: "Boston" }]) { models { addresses { postalCode } } } }',
    ),
  'holdout24.enums.search-company-entity-read-as-any': (s) =>
    data(s, '{ searchFirmContacts(filter: [{ field: contactEntity, value: "Company" }]) { totalModels } }'),
  'holdout24.paging.search-country-mailing-address-only': (s) =>
    data(s, '{ searchFirmContacts(filter: [{ field: country, value: "United States" }]) { totalModels } }'),
  'holdout24.nullability.search-terms-echo-term-only': (s) =>
    data(
      s,
      '{ searchFirmContacts(limit: 1, filter: [{ field: firstName, value: "a" }]) { searchTerms { firstName } } }',
    ),
  'holdout24.enums.activity-regarding-contacts-only': async (s) => {
    const ids = (await models(s, 'activities', '{ activities(limit: 80) { models { id } } }')).map(
      (a) => a.id,
    );
    const fields = ids.map((id, i) => `a${String(i)}: activity(id: "${String(id)}") { regarding }`).join(' ');
    return data(s, `{ ${fields} }`);
  },
  'holdout24.auth.involved-means-visible': (s) =>
    data(s, '{ opportunities(limit: 30) { models { isCurrentUserInvolved } } }'),
  'holdout24.tenancy.limited-default-activity-type-from-full': (s) =>
    data(s, '{ activityTypes { models { name isDefault } } }', {}, LIMITED),
  'holdout24.events.related-company-null': (s) =>
    data(s, '{ relationshipEventViews(limit: 50) { models { relatedContactId relatedContact { id } } } }'),
  'holdout24.dates.contact-event-date-latest-change': (s) =>
    data(s, '{ firmContactEventViews(limit: 50) { models { contactId eventDate } } }'),
  'holdout24.paging.event-skip-as-date-cursor': async (s) => {
    const list = await linkableList(s);
    await addToList(s, list, [await newPerson(s, 'Cursor'), await newPerson(s, 'Keyset')]);
    const all = (await models(
      s,
      'firmContactEventViews',
      '{ firmContactEventViews(limit: 1000) { models { eventDate } } }',
    )) as { eventDate: string }[];
    let at = -1;
    for (let i = 1; i < all.length; i++) if (all[i]!.eventDate === all[i - 1]!.eventDate) at = i;
    return data(s, 'query($k: Int) { firmContactEventViews(skip: $k, limit: 2) { models { eventType } } }', {
      k: at,
    });
  },
  'holdout24.errors.over-max-limit-clamped': async (s) => {
    const reply = await gql(s, '{ searchFirmContacts(limit: 1001) { totalModels } }');
    return [reply.body?.data ?? null, reply.body?.errors?.[0]?.extensions?.code ?? null];
  },
  'holdout24.validation.phone-letters-stripped': (s) =>
    data(
      s,
      'mutation { addPerson(input: { firstName: "Lettered", lastName: "Phone", businessPhone: "+1 212 555 01OO" }) { validationErrors { propertyName } item { phoneNumbers { number } } } }',
    ),
  'holdout24.validation.blank-company-rename-ignored': async (s) => {
    const [company] = await models(
      s,
      'searchFirmContacts',
      '{ searchFirmContacts(limit: 1, filter: [{ field: contactEntity, value: "Company" }]) { models { id } } }',
    );
    return data(
      s,
      'mutation($id: ID!) { updatePublicCompany(input: { id: $id, companyName: "  " }) { validationErrors { propertyName } item { name } } }',
      { id: company?.id },
    );
  },
  'holdout24.validation.unknown-location-type-defaulted': async (s) =>
    data(
      s,
      'mutation($c: ID!) { addPublicLocation(input: { contactId: $c, type: "Holiday", city: "Boston", country: "United States" }) { status validationErrors { propertyName } } }',
      { c: await newPerson(s, 'Located') },
    ),
  'holdout24.persistence.add-person-middle-name-goes-by-crossed': (s) =>
    data(
      s,
      'mutation { addPerson(input: { firstName: "Quentin", middleName: "Quill", goesBy: "Quin", lastName: "Crossed" }) { item { middleName goesBy displayName } } }',
    ),
  'holdout24.persistence.contact-tags-lower-cased': (s) =>
    data(
      s,
      'mutation { addPerson(input: { firstName: "Tagged", lastName: "Person", tags: ["VIP Client"] }) { item { tags } } }',
    ),
  'holdout24.persistence.add-person-business-phone-as-mobile': (s) =>
    data(
      s,
      'mutation { addPerson(input: { firstName: "Desk", lastName: "Phone", businessPhone: "+1 212 555 0100" }) { item { phoneNumbers { type } } } }',
    ),
  'holdout24.events.member-re-added-as-remove-and-add': async (s) => {
    const c = await newPerson(s, 'Twice');
    const list = await linkableList(s);
    await addToList(s, list, [c]);
    await addToList(s, list, [c]);
    return data(
      s,
      'query($c: [ID!]) { firmContactEventViews(filter: { contactIds: $c, eventTypes: [ContactRemovedFromList] }) { totalModels } }',
      { c: [c] },
    );
  },
  'holdout24.events.added-company-created-as-updated': async (s) => {
    const added = await gql(
      s,
      'mutation { addCompany(input: { companyName: "Twenty-Fourth Holdings" }) { item { id } } }',
    );
    return data(
      s,
      'query($c: [ID!]) { firmContactEventViews(filter: { contactIds: $c }) { models { eventType } } }',
      {
        c: [added.body?.data?.addCompany?.item?.id],
      },
    );
  },
  'holdout24.errors.refused-person-item-echoed': async (s) => {
    const reply = await gql(
      s,
      'mutation { addPerson(input: { middleName: "Nameless" }) { validationErrors { propertyName } item { id } } }',
    );
    return reply.body?.data?.addPerson?.item ?? null;
  },
};

describeHeldOutSet(
  'the twenty-fourth held-out mutant set',
  HOLDOUT24,
  'holdout24.',
  SETS.all.filter((m) => !m.id.startsWith('holdout24.')).map((m) => m.id),
  PROBES,
);
