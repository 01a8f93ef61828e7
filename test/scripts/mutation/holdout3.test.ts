import { HOLDOUT } from '../../../scripts/mutation/holdout.js';
import { HOLDOUT2 } from '../../../scripts/mutation/holdout2.js';
import { HOLDOUT3 } from '../../../scripts/mutation/holdout3.js';
import { MUTANTS } from '../../../scripts/mutation/mutants.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import { describeHeldOutSet, gql, type Options, type Probe } from '../../helpers/mutant-client.js';

const LIMITED = { token: DEV_TOKENS.limited };

/** A new person's id (full tenant, us, unless `options` say otherwise). */
async function addPerson(s: MutantServer, options: Options = {}): Promise<unknown> {
  const added = await gql(
    s,
    'mutation { addPerson(input: { firstName: "Third", lastName: "Probe" }) { item { id } } }',
    {},
    options,
  );
  return added.body?.data?.addPerson?.item?.id;
}

/** How many relationship events the service reports in all. */
async function relationshipEventCount(s: MutantServer): Promise<number> {
  return Number(
    (await gql(s, '{ relationshipEventViews { totalModels } }')).body?.data?.relationshipEventViews
      .totalModels,
  );
}

/** The answer to a query document of the unknown field `nope` (a GraphQL validation error). */
async function unknownField(s: MutantServer): Promise<Record<string, unknown> | undefined> {
  return (await gql(s, '{ nope }')).body?.errors?.[0] as Record<string, unknown> | undefined;
}

