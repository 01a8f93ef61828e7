import { randomUUID } from 'node:crypto';
import { HOLDOUT25 } from '../../../scripts/mutation/holdout25.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { SETS } from '../../../scripts/mutation/sets.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import {
  describeHeldOutSet,
  gql,
  linkableList,
  models,
  type Options,
  type Probe,
} from '../../helpers/mutant-client.js';

const LIMITED = { token: DEV_TOKENS.limited };

/** The data of `query` (full tenant, us 1.4.0 unless told). */
async function data(
  s: MutantServer,
  query: string,
  variables: Record<string, unknown> = {},
  options: Options = {},
): Promise<unknown> {
  return (await gql(s, query, variables, options)).body?.data;
}

/** The data and the first error code of `query`. */
async function outcome(
  s: MutantServer,
  query: string,
  variables: Record<string, unknown> = {},
  options: Options = {},
): Promise<unknown> {
  const reply = await gql(s, query, variables, options);
  return [reply.body?.data ?? null, reply.body?.errors?.[0]?.extensions?.code ?? null];
}

/** A new person of the full tenant: its id. */
async function newPerson(s: MutantServer, firstName: string): Promise<string> {
  const added = await gql(
    s,
    'mutation($f: String) { addPerson(input: { firstName: $f, lastName: "Probe" }) { item { id } } }',
    { f: firstName },
  );
  return added.body?.data?.addPerson?.item?.id as string;
}

/** The ids of the first companies of a region's search. */
async function companies(s: MutantServer, limit: number, options: Options = {}): Promise<unknown[]> {
  return (
    await models(
      s,
      'searchFirmContacts',
      `{ searchFirmContacts(limit: ${String(limit)}, filter: [{ field: contactEntity, value: "Company" }]) { models { id } } }`,
      options,
    )
  ).map((c) => c.id);
}

