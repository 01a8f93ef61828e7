import { HOLDOUT11 } from '../../../scripts/mutation/holdout11.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { SETS } from '../../../scripts/mutation/sets.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import { describeHeldOutSet, gql, memberRemoved, type Probe } from '../../helpers/mutant-client.js';

const LIMITED = { token: DEV_TOKENS.limited };

/** The us 1.4.0 endpoint of a server. */
const endpoint = (s: MutantServer): string =>
  s.template.replace('{region}', 'us').replace('{version}', '1.4.0');

/** The ids of the models of root field `field` that `query` answers for a tenant. */
async function ids(s: MutantServer, field: string, query: string, token?: string): Promise<unknown[]> {
  const models = (await gql(s, query, {}, token === undefined ? {} : { token })).body?.data?.[field]
    ?.models as { id: unknown }[] | undefined;
  return (models ?? []).map((m) => m.id);
}

/** The id of a record the full tenant sees and the limited tenant does not. */
async function fullOnly(s: MutantServer, field: string): Promise<unknown> {
  const query = `{ ${field}(limit: 1000) { models { id } } }`;
  const limited = new Set(await ids(s, field, query, DEV_TOKENS.limited));
  return (await ids(s, field, query)).find((id) => !limited.has(id));
}

/** A request to the us 1.4.0 endpoint with the given method and Authorization header: its status. */
async function statusOf(s: MutantServer, method: string, authorization: string): Promise<number> {
  const query = '{ currencies }';
  const url = method === 'GET' ? `${endpoint(s)}?query=${encodeURIComponent(query)}` : endpoint(s);
  const res = await fetch(url, {
    method,
    headers: {
      accept: 'application/json',
      authorization,
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    ...(method === 'GET' ? {} : { body: JSON.stringify({ query }) }),
  });
  await res.text();
  return res.status;
}

/**
 * For each mutant of the eleventh held-out set, a request sequence whose observation differs between the
 * correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout11.paging.initiatives-skip-ignored': async (s) =>
    (await gql(s, '{ initiatives(skip: 1, limit: 2) { models { id } } }')).body?.data,
  'holdout11.paging.activity-types-limit-ignored': async (s) =>
    (await gql(s, '{ activityTypes(onlyUserCreatable: false, limit: 2) { models { id } } }')).body?.data,
  'holdout11.sort.initiatives-sort-ignored': async (s) =>
    (
      await gql(
        s,
        '{ initiatives(limit: 50, sort: [{ field: endDate, direction: Descending }]) { models { id } } }',
      )
    ).body?.data,
  'holdout11.sort.lists-descending-ignored': async (s) =>
    (await gql(s, '{ lists(limit: 50, sort: { field: "name", direction: "Descending" }) { models { id } } }'))
      .body?.data,
  'holdout11.null.initiative-progress': async (s) =>
    (await gql(s, '{ initiatives(limit: 10) { models { progress } } }')).body?.data,
  'holdout11.null.objective-created-by': async (s) =>
    (await gql(s, '{ objectives(limit: 10) { models { createdBy } } }')).body?.data,
  'holdout11.versions.firm-contact-event-views-missing': async (s) =>
    (await gql(s, '{ firmContactEventViews(limit: 1) { totalModels } }')).body,
  'holdout11.versions.remove-matter-missing': async (s) =>
    (await gql(s, 'mutation { removeMatter(id: "no-such-matter") { __typename } }')).body,
  'holdout11.enums.objective-statuses-filter-closed-as-open': async (s) =>
    (await gql(s, '{ objectives(limit: 100, filter: { statuses: [closed] }) { totalModels } }')).body?.data,
  'holdout11.enums.list-event-type-screaming': async (s) =>
    (await gql(s, '{ listEventViews(limit: 20) { models { eventType } } }')).body?.data,
  'holdout11.dates.objective-end-date-day-late': async (s) =>
    (await gql(s, '{ objectives(limit: 20) { models { endDate } } }')).body?.data,
  'holdout11.dates.add-objective-start-date-day-early': async (s) => {
    const added = await gql(
      s,
      'mutation { addObjective(input: { name: "Tenth dates", startDate: "2030-03-15", endDate: "2030-06-30" }) { item { id } } }',
    );
    const id: unknown = added.body?.data?.addObjective?.item?.id;
    return (await gql(s, 'query($id: ID!) { objective(id: $id) { startDate } }', { id })).body?.data;
  },
  'holdout11.validation.add-person-nameless-defaulted': async (s) =>
    (
      await gql(
        s,
        'mutation { addPerson(input: { firstName: "", lastName: "" }) { item { lastName } validationErrors { propertyName } } }',
      )
    ).body?.data,
  'holdout11.validation.add-objective-blank-name-defaulted': async (s) =>
    (
      await gql(
        s,
        'mutation { addObjective(input: { name: "" }) { item { name } validationErrors { propertyName } } }',
      )
    ).body?.data,
  'holdout11.persistence.update-initiative-not-kept': async (s) => {
    const [id] = await ids(s, 'initiatives', '{ initiatives(limit: 1) { models { id } } }');
    await gql(
      s,
      'mutation($id: ID!) { updateInitiative(input: { id: $id, name: "Tenth renamed" }) { item { id } } }',
      {
        id,
      },
    );
    return (await gql(s, 'query($id: ID!) { initiative(id: $id) { name } }', { id })).body?.data;
  },
  'holdout11.persistence.remove-activity-not-applied': async (s) =>
    (await gql(s, 'mutation { removeActivity(id: "no-such-activity") { isSuccessful } }')).body?.data,
  'holdout11.events.contact-removed-from-list-dropped': async (s) => {
    await memberRemoved(s, 'Tenth');
    return (await gql(s, '{ firmContactEventViews(limit: 1000) { totalModels models { eventType } } }')).body
      ?.data;
  },
  'holdout11.events.list-updated-dropped': async (s) =>
    (await gql(s, '{ listEventViews(limit: 1000) { totalModels models { eventType } } }')).body?.data,
  'holdout11.tenancy.limited-updates-full-initiative': async (s) => {
    const id = await fullOnly(s, 'initiatives');
    await gql(
      s,
      'mutation($id: ID!) { updateInitiative(input: { id: $id, name: "Tenth tenancy" }) { item { id } } }',
      { id },
      LIMITED,
    );
    return (await gql(s, 'query($id: ID!) { initiative(id: $id) { name } }', { id })).body?.data;
  },
  'holdout11.tenancy.limited-removes-full-activity': async (s) => {
    const id = await fullOnly(s, 'activities');
    await gql(s, 'mutation($id: ID!) { removeActivity(id: $id) { isSuccessful } }', { id }, LIMITED);
    return (await gql(s, 'query($id: ID!) { activity(id: $id) { id } }', { id })).body?.data;
  },
  'holdout11.auth.empty-bearer-as-full': async (s) => statusOf(s, 'POST', 'Bearer'),
  'holdout11.auth.opportunity-reads-unauthenticated': async (s) => {
    const reply = await gql(s, '{ opportunities(limit: 1) { totalModels } }', {}, { token: null });
    return [reply.status, reply.body?.data];
  },
  'holdout11.http.mutation-status-201': async (s) =>
    (
      await gql(
        s,
        'mutation { addPerson(input: { firstName: "Tenth", lastName: "Status" }) { item { id } } }',
      )
    ).status,
  'holdout11.http.get-refused-405': async (s) => statusOf(s, 'GET', `Bearer ${DEV_TOKENS.full}`),
  'holdout11.caching.skip-not-in-key': async (s) => {
    await gql(s, '{ lists(limit: 1) { models { id } } }');
    return (await gql(s, '{ lists(skip: 1, limit: 1) { models { id } } }')).body?.data;
  },
  'holdout11.errors.unknown-id-not-found-error': async (s) =>
    (await gql(s, '{ person(id: "no-such-person") { id } }')).body,
  'holdout11.errors.empty-validation-errors-null': async (s) =>
    (
      await gql(
        s,
        'mutation { addPerson(input: { firstName: "Tenth", lastName: "Errors" }) { validationErrors { propertyName } } }',
      )
    ).body?.data,
  'holdout11.region.au-objectives-from-us': async (s) =>
    (await gql(s, '{ objectives(limit: 100) { totalModels models { id name } } }', {}, { region: 'au' })).body
      ?.data,
  'holdout11.region.eu-firm-settings-from-us': async (s) =>
    (
      await gql(
        s,
        '{ firm { settings { titles suffixes minimumRequiredFields defaultNewActivityTypeId } } }',
        {},
        { region: 'eu' },
      )
    ).body?.data,
};

describeHeldOutSet(
  'the eleventh held-out mutant set',
  HOLDOUT11,
  'holdout11.',
  // The tenth and eleventh sets were built at once, each blind to the other: they share ideas (named in
  // docs/verdicts.md), so each is held apart from the sets before them only.
  SETS.all.filter((m) => !/^holdout1[01]\./.test(m.id)).map((m) => m.id),
  PROBES,
);
