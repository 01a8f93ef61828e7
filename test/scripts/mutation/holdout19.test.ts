import { HOLDOUT19 } from '../../../scripts/mutation/holdout19.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { SETS } from '../../../scripts/mutation/sets.js';
import { describeHeldOutSet, gql, models, type Probe } from '../../helpers/mutant-client.js';

const UNKNOWN_ID = '00000000-0000-0000-0000-000000000019';

/** The first activity type the full tenant may create activities with. */
async function activityType(s: MutantServer): Promise<unknown> {
  return (await models(s, 'activityTypes', '{ activityTypes(limit: 1) { models { id } } }'))[0]?.id;
}

/** A new activity of the full tenant at `when` (`YYYY-MM-DD HH:mm:ss`): its id. */
async function newActivity(s: MutantServer, subject: string, when: string): Promise<unknown> {
  const added = await gql(
    s,
    'mutation($t: ID!, $s: String!, $d: String!) { addActivity(input: { typeId: $t, activityDate: $d, subject: $s }) { id } }',
    { t: await activityType(s), s: subject, d: when },
  );
  return added.body?.data?.addActivity?.id;
}

/** A new person of the full tenant (with a business address): its id and the address's id. */
async function newPerson(
  s: MutantServer,
  firstName: string,
  version = '1.4.0',
): Promise<{ id: unknown; address: unknown }> {
  const added = await gql(
    s,
    'mutation($f: String) { addPerson(input: { firstName: $f, lastName: "Nineteen", businessAddress: { street: "1 Main Street", city: "Boston", country: "United States" } }) { item { id addresses { id } } } }',
    { f: firstName },
    { version },
  );
  const item = added.body?.data?.addPerson?.item as
    { id?: unknown; addresses?: { id?: unknown }[] } | undefined;
  return { id: item?.id, address: item?.addresses?.[0]?.id };
}

/** The ids of the lists any contact may be linked into, in name order. */
async function linkableLists(s: MutantServer): Promise<unknown[]> {
  const lists = (await models(
    s,
    'lists',
    '{ lists(limit: 100) { models { id allowedLinkInto allowedContactEntity } } }',
  )) as { id: unknown; allowedLinkInto: unknown; allowedContactEntity: unknown }[];
  return lists.filter((l) => l.allowedLinkInto === true && l.allowedContactEntity === 'Any').map((l) => l.id);
}

/** Adds contact `c` to the lists `l`. */
async function addToLists(s: MutantServer, l: unknown[], c: unknown): Promise<Record<string, unknown>> {
  const reply = await gql(
    s,
    'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount skippedCount } }',
    { l, c: [c] },
  );
  return reply.body?.data?.addContactsToLists as Record<string, unknown>;
}

/** How many events firmContactEventViews counts for the full tenant. */
async function contactEvents(s: MutantServer): Promise<number> {
  return Number(
    (await gql(s, '{ firmContactEventViews(limit: 1) { totalModels } }')).body?.data?.firmContactEventViews
      ?.totalModels,
  );
}

/** A request's status and first error code, with its data. */
async function outcome(s: MutantServer, query: string, version = '1.4.0'): Promise<unknown> {
  const reply = await gql(s, query, {}, { version });
  return [reply.status, reply.body?.data ?? null, reply.body?.errors?.[0]?.extensions?.code ?? null];
}