/**
 * For each mutant of the third held-out set, a request sequence whose observation differs between the
 * correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout3.paging.limit-zero-means-default': async (s) =>
    (await gql(s, '{ activityTypes(limit: 0) { models { id } } }')).body?.data?.activityTypes.models.length,
  'holdout3.paging.total-minus-skip': async (s) =>
    (await gql(s, '{ activityTypes(skip: 1, limit: 1) { totalModels } }')).body?.data?.activityTypes
      .totalModels,
  'holdout3.paging.contact-lists-skip-ignored': async (s) =>
    (
      await gql(
        s,
        '{ searchFirmContacts(limit: 1) { models { notIncludedInTheLists(skip: 1, limit: 1) { models { id } } } } }',
      )
    ).body?.data?.searchFirmContacts.models,
  'holdout3.sort.sort-input-direction-dropped': async (s) =>
    (
      await gql(
        s,
        '{ lists(limit: 100, sort: { field: "name", direction: "Descending" }) { models { name } } }',
      )
    ).body?.data?.lists.models,
  'holdout3.sort.planning-sort-ignored': async (s) =>
    (await gql(s, '{ initiatives(sort: [{ field: name, direction: Descending }]) { models { name } } }')).body
      ?.data?.initiatives.models,
  'holdout3.null.activity-type-name': async (s) =>
    (await gql(s, '{ activities(limit: 3) { models { type typeId } } }')).body?.data?.activities.models,
  'holdout3.versions.score-max-value-missing': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 1) { models { relationshipScore { maxValue } } } }')).body,
  'holdout3.versions.relationship-types-missing': async (s) =>
    (await gql(s, '{ relationshipTypes { id } }')).body,
  'holdout3.enums.listing-type-screaming': async (s) =>
    (await gql(s, '{ relationshipTypes { relationshipListingTypes } }')).body?.data,
  'holdout3.enums.visibility-capitalised': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 3) { models { visibility } } }')).body?.data,
  'holdout3.dates.end-date-day-early': async (s) =>
    (await gql(s, '{ objectives { models { endDate } } initiatives { models { endDate } } }')).body?.data,
  'holdout3.dates.planning-event-date-epoch': async (s) =>
    (
      await gql(
        s,
        '{ initiativeEventViews(limit: 2) { models { eventDate } } objectiveEventViews(limit: 2) { models { eventDate } } }',
      )
    ).body?.data,
  'holdout3.validation.message-blank': async (s) => {
    const types = await gql(s, '{ folderTypes(listClass: [marketingLists]) { models { id } } }');
    const folderTypeId: unknown = types.body?.data?.folderTypes.models[0]?.id;
    return (
      await gql(
        s,
        'mutation($input: AddListInput!) { addList(input: $input) { validationErrors { propertyName message } } }',
        { input: { name: ' ', folderTypeId } },
      )
    ).body?.data;
  },
  'holdout3.validation.folder-types-class-required': async (s) =>
    (await gql(s, '{ folderTypes { totalModels } }')).body,
  'holdout3.persistence.edit-relationship-not-kept': async (s) => {
    const first = await gql(s, '{ relationshipEventViews(limit: 1) { models { relationshipId isFormer } } }');
    const event = first.body?.data?.relationshipEventViews.models[0] as {
      relationshipId: unknown;
      isFormer: boolean;
    };
    const before = await relationshipEventCount(s);
    await gql(s, 'mutation($input: EditRelationshipInput) { editRelationship(input: $input) { success } }', {
      input: { relationshipId: event.relationshipId, isFormer: !event.isFormer },
    });
    return (await relationshipEventCount(s)) - before;
  },
  'holdout3.persistence.confidential-not-kept': async (s) => {
    const listed = await gql(s, '{ opportunities(limit: 100) { models { id isConfidential } } }');
    const opportunity = (
      listed.body?.data?.opportunities.models as { id: unknown; isConfidential: boolean }[]
    ).find((o) => !o.isConfidential)!;
    await gql(
      s,
      'mutation($input: UpdateOpportunityConfidentialInput!) { updateOpportunityConfidential(input: $input) { isConfidential } }',
      { input: { opportunityId: opportunity.id, isConfidential: !opportunity.isConfidential } },
    );
    return (
      await gql(s, 'query($id: ID!) { opportunity(id: $id) { isConfidential } }', { id: opportunity.id })
    ).body?.data?.opportunity;
  },
  'holdout3.events.initiative-events-lost': async (s) =>
    (await gql(s, '{ initiativeEventViews { totalModels } }')).body?.data?.initiativeEventViews.totalModels,
  'holdout3.events.relationship-former-inverted': async (s) =>
    (await gql(s, '{ relationshipEventViews(limit: 5) { models { isFormer } } }')).body?.data,
  'holdout3.tenancy.lists-leak': async (s) =>
    (await gql(s, '{ lists(limit: 5) { models { id } } }', {}, LIMITED)).body?.data,
  'holdout3.tenancy.activities-leak': async (s) =>
    (await gql(s, '{ activities(limit: 5) { models { id } } }', {}, LIMITED)).body?.data,
  'holdout3.auth.eu-unauthenticated': async (s) =>
    (await gql(s, '{ firm { settings { defaultNewActivityTypeId } } }', {}, { token: null, region: 'eu' }))
      .status,
  'holdout3.auth.token-prefix-accepted': async (s) =>
    (
      await gql(
        s,
        '{ firm { settings { defaultNewActivityTypeId } } }',
        {},
        { token: `${DEV_TOKENS.full}-x` },
      )
    ).status,
  'holdout3.http.variables-null-refused': async (s) => {
    const res = await fetch(s.template.replace('{region}', 'us').replace('{version}', '1.4.0'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${DEV_TOKENS.full}` },
      body: JSON.stringify({ query: '{ currencies }', variables: null }),
    });
    return [res.status, await res.text()];
  },
  'holdout3.cache.mutations-cached': async (s) => (await addPerson(s)) === (await addPerson(s)),
  'holdout3.cache.version-not-in-key': async (s) => {
    await gql(s, '{ currencies }');
    return (await gql(s, '{ currencies }', {}, { version: '1.2.0' })).body;
  },
  'holdout3.errors.code-missing': async (s) => (await unknownField(s))?.extensions,
  'holdout3.errors.stack-in-message': async (s) => (await unknownField(s))?.message,
  'holdout3.errors.unknown-id-500': async (s) =>
    (await gql(s, '{ person(id: "no-such-person") { id } }')).status,
  'holdout3.region.au-writes-to-eu': async (s) => {
    const id = await addPerson(s, { region: 'au' });
    return (await gql(s, 'query($id: ID!) { person(id: $id) { id } }', { id }, { region: 'au' })).body?.data
      ?.person;
  },
};

describeHeldOutSet(
  'the third held-out mutant set',
  HOLDOUT3,
  'holdout3.',
  [...MUTANTS, ...HOLDOUT, ...HOLDOUT2].map((m) => m.id),
  PROBES,
);
