import { HOLDOUT20 } from '../../../scripts/mutation/holdout20.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { SETS } from '../../../scripts/mutation/sets.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import { describeHeldOutSet, gql, models, type Probe } from '../../helpers/mutant-client.js';

/** The answer of a search with the given filters: its total, or the error code when refused. */
async function searched(s: MutantServer, filter: unknown[], options = {}): Promise<unknown> {
  const reply = await gql(
    s,
    'query($f: [ContactFilterInput]) { searchFirmContacts(filter: $f, limit: 5) { totalModels resultsFrom models { id } } }',
    { f: filter },
    options,
  );
  return reply.body?.data?.searchFirmContacts ?? reply.body?.errors?.[0]?.extensions?.code ?? null;
}

/** A new person of the full tenant: its id. */
async function newPerson(s: MutantServer, input: Record<string, unknown>): Promise<string> {
  const added = await gql(
    s,
    'mutation($i: AddPersonInput!) { addPerson(input: $i) { item { id } validationErrors { propertyName } } }',
    { i: input },
  );
  return added.body?.data?.addPerson?.item?.id as string;
}

/** A new company of the full tenant: its id. */
async function newCompany(s: MutantServer, name: string): Promise<string> {
  const added = await gql(
    s,
    'mutation($n: String) { addCompany(input: { companyName: $n }) { item { id } } }',
    { n: name },
  );
  return added.body?.data?.addCompany?.item?.id as string;
}

const ADDRESS = {
  street: '1 Main Street',
  city: 'Boston',
  country: 'United States',
  postalCode: '02110',
};

/** The activity types the full tenant may create activities with: the first two ids. */
async function activityTypes(s: MutantServer): Promise<unknown[]> {
  return (await models(s, 'activityTypes', '{ activityTypes(limit: 2) { models { id } } }')).map((t) => t.id);
}

/** A person's addresses: type, street, city and mailing flag. */
async function addressesOf(s: MutantServer, id: unknown): Promise<unknown> {
  return (
    await gql(s, 'query($id: ID!) { person(id: $id) { addresses { type street city isMailingAddress } } }', {
      id,
    })
  ).body?.data?.person?.addresses;
}