/**
 * For each mutant of the nineteenth held-out set, a request sequence whose observation differs between the
 * correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout19.paging.activities-contact-filter-first-link-only': async (s) => {
    const all = (await models(
      s,
      'activities',
      '{ activities(limit: 50) { models { linkedActivityContacts { id } } } }',
    )) as { linkedActivityContacts: { id: unknown }[] }[];
    const second = all.find((a) => a.linkedActivityContacts.length > 1)?.linkedActivityContacts[1]?.id;
    return (
      await gql(
        s,
        'query($c: [ID]) { activities(filter: { contactIds: $c }) { totalModels models { id } } }',
        {
          c: [second],
        },
      )
    ).body?.data;
  },
  'holdout19.paging.search-term-skips-email': async (s) =>
    (await gql(s, '{ searchFirmContacts(filter: [{ field: term, value: "outlook" }]) { totalModels } }')).body
      ?.data,
  'holdout19.paging.search-total-capped-100': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 1) { totalModels } }')).body?.data,
  'holdout19.sort.activities-same-day-by-id': async (s) =>
    (await gql(s, '{ activities(limit: 100) { models { id } } }')).body?.data,
  'holdout19.sort.activity-types-default-first': async (s) =>
    (await gql(s, '{ activityTypes { models { name } } }')).body?.data,
  'holdout19.nullability.absent-name-parts-empty': async (s) =>
    (
      await gql(
        s,
        '{ searchFirmContacts(limit: 5, filter: [{ field: contactEntity, value: "Person" }]) { models { ... on Person { middleName suffix goesBy } } } }',
      )
    ).body?.data,
  'holdout19.nullability.defaulted-paging-echo-null': async (s) =>
    (await gql(s, '{ initiatives { skip limit sort { field direction } } }')).body?.data,
  'holdout19.nullability.people-unknown-ids-as-null': async (s) => {
    const [person] = await models(
      s,
      'searchFirmContacts',
      '{ searchFirmContacts(limit: 1, filter: [{ field: contactEntity, value: "Person" }]) { models { id } } }',
    );
    return (
      await gql(s, 'query($ids: [ID!]!) { people(ids: $ids) { id } }', { ids: [UNKNOWN_ID, person?.id] })
    ).body?.data;
  },
  'holdout19.versions.contact-filter-input-renamed': async (s) => {
    const reply = await gql(
      s,
      'query($f: [ContactFilterInput]) { searchFirmContacts(filter: $f) { totalModels } }',
      {
        f: [{ field: 'term', value: 'a' }],
      },
    );
    return [reply.body?.data ?? null, reply.body?.errors?.[0]?.extensions?.code ?? null];
  },
  'holdout19.versions.1.2.0-sort-direction-abbreviated': (s) =>
    outcome(
      s,
      '{ activities(limit: 2, sort: [{ field: Date, direction: Descending }]) { totalModels } }',
      '1.2.0',
    ),
  'holdout19.enums.all-lists-as-marketing': async (s) =>
    (await gql(s, '{ lists(listClass: [AllLists]) { totalModels } }')).body?.data,
  'holdout19.enums.mailing-address-swapped': async (s) => {
    const added = await gql(
      s,
      'mutation { addPerson(input: { firstName: "Mailing", lastName: "Nineteen", businessAddress: { street: "1 Main Street", city: "Boston", country: "United States" }, otherAddress: { street: "2 Side Street", city: "Salem", country: "United States" }, mailingAddress: Other }) { item { id } } }',
    );
    const read = await gql(s, 'query($id: ID!) { person(id: $id) { addresses { type isMailingAddress } } }', {
      id: added.body?.data?.addPerson?.item?.id,
    });
    return read.body?.data;
  },
  'holdout19.dates.activity-view-date-last-edited': async (s) =>
    (await gql(s, '{ activities(limit: 3) { models { date } } }')).body?.data,
  'holdout19.dates.update-activity-keeps-time-of-day': async (s) => {
    const id = await newActivity(s, 'Nineteenth moved', '2024-03-05 10:00:00');
    await gql(
      s,
      'mutation($id: ID) { updateActivity(input: { id: $id, activityDate: "2024-03-07 15:30:00" }) { item { id } } }',
      { id },
    );
    return (await gql(s, 'query($id: ID!) { activity(id: $id) { activityStartDate } }', { id })).body?.data;
  },
  'holdout19.validation.member-refuses-batch': async (s) => {
    const { id } = await newPerson(s, 'Batch');
    const [first, second] = await linkableLists(s);
    await addToLists(s, [first], id);
    return addToLists(s, [first, second], id);
  },
  'holdout19.validation.top-strength-refused': async (s) => {
    const [type] = (
      await gql(
        s,
        '{ relationshipTypes(filter: { relationshipListingType: PersonToPerson }, limit: 1) { id strengthScale } }',
      )
    ).body?.data?.relationshipTypes as { id: unknown; strengthScale: number }[];
    const base = await newPerson(s, 'Base');
    const related = await newPerson(s, 'Related');
    const reply = await gql(
      s,
      'mutation($b: ID!, $r: ID!, $t: ID!, $n: Int) { addRelationshipForContacts(input: { baseContactId: $b, relatedContactId: $r, relationshipTypeId: $t, strengthLevel: $n }) { success } }',
      { b: base.id, r: related.id, t: type?.id, n: type?.strengthScale },
    );
    return [reply.body?.data ?? null, reply.body?.errors?.[0]?.extensions?.code ?? null];
  },
  'holdout19.persistence.location-change-adds-address': async (s) => {
    const { id, address } = await newPerson(s, 'Moving');
    await gql(
      s,
      'mutation($c: ID!, $a: ID!) { changePublicContactLocation(input: { contactId: $c, addressId: $a, city: "Salem" }) { status } }',
      { c: id, a: address },
    );
    return (await gql(s, 'query($id: ID!) { person(id: $id) { addresses { city } } }', { id })).body?.data;
  },
  'holdout19.persistence.matter-financials-period-ignored': async (s) => {
    const matter = (
      await gql(s, 'mutation { addMatter(input: { name: "Nineteen", number: "19-01" }) { item } }')
    ).body?.data?.addMatter?.item;
    for (const [start, end] of [
      ['2024-01-01', '2024-01-31'],
      ['2024-02-01', '2024-02-29'],
    ])
      await gql(
        s,
        'mutation($m: ID!, $a: Date!, $b: Date!) { addMatterFinancial(input: { matterId: $m, periodStart: $a, periodEnd: $b, hoursWorked: 10 }) { item } }',
        { m: matter, a: start, b: end },
      );
    return (
      await gql(
        s,
        'mutation($m: ID!) { removeMatterFinancials(input: { matterId: $m, periodStart: "2024-01-01", periodEnd: "2024-01-31" }) { matterFinancialsAffected } }',
        { m: matter },
      )
    ).body?.data;
  },
  'holdout19.persistence.remove-from-lists-removes-all': async (s) => {
    const { id } = await newPerson(s, 'Leaving');
    const [first, second] = await linkableLists(s);
    await addToLists(s, [first, second], id);
    await gql(
      s,
      'mutation($c: ID!, $l: [ID!]!) { removeContactFromLists(input: { contactId: $c, listIds: $l }) { item { successIds } } }',
      { c: id, l: [first] },
    );
    return (await gql(s, 'query($id: ID!) { person(id: $id) { lists { totalModels } } }', { id })).body?.data;
  },
  'holdout19.events.1.2.0-writes-unaudited': async (s) => {
    const before = await contactEvents(s);
    await newPerson(s, 'Legacy', '1.2.0');
    return (await contactEvents(s)) - before;
  },
  'holdout19.events.event-date-to-ignored': async (s) => {
    const events = (await models(
      s,
      'firmContactEventViews',
      '{ firmContactEventViews(limit: 10) { models { eventDate } } }',
    )) as { eventDate: string }[];
    return (
      await gql(
        s,
        'query($a: DateTime, $b: DateTime) { firmContactEventViews(filter: { eventDate: { from: $a, to: $b } }) { totalModels } }',
        { a: events[0]?.eventDate, b: events[4]?.eventDate },
      )
    ).body?.data;
  },
  'holdout19.events.total-counts-deleted': async (s) =>
    (
      await gql(
        s,
        '{ firmContactEventViews(limit: 1) { totalModels } listEventViews(limit: 1) { totalModels } }',
      )
    ).body?.data,
  'holdout19.auth.list-permission-flags-all-true': async (s) =>
    (
      await gql(
        s,
        '{ lists(limit: 100) { models { allowedLinkInto addAllowed deleteAllowed isAdministrator } } }',
      )
    ).body?.data,
  'holdout19.region.write-by-id-falls-back-to-us': async (s) => {
    const id = await newActivity(s, 'Nineteenth us only', '2024-03-05 10:00:00');
    await gql(
      s,
      'mutation($id: ID) { updateActivity(input: { id: $id, subject: "Changed from eu" }) { item { id } } }',
      { id },
      { region: 'eu' },
    );
    return (await gql(s, 'query($id: ID!) { activity(id: $id) { subject } }', { id })).body?.data;
  },
  'holdout19.caching.repeat-answered-304': async (s) => {
    const first = await gql(s, '{ lists(limit: 1) { totalModels } }');
    const again = await gql(s, '{ lists(limit: 1) { totalModels } }');
    return [first.status, again.status, again.body?.data ?? null];
  },
  'holdout19.http.integers-as-strings': async (s) =>
    (await gql(s, '{ lists(limit: 1) { totalModels } }')).body?.data,
  'holdout19.http.refused-write-422': async (s) => {
    const reply = await gql(
      s,
      `mutation { removeActivity(id: "${UNKNOWN_ID}") { isSuccessful validationErrors { message } } }`,
    );
    return reply.status;
  },
  'holdout19.errors.errors-dropped-beside-data': (s) =>
    outcome(s, '{ activities(limit: -1) { totalModels } }'),
  'holdout19.errors.bad-user-input-as-validation-failed': (s) =>
    outcome(s, '{ activities(limit: -1) { totalModels } }'),
};

describeHeldOutSet(
  'the nineteenth held-out mutant set',
  HOLDOUT19,
  'holdout19.',
  SETS.all.filter((m) => !m.id.startsWith('holdout19.')).map((m) => m.id),
  PROBES,
);
