import { HOLDOUT } from '../../../scripts/mutation/holdout.js';
import { HOLDOUT2 } from '../../../scripts/mutation/holdout2.js';
import { HOLDOUT3 } from '../../../scripts/mutation/holdout3.js';
import { HOLDOUT4 } from '../../../scripts/mutation/holdout4.js';
import { MUTANTS } from '../../../scripts/mutation/mutants.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import { describeHeldOutSet, gql, postRaw, type Options, type Probe } from '../../helpers/mutant-client.js';

const LIMITED = { token: DEV_TOKENS.limited };
const GRAPHQL_RESPONSE = { accept: 'application/graphql-response+json' };

/** A new person's id (full tenant, us, unless `options` say otherwise). */
async function addPerson(s: MutantServer, options: Options = {}): Promise<unknown> {
  const added = await gql(
    s,
    'mutation { addPerson(input: { firstName: "Fourth", lastName: "Probe" }) { item { id } } }',
    {},
    options,
  );
  return added.body?.data?.addPerson?.item?.id;
}

/** The first activity of the full tenant. */
async function firstActivity(s: MutantServer): Promise<{ id: string; subject: string; date: string }> {
  return (await gql(s, '{ activities(limit: 1) { models { id subject date } } }')).body?.data?.activities
    .models[0];
}