/**
 * For each mutant of the twenty-fifth held-out set, a request sequence whose observation differs between
 * the correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout25.dates.note-change-date-midnight': (s) =>
    data(s, '{ searchFirmContacts(limit: 5) { models { notes { allNotes { models { changeDate } } } } } }'),
  'holdout25.nullability.contact-type-plural-name-singular': (s) =>
    data(s, '{ contactTypes { models { name pluralName } } }'),
  'holdout25.enums.currency-codes-lower-case': (s) => data(s, '{ currencies }'),
  'holdout25.sort.pick-list-options-alphabetical': (s) =>
    data(
      s,
      '{ lists(limit: 10) { models { additionalFieldDefinitions { models { listDataType { options { name } } } } } } }',
    ),
  'holdout25.enums.yes-no-values-as-true-false': (s) =>
    data(
      s,
      '{ lists(limit: 20) { models { contacts(limit: 30) { models { additionalFieldValues { models { value } } } } } } }',
    ),
  'holdout25.nullability.principal-account-name-whole-email': (s) =>
    data(s, '{ opportunities(limit: 10) { models { associatedPrincipals { accountName } } } }'),
  'holdout25.auth.principal-not-involved': (s) =>
    data(s, '{ opportunities(limit: 100) { models { isCurrentUserInvolved } } }'),
  'holdout25.sort.engagement-rank-in-connection-order': async (s) => {
    const ids = await companies(s, 10);
    const fields = ids
      .map(
        (id, i) =>
          `c${String(i)}: getRelationshipInsights(companyId: "${String(id)}") { insightType displayName }`,
      )
      .join(' ');
    return data(s, `{ ${fields} }`);
  },
  'holdout25.enums.engagement-band-boundary-up': async (s) => {
    const [company] = await companies(s, 5);
    const insights = (
      await gql(s, 'query($c: ID!) { getRelationshipInsights(companyId: $c) { insightContactId } }', {
        c: company,
      })
    ).body?.data?.getRelationshipInsights as { insightContactId: unknown }[] | undefined;
    const people = [...new Set((insights ?? []).map((i) => i.insightContactId))].slice(0, 6);
    const fields = people
      .map(
        (id, i) =>
          `p${String(i)}: targetPersonConnections(input: { targetPersonId: "${String(id)}", fetchControl: All }) { models { rankDescription } }`,
      )
      .join(' ');
    return data(s, `{ ${fields} }`);
  },
  'holdout25.events.default-window-one-year': (s) =>
    data(s, '{ firmContactEventViews(limit: 1) { totalModels } listEventViews(limit: 1) { totalModels } }'),
  'holdout25.sort.same-date-events-by-type': (s) =>
    data(s, '{ opportunityEventViews(limit: 12) { models { eventType } } }'),
  'holdout25.nullability.contact-by-id-company-null': async (s) => {
    const [company] = await companies(s, 1);
    return data(s, 'query($id: ID!) { contact(id: $id) { id displayName } }', { id: company });
  },
  'holdout25.enums.address-country-iso-code': (s) =>
    data(s, '{ searchFirmContacts(limit: 5) { models { addresses { country } } } }'),
  'holdout25.versions.1.2.0-tags-joined': (s) =>
    data(s, '{ searchFirmContacts(limit: 60) { models { tags } } }', {}, { version: '1.2.0' }),
  'holdout25.region.au-profiles-empty': async (s) => {
    const au = { region: 'au' };
    const types = await models(s, 'contactTypes', '{ contactTypes { models { id name } } }', au);
    const client = types.find((t) => t.name === 'Client')?.id;
    const clients = (
      await gql(
        s,
        'query($t: [String]) { searchFirmContacts(limit: 60, filter: [{ field: contactTypeIds, values: $t }]) { models { id } } }',
        { t: [client] },
        au,
      )
    ).body?.data?.searchFirmContacts.models as { id: unknown }[];
    const fields = clients
      .map((c, i) => `p${String(i)}: profile(contactId: "${String(c.id)}") { totalModels }`)
      .join(' ');
    return data(s, `{ ${fields} }`, {}, au);
  },
  'holdout25.caching.people-keyed-by-id-set': async (s) => {
    const people = (
      await models(
        s,
        'searchFirmContacts',
        '{ searchFirmContacts(limit: 3, filter: [{ field: contactEntity, value: "Person" }]) { models { id } } }',
      )
    ).map((p) => p.id);
    const query = 'query($ids: [ID!]!) { people(ids: $ids) { id } }';
    await gql(s, query, { ids: people });
    return data(s, query, { ids: [...people].reverse() });
  },
  'holdout25.http.get-without-variables-400': async (s) => {
    const url = s.template.replace('{region}', 'us').replace('{version}', '1.4.0');
    const res = await fetch(`${url}?query=${encodeURIComponent('{ currencies }')}`, {
      headers: { accept: 'application/json', authorization: `Bearer ${DEV_TOKENS.full}` },
    });
    return [res.status, await res.text()];
  },
  'holdout25.errors.unknown-sort-direction-ascending': (s) =>
    outcome(s, '{ lists(limit: 3, sort: { field: "name", direction: "desc" }) { models { name } } }'),
  'holdout25.paging.activities-contact-filter-total-per-link': async (s) => {
    const activities = await models(
      s,
      'activities',
      '{ activities(limit: 50) { models { linkedActivityContacts { id } } } }',
    );
    const linked = activities
      .map((a) => (a.linkedActivityContacts as { id: unknown }[] | null) ?? [])
      .find((links) => links.length >= 2);
    return data(s, 'query($c: [ID]) { activities(filter: { contactIds: $c }) { totalModels } }', {
      c: linked?.slice(0, 2).map((l) => l.id),
    });
  },
  'holdout25.validation.matter-person-client-dropped': async (s) =>
    data(
      s,
      'mutation($c: ID) { addMatter(input: { name: "Probe matter", number: "H25-0001", clientId: $c }) { validationErrors { propertyName } } }',
      { c: await newPerson(s, 'Client') },
    ),
  'holdout25.tenancy.financials-gate-after-lookup': (s) =>
    data(
      s,
      'mutation($m: ID!) { removeMatterFinancials(input: { matterId: $m }) { isSuccessful validationErrors { propertyName } } }',
      { m: randomUUID() },
      LIMITED,
    ),
  'holdout25.validation.secondary-field-without-name': async (s) =>
    outcome(
      s,
      'mutation($l: ID!) { addAdditionalFieldDefinition(input: { listId: $l, name: "Owner", type: text, allowSecondaryField: true }) { success } }',
      { l: await linkableList(s) },
    ),
  'holdout25.validation.duplicate-relationship-succeeds': async (s) => {
    const types = (
      await gql(s, '{ relationshipTypes(filter: { relationshipListingType: PersonToPerson }) { id } }')
    ).body?.data?.relationshipTypes as { id: unknown }[];
    const input = {
      baseContactId: await newPerson(s, 'Base'),
      relatedContactId: await newPerson(s, 'Related'),
      relationshipTypeId: types[0]?.id,
    };
    const query =
      'mutation($i: AddRelationshipForContactsInput) { addRelationshipForContacts(input: $i) { success validationErrors { propertyName } } }';
    await gql(s, query, { i: input });
    return data(s, query, { i: input });
  },
  'holdout25.events.reclose-records-status-changes': async (s) => {
    const closed = (
      await models(
        s,
        'opportunities',
        '{ opportunities(filter: { statuses: [closed] }) { models { id shouldBeHidden actualOutcome { id } } } }',
      )
    ).find((o) => o.shouldBeHidden === false);
    const opportunityId = closed?.id;
    await gql(
      s,
      'mutation($i: UpdateOpportunityStatusInput!) { updateOpportunityStatus(input: $i) { id } }',
      {
        i: { opportunityId, status: 'closed', outcomeId: (closed?.actualOutcome as { id: unknown }).id },
      },
    );
    return data(
      s,
      'query($o: [ID!]) { opportunityEventViews(filter: { opportunityIds: $o, eventTypes: [StatusChanged] }) { totalModels } }',
      { o: [opportunityId] },
    );
  },
  'holdout25.persistence.location-change-clears-omitted': async (s) => {
    const added = await gql(
      s,
      'mutation { addPerson(input: { firstName: "Moved", lastName: "Probe", businessAddress: { street: "1 Main St", city: "Boston", postalCode: "02134", country: "United States" } }) { item { id addresses { id } } } }',
    );
    const person = added.body?.data?.addPerson?.item as { id: unknown; addresses: { id: unknown }[] };
    await gql(
      s,
      'mutation($c: ID!, $a: ID!) { changePublicContactLocation(input: { contactId: $c, addressId: $a, city: "Cambridge" }) { status } }',
      { c: person.id, a: person.addresses[0]?.id },
    );
    return data(s, 'query($id: ID!) { person(id: $id) { addresses { street city postalCode country } } }', {
      id: person.id,
    });
  },
  'holdout25.persistence.add-person-contact-types-dropped': async (s) => {
    const types = await models(s, 'contactTypes', '{ contactTypes { models { id name } } }');
    const client = types.find((t) => t.name === 'Client')?.id;
    return data(
      s,
      'mutation($t: [ID]) { addPerson(input: { firstName: "Typed", lastName: "Probe", folderContactTypes: $t }) { item { contactTypes { name } } } }',
      { t: [client] },
    );
  },
  'holdout25.caching.list-by-id-stale-after-edit': async (s) => {
    const list = (
      await models(
        s,
        'lists',
        '{ lists(listClass: [marketingLists], limit: 20) { models { id isAdministrator } } }',
      )
    ).find((l) => l.isAdministrator === true)?.id;
    const read = 'query($id: ID!) { list(id: $id) { name } }';
    await gql(s, read, { id: list });
    await gql(
      s,
      'mutation($id: ID!) { editListDetails(input: { id: $id, name: "Renamed by probe" }) { item { name } } }',
      {
        id: list,
      },
    );
    return data(s, read, { id: list });
  },
  'holdout25.errors.remove-unknown-field-true': (s) =>
    outcome(s, 'mutation($id: ID!) { removeAdditionalFieldDefinition(id: $id) }', { id: randomUUID() }),
  'holdout25.persistence.add-initiative-key-client-dropped': async (s) => {
    const [objective] = await models(s, 'objectives', '{ objectives(limit: 1) { models { id } } }');
    return data(
      s,
      'mutation($o: ID!) { addInitiative(input: { objectiveId: $o, name: "Key client probe", keyClient: true }) { validationErrors { propertyName } item { types { keyClient } } } }',
      { o: objective?.id },
    );
  },
};

describeHeldOutSet(
  'the twenty-fifth held-out mutant set',
  HOLDOUT25,
  'holdout25.',
  SETS.all.filter((m) => !m.id.startsWith('holdout25.')).map((m) => m.id),
  PROBES,
);