/**
 * For each mutant of the twentieth held-out set, a request sequence whose observation differs between the
 * correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout20.paging.search-total-capped-at-100': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 2) { totalModels } }')).body?.data,
  'holdout20.paging.search-city-whole-name-only': (s) => searched(s, [{ field: 'city', value: 'Phila' }]),
  'holdout20.paging.search-term-skips-email-addresses': (s) =>
    searched(s, [{ field: 'term', value: 'outlook' }]),
  'holdout20.paging.search-company-filter-companies-only': (s) =>
    searched(s, [{ field: 'company', value: 'Cremin' }]),
  'holdout20.paging.search-tag-filter-substring': (s) => searched(s, [{ field: 'tag', value: 'event' }]),
  'holdout20.paging.activities-contact-ids-all-of': async (s) => {
    const all = await models(
      s,
      'activities',
      '{ activities(limit: 50) { models { linkedActivityContacts { id } } } }',
    );
    const links = all
      .map((a) => (a.linkedActivityContacts as { id: string }[]).map((l) => l.id))
      .find((ids) => ids.length >= 2);
    return (
      await gql(s, 'query($c: [ID]) { activities(filter: { contactIds: $c }) { totalModels } }', {
        c: links?.slice(0, 2),
      })
    ).body?.data;
  },
  'holdout20.paging.opportunities-lead-ids-match-principals': async (s) => {
    const all = (await models(
      s,
      'opportunities',
      '{ opportunities(limit: 100) { models { lead { id } associatedPrincipals { leadId } } } }',
    )) as { lead: { id: string } | null; associatedPrincipals: { leadId: string }[] | null }[];
    const leads = new Set(all.map((o) => o.lead?.id));
    const principal = all
      .flatMap((o) => (o.associatedPrincipals ?? []).map((p) => p.leadId))
      .find((id) => leads.has(id));
    return (
      await gql(s, 'query($l: [ID!]) { opportunities(filter: { leadIds: $l }) { totalModels } }', {
        l: [principal],
      })
    ).body?.data;
  },
  'holdout20.sort.insights-firm-side-first': async (s) => {
    const companies = await models(
      s,
      'opportunities',
      '{ opportunities(limit: 30) { models { targetCompany { id } } } }',
    );
    const out: unknown[] = [];
    for (const o of companies.slice(0, 10)) {
      const reply = await gql(
        s,
        'query($c: ID!) { getRelationshipInsights(companyId: $c) { displayName } }',
        {
          c: (o.targetCompany as { id?: unknown } | null)?.id,
        },
      );
      out.push(reply.body?.data?.getRelationshipInsights);
    }
    return out;
  },
  'holdout20.null.activity-person-primary-email-business-only': async (s) => {
    const people = (await models(
      s,
      'searchFirmContacts',
      '{ searchFirmContacts(filter: [{ field: contactEntity, value: "Person" }], limit: 200) { models { id emailAddresses { type } } } }',
    )) as { id: string; emailAddresses: { type: string }[] }[];
    const personal = people.find(
      (p) => p.emailAddresses.length > 0 && p.emailAddresses.every((e) => e.type !== 'Business'),
    );
    const [type] = await activityTypes(s);
    const added = await gql(
      s,
      'mutation($t: ID!, $l: [ID]) { addActivity(input: { typeId: $t, activityDate: "2026-01-05 10:00:00", subject: "Twentieth e-mail", linkedEntityIds: $l }) { id } }',
      { t: type, l: [personal?.id] },
    );
    return (
      await gql(
        s,
        'query($id: ID!) { activity(id: $id) { linkedActivityContacts { ... on ActivityPerson { primaryEmail } } } }',
        { id: added.body?.data?.addActivity?.id },
      )
    ).body?.data;
  },
  'holdout20.null.employee-current-employer': async (s) =>
    (
      await models(
        s,
        'searchFirmContacts',
        '{ searchFirmContacts(filter: [{ field: contactEntity, value: "Person" }], limit: 400) { models { ... on Person { isEmployee currentEmployer { id } } } } }',
      )
    ).filter((p) => p.isEmployee === true),
  'holdout20.enums.contact-type-any-as-person': async (s) =>
    (await gql(s, '{ contactTypes { models { name allowedContactEntity } } }')).body?.data,
  'holdout20.enums.results-from-filter-beside-term': (s) =>
    searched(s, [
      { field: 'term', value: 'a' },
      { field: 'contactEntity', value: 'Person' },
    ]),
  'holdout20.versions.1.2.0-activities-newest-first': async (s) =>
    (await gql(s, '{ activities(limit: 3) { models { date } } }', {}, { version: '1.2.0' })).body?.data,
  'holdout20.versions.1.2.0-score-strength-zero-based': async (s) =>
    (
      await gql(
        s,
        '{ searchFirmContacts(limit: 5) { models { relationshipScore { strength } } } }',
        {},
        { version: '1.2.0' },
      )
    ).body?.data,
  'holdout20.dates.range-without-from-ignored': async (s) =>
    (
      await gql(
        s,
        '{ activities(filter: { date: { to: "2024-06-02" } }) { totalModels } opportunities(filter: { dateOpened: { to: "2025-01-01" } }) { totalModels } }',
      )
    ).body?.data,
  'holdout20.tenancy.limited-search-ids-reach-full': async (s) => {
    const [full] = await models(
      s,
      'searchFirmContacts',
      '{ searchFirmContacts(limit: 1) { models { id } } }',
    );
    return searched(s, [{ field: 'ids', values: [full?.id] }], { token: DEV_TOKENS.limited });
  },
  'holdout20.errors.search-unknown-sort-field-ignored': async (s) => {
    const reply = await gql(s, '{ searchFirmContacts(sort: { field: "name" }, limit: 1) { totalModels } }');
    return [reply.body?.data ?? null, reply.body?.errors?.[0]?.extensions?.code ?? null];
  },
  'holdout20.region.eu-phone-numbers-e164': async (s) =>
    (
      await gql(
        s,
        '{ searchFirmContacts(limit: 3) { models { phoneNumbers { number } } } }',
        {},
        { region: 'eu' },
      )
    ).body?.data,
  'holdout20.auth.hidden-opportunity-by-id-null': async (s) => {
    const hidden = (
      await models(s, 'opportunities', '{ opportunities(limit: 100) { models { id shouldBeHidden } } }')
    ).find((o) => o.shouldBeHidden === true);
    return (
      await gql(s, 'query($id: ID!) { opportunity(id: $id) { id shouldBeHidden } }', { id: hidden?.id })
    ).body?.data;
  },
  'holdout20.persistence.person-address-update-merged': async (s) => {
    const id = await newPerson(s, { firstName: 'Twentieth', lastName: 'Mover', businessAddress: ADDRESS });
    await gql(
      s,
      'mutation($id: ID!) { updatePublicPerson(input: { id: $id, address: { city: "Chicago", country: "United States" } }) { status } }',
      { id },
    );
    return addressesOf(s, id);
  },
  'holdout20.persistence.add-person-job-title-needs-employer': async (s) => {
    const id = await newPerson(s, { firstName: 'Twentieth', lastName: 'Freelancer', jobTitle: 'Consultant' });
    return (await gql(s, 'query($id: ID!) { person(id: $id) { currentJobTitle } }', { id })).body?.data;
  },
  'holdout20.persistence.location-mailing-flag-not-cleared': async (s) => {
    const id = await newPerson(s, {
      firstName: 'Twentieth',
      lastName: 'Relocated',
      businessAddress: ADDRESS,
    });
    await gql(
      s,
      'mutation($id: ID!) { addPublicLocation(input: { contactId: $id, type: "Home", city: "Denver", country: "United States", isMailingAddress: true }) { status } }',
      { id },
    );
    return addressesOf(s, id);
  },
  'holdout20.persistence.activity-type-name-stale': async (s) => {
    const [first, second] = await activityTypes(s);
    const added = await gql(
      s,
      'mutation($t: ID!) { addActivity(input: { typeId: $t, activityDate: "2026-01-06 09:00:00", subject: "Twentieth retyped" }) { id } }',
      { t: first },
    );
    const id: unknown = added.body?.data?.addActivity?.id;
    await gql(
      s,
      'mutation($id: ID!, $t: ID) { updateActivity(input: { activityId: $id, typeId: $t }) { validationErrors { propertyName } } }',
      { id, t: second },
    );
    return (await gql(s, 'query($id: ID!) { activity(id: $id) { type typeId } }', { id })).body?.data;
  },
  'holdout20.validation.location-change-other-contacts-address': async (s) => {
    const owner = await newPerson(s, { firstName: 'Twentieth', lastName: 'Owner', businessAddress: ADDRESS });
    const other = await newPerson(s, { firstName: 'Twentieth', lastName: 'Other' });
    const read = await gql(s, 'query($id: ID!) { person(id: $id) { addresses { id } } }', { id: owner });
    const addressId: unknown = read.body?.data?.person?.addresses?.[0]?.id;
    const changed = await gql(
      s,
      'mutation($c: ID!, $a: ID!) { changePublicContactLocation(input: { contactId: $c, addressId: $a, city: "Austin" }) { validationErrors { propertyName } } }',
      { c: other, a: addressId },
    );
    return [changed.body?.data?.changePublicContactLocation, await addressesOf(s, owner)];
  },
  'holdout20.validation.missing-mailing-address-as-none': async (s) =>
    (
      await gql(
        s,
        'mutation { addPerson(input: { firstName: "Twentieth", lastName: "Unmailed", mailingAddress: Business }) { validationErrors { propertyName } item { lastName } } }',
      )
    ).body?.data,
  'holdout20.validation.ambiguous-company-name-first': async (s) => {
    await newCompany(s, 'Twentieth Twin Holdings');
    await newCompany(s, 'Twentieth Twin Holdings');
    return (
      await gql(
        s,
        'mutation { addPerson(input: { firstName: "Twentieth", lastName: "Twin", companyName: "Twentieth Twin Holdings" }) { validationErrors { propertyName } item { currentEmployer { name } } } }',
      )
    ).body?.data;
  },
  'holdout20.events.unchanged-person-update-recorded': async (s) => {
    const id = await newPerson(s, { firstName: 'Twentieth', lastName: 'Steady' });
    const update = await gql(
      s,
      'mutation($id: ID!) { updatePublicPerson(input: { id: $id, firstName: "Twentieth" }) { status } }',
      { id },
    );
    const events = await gql(
      s,
      'query($c: [ID!]) { firmContactEventViews(filter: { contactIds: $c, eventTypes: [ContactUpdated] }) { totalModels } }',
      { c: [id] },
    );
    return [update.body?.data, events.body?.data];
  },
  'holdout20.caching.person-employer-cached': async (s) => {
    const first = await newCompany(s, 'Twentieth First Employer');
    const second = await newCompany(s, 'Twentieth Second Employer');
    const id = await newPerson(s, { firstName: 'Twentieth', lastName: 'Mover', companyId: first });
    const query = 'query($id: ID!) { person(id: $id) { currentEmployer { name } } }';
    await gql(s, query, { id });
    await gql(
      s,
      'mutation($id: ID!, $c: ID) { editPersonEmploymentInformation(input: { personId: $id, companyId: $c }) { status } }',
      { id, c: second },
    );
    return (await gql(s, query, { id })).body?.data;
  },
  'holdout20.errors.refused-person-update-status-updated': async (s) =>
    (
      await gql(
        s,
        'mutation { updatePublicPerson(input: { id: "no-such-person", firstName: "Nobody" }) { status validationErrors { propertyName } } }',
      )
    ).body?.data,
};

describeHeldOutSet(
  'the twentieth held-out mutant set',
  HOLDOUT20,
  'holdout20.',
  SETS.all.filter((m) => !m.id.startsWith('holdout20.')).map((m) => m.id),
  PROBES,
);