/**
 * For each mutant of the fourth held-out set, a request sequence whose observation differs between the
 * correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout4.paging.relationship-types-default-100': async (s) =>
    (await gql(s, '{ relationshipTypes { id } }')).body?.data?.relationshipTypes.length,
  'holdout4.paging.event-views-skip-ignored': async (s) =>
    (await gql(s, '{ listEventViews(skip: 1, limit: 1) { models { listId eventType } } }')).body?.data,
  'holdout4.sort.descending-within-page': async (s) =>
    (
      await gql(
        s,
        '{ lists(limit: 3, sort: { field: "name", direction: "Descending" }) { models { name } } }',
      )
    ).body?.data,
  'holdout4.sort.end-date-as-start-date': async (s) =>
    (await gql(s, '{ objectives(sort: [{ field: endDate }]) { models { endDate } } }')).body?.data,
  'holdout4.null.opportunity-target-company': async (s) =>
    (await gql(s, '{ opportunities(limit: 3) { models { targetCompany { id } } } }')).body?.data,
  'holdout4.null.item-on-update': async (s) => {
    const activity = await firstActivity(s);
    return (
      await gql(
        s,
        'mutation($input: UpdateActivityInput!) { updateActivity(input: $input) { item { id } validationErrors { message } } }',
        { input: { id: activity.id, subject: 'Updated by the fourth probe' } },
      )
    ).body?.data;
  },
  'holdout4.versions.1.2.0-score-value-leaks': async (s) =>
    (
      await gql(
        s,
        '{ searchFirmContacts(limit: 1) { models { relationshipScore { value } } } }',
        {},
        {
          version: '1.2.0',
        },
      )
    ).body?.errors?.[0]?.extensions,
  'holdout4.versions.check-security-missing': async (s) =>
    (await gql(s, '{ folderTypes(listClass: [marketingLists], checkSecurity: false) { totalModels } }')).body,
  'holdout4.enums.results-from-screaming': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 1) { resultsFrom } }')).body?.data,
  'holdout4.enums.insight-type-screaming': async (s) => {
    const opportunities = await gql(s, '{ opportunities(limit: 1) { models { targetCompany { id } } } }');
    const companyId: unknown = opportunities.body?.data?.opportunities.models[0].targetCompany.id;
    return (
      await gql(s, 'query($id: ID!) { getRelationshipInsights(companyId: $id) { insightType } }', {
        id: companyId,
      })
    ).body?.data;
  },
  'holdout4.dates.opportunity-dates-us-format': async (s) =>
    (await gql(s, '{ opportunities(limit: 3) { models { estimatedCloseDate dateOpened } } }')).body?.data,
  'holdout4.dates.activity-date-filter-to-exclusive': async (s) => {
    const { date } = await firstActivity(s);
    return (
      await gql(s, 'query($d: Date) { activities(filter: { date: { from: $d, to: $d } }) { totalModels } }', {
        d: date,
      })
    ).body?.data?.activities.totalModels;
  },
  'holdout4.validation.typed-option-of-other-type-accepted': async (s) => {
    const lists = await gql(s, '{ lists(limit: 1) { models { id } } }');
    return (
      await gql(
        s,
        'mutation($input: AddAdditionalFieldDefinitionInput!) { addAdditionalFieldDefinition(input: $input) { success } }',
        {
          input: {
            listId: lists.body?.data?.lists.models[0].id,
            name: 'Fourth probe',
            type: 'integer',
            stringInput: { maxLength: 5 },
          },
        },
      )
    ).body?.data;
  },
  'holdout4.validation.activity-date-property-name': async (s) => {
    const activity = await firstActivity(s);
    return (
      await gql(
        s,
        'mutation($input: UpdateActivityInput!) { updateActivity(input: $input) { validationErrors { propertyName } } }',
        { input: { id: activity.id, activityDate: '2026-02-30 10:00:00' } },
      )
    ).body?.data;
  },
  'holdout4.persistence.list-details-not-kept': async (s) => {
    const lists = await gql(s, '{ lists(listClass: [marketingLists], limit: 1) { models { id } } }');
    const id: unknown = lists.body?.data?.lists.models[0].id;
    await gql(
      s,
      'mutation($input: EditListDetailsInput!) { editListDetails(input: $input) { item { name } } }',
      { input: { id, name: 'Renamed by the fourth probe' } },
    );
    return (await gql(s, 'query($id: ID!) { list(id: $id) { name } }', { id })).body?.data;
  },
  'holdout4.persistence.objective-status-not-kept': async (s) => {
    const listed = await gql(s, '{ objectives { models { id status } } }');
    const closed = (listed.body?.data?.objectives.models as { id: string; status: string }[]).find(
      (o) => o.status === 'closed',
    )!;
    await gql(
      s,
      'mutation($input: UpdateObjectiveStatusInput!) { updateObjectiveStatus(input: $input) { item { status } } }',
      { input: { id: closed.id, status: 'open' } },
    );
    return (await gql(s, 'query($id: ID!) { objective(id: $id) { status } }', { id: closed.id })).body?.data;
  },
  'holdout4.events.after-inclusive': async (s) => {
    const first = await gql(s, '{ listEventViews(limit: 1) { models { eventDate } } }');
    const after: unknown = first.body?.data?.listEventViews.models[0].eventDate;
    return (
      await gql(
        s,
        'query($a: DateTime) { listEventViews(limit: 1, filter: { eventDate: { after: $a } }) { models { eventDate } } }',
        { a: after },
      )
    ).body?.data;
  },
  'holdout4.events.deleted-contact-events-shown': async (s) =>
    (await gql(s, '{ firmContactEventViews { totalModels } }')).body?.data,
  'holdout4.tenancy.limited-updates-full-activity': async (s) => {
    const activity = await firstActivity(s);
    await gql(
      s,
      'mutation($input: UpdateActivityInput!) { updateActivity(input: $input) { item { id } } }',
      { input: { id: activity.id, subject: 'Written by the limited tenant' } },
      LIMITED,
    );
    // Whether the write reached the full tenant's record (not its subject, which earlier probes of the
    // shared correct server may have changed).
    return (await firstActivity(s)).subject === 'Written by the limited tenant';
  },
  'holdout4.tenancy.firm-settings-shared': async (s) =>
    (await gql(s, '{ firm { settings { defaultNewActivityTypeId } } }', {}, LIMITED)).body?.data,
  'holdout4.auth.401-without-www-authenticate': async (s) => {
    const res = await fetch(s.template.replace('{region}', 'us').replace('{version}', '1.4.0'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ currencies }' }),
    });
    return [res.status, res.headers.get('www-authenticate')];
  },
  'holdout4.auth.unknown-token-403': async (s) =>
    (await gql(s, '{ currencies }', {}, { token: 'not-a-token' })).status,
  'holdout4.http.graphql-response-json-errors-200': async (s) =>
    (await gql(s, '{ nope }', {}, GRAPHQL_RESPONSE)).status,
  'holdout4.http.body-not-json-500': async (s) => postRaw(s, '{not json'),
  'holdout4.cache.total-count-stale': async (s) => {
    const count = async () =>
      Number(
        (await gql(s, '{ searchFirmContacts(limit: 1) { totalModels } }')).body?.data?.searchFirmContacts
          .totalModels,
      );
    const before = await count();
    await addPerson(s);
    return (await count()) - before;
  },
  'holdout4.errors.partial-data-dropped': async (s) =>
    (
      await gql(
        s,
        '{ currencies activities(filter: { date: { from: "2026-05-02", to: "2026-05-01" } }) { totalModels } }',
      )
    ).body?.data,
  'holdout4.errors.path-missing': async (s) =>
    (
      await gql(
        s,
        '{ currencies activities(filter: { date: { from: "2026-05-02", to: "2026-05-01" } }) { totalModels } }',
      )
    ).body?.errors,
  'holdout4.region.eu-search-from-us': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 3) { models { id } } }', {}, { region: 'eu' })).body?.data,
  'holdout4.region.us-by-id-falls-back-to-eu': async (s) => {
    const id = await addPerson(s, { region: 'eu' });
    return (await gql(s, 'query($id: ID!) { person(id: $id) { id } }', { id })).body?.data?.person;
  },
};

describeHeldOutSet(
  'the fourth held-out mutant set',
  HOLDOUT4,
  'holdout4.',
  [...MUTANTS, ...HOLDOUT, ...HOLDOUT2, ...HOLDOUT3].map((m) => m.id),
  PROBES,
);
