import { HOLDOUT13 } from '../../../scripts/mutation/holdout13.js';
import { SETS } from '../../../scripts/mutation/sets.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import { describeHeldOutSet, found, gql, models, type Probe } from '../../helpers/mutant-client.js';

const LIMITED = { token: DEV_TOKENS.limited };

/**
 * For each mutant of the thirteenth held-out set, a request sequence whose observation differs between the
 * correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout13.paging.limit-read-as-end-index': async (s) =>
    (await gql(s, '{ lists(skip: 2, limit: 5) { models { id } } }')).body?.data,
  'holdout13.paging.filtered-total-counts-everything': async (s) =>
    (await gql(s, '{ lists(filter: [{ field: name, value: "Alumni" }]) { totalModels } }')).body?.data,
  'holdout13.sort.opportunities-default-by-date-opened': async (s) =>
    (await gql(s, '{ opportunities(limit: 10) { models { id } } }')).body?.data,
  'holdout13.sort.status-ties-unstable': async (s) => {
    const query = '{ opportunities(limit: 10, sort: [{ field: status }]) { models { id } } }';
    const first = (await gql(s, query)).body?.data;
    const second = (await gql(s, query)).body?.data;
    return JSON.stringify(first) === JSON.stringify(second);
  },
  'holdout13.null.activity-start-date': async (s) => {
    const [first] = await models(s, 'activities', '{ activities(limit: 1) { models { id } } }');
    return (await gql(s, 'query($id: ID!) { activity(id: $id) { activityStartDate } }', { id: first?.id }))
      .body?.data;
  },
  'holdout13.null.list-class': async (s) =>
    (await gql(s, '{ lists(limit: 5) { models { listClass } } }')).body?.data,
  'holdout13.versions.folder-types-check-security-default-off': async (s) =>
    (await gql(s, '{ folderTypes { totalModels } }')).body?.data,
  'holdout13.versions.1.2.0-introspection-answers-1.4.0': async (s) =>
    (await gql(s, '{ __type(name: "Score") { fields { name } } }', {}, { version: '1.2.0' })).body?.data,
  'holdout13.enums.contact-entity-any-on-contacts': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 5) { models { contactEntity } } }')).body?.data,
  'holdout13.enums.activity-company-resolved-as-unknown': async (s) =>
    (
      await gql(
        s,
        '{ activities(limit: 5) { models { linkedActivityContacts { __typename id ... on ActivityCompany { name } } } } }',
      )
    ).body?.data,
  'holdout13.dates.stage-time-spent-in-hours': async (s) =>
    (await gql(s, '{ opportunities(limit: 3) { models { currentStage { timeSpent } } } }')).body?.data,
  'holdout13.dates.event-filter-time-of-day-dropped': async (s) => {
    const events = await models(
      s,
      'opportunityEventViews',
      '{ opportunityEventViews(limit: 4) { models { eventDate } } }',
    );
    return (
      await gql(
        s,
        'query($a: DateTime) { opportunityEventViews(filter: { eventDate: { after: $a } }) { totalModels } }',
        { a: events[3]?.eventDate },
      )
    ).body?.data;
  },
  'holdout13.dates.reopen-keeps-closed-date': async (s) => {
    const closed = (
      await models(s, 'objectives', '{ objectives(limit: 100) { models { id status closedDate } } }')
    ).find((o) => o.status === 'closed' && o.closedDate);
    await gql(
      s,
      'mutation($id: ID!) { updateObjectiveStatus(input: { id: $id, status: open }) { item { id } } }',
      { id: closed?.id },
    );
    return (await gql(s, 'query($id: ID!) { objective(id: $id) { status closedDate } }', { id: closed?.id }))
      .body?.data;
  },
  'holdout13.validation.long-text-truncated': async (s) =>
    (
      await gql(
        s,
        'mutation($n: String) { addCompany(input: { companyName: $n }) { item { name } validationErrors { propertyName } } }',
        { n: `Thirteenth ${'long '.repeat(60)}company` },
      )
    ).body?.data,
  'holdout13.validation.first-failure-only': async (s) =>
    (
      await gql(
        s,
        'mutation { addObjective(input: { name: "", startDate: "2030-01-02", endDate: "2030-01-01" }) { validationErrors { propertyName } } }',
      )
    ).body?.data,
  'holdout13.persistence.explicit-null-ignored': async (s) => {
    const activities = await models(s, 'activities', '{ activities(limit: 50) { models { id summary } } }');
    const id = activities.find((a) => typeof a.summary === 'string' && a.summary !== '')?.id;
    await gql(s, 'mutation($id: ID) { updateActivity(input: { id: $id, summary: null }) { item { id } } }', {
      id,
    });
    return (await gql(s, 'query($id: ID!) { activity(id: $id) { summary } }', { id })).body?.data;
  },
  'holdout13.persistence.objective-companies-merged': async (s) => {
    const objective = (
      await models(s, 'objectives', '{ objectives(limit: 100) { models { id companies { id } } } }')
    ).find((o) => Array.isArray(o.companies) && o.companies.length > 1) as
      { id: unknown; companies: { id: unknown }[] } | undefined;
    await gql(
      s,
      'mutation($id: ID!, $c: [ID]) { updateObjective(input: { id: $id, companyIds: $c }) { item { id } } }',
      { id: objective?.id, c: [objective?.companies[0]?.id] },
    );
    return (
      await gql(s, 'query($id: ID!) { objective(id: $id) { companies { id } } }', { id: objective?.id })
    ).body?.data;
  },
  'holdout13.events.one-write-dates-differ': async (s) =>
    (await gql(s, '{ opportunityEventViews(limit: 3) { models { eventDate opportunityId } } }')).body?.data,
  'holdout13.events.objective-removal-initiative-deleted-dropped': async (s) => {
    const objective = (
      await models(
        s,
        'objectives',
        '{ objectives(limit: 100) { models { id initiatives { totalModels } } } }',
      )
    ).find((o) => Number((o.initiatives as { totalModels?: unknown } | null)?.totalModels) > 0);
    await gql(s, 'mutation($id: ID!) { removeObjective(id: $id) { isSuccessful } }', { id: objective?.id });
    return (
      await gql(
        s,
        '{ initiativeEventViews(limit: 1000, filter: { eventTypes: [InitiativeDeleted] }) { totalModels } }',
      )
    ).body?.data;
  },
  'holdout13.tenancy.full-search-includes-limited': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 3) { totalModels models { id } } }')).body?.data,
  'holdout13.tenancy.foreign-id-write-forbidden': async (s) => {
    const [full] = await models(s, 'activities', '{ activities(limit: 1) { models { id } } }');
    return (
      await gql(
        s,
        'mutation($id: ID!) { removeActivity(id: $id) { isSuccessful validationErrors { propertyName } } }',
        { id: full?.id },
        LIMITED,
      )
    ).body;
  },
  'holdout13.region.eu-relationship-events-merged-with-us': async (s) =>
    (await gql(s, '{ relationshipEventViews(limit: 2) { totalModels } }', {}, { region: 'eu' })).body?.data,
  'holdout13.region.au-writes-replicated-to-us': async (s) => {
    await gql(
      s,
      'mutation { addCompany(input: { companyName: "Thirteenth Replicated Holdings" }) { item { id } } }',
      {},
      { region: 'au' },
    );
    return found(s, 'Thirteenth Replicated');
  },
  'holdout13.auth.parse-before-authenticate': async (s) => {
    const reply = await gql(s, '{ lists(limit: 3 }', {}, { token: null });
    return [reply.status, reply.body?.errors?.[0]?.extensions?.code];
  },
  'holdout13.auth.unauthenticated-write-applied': async (s) => {
    await gql(
      s,
      'mutation { addCompany(input: { companyName: "Thirteenth Anonymous Holdings" }) { item { id } } }',
      {},
      { token: null },
    );
    return found(s, 'Thirteenth Anonymous');
  },
  'holdout13.http.answer-cut-at-32k': async (s) => {
    const reply = await gql(
      s,
      '{ searchFirmContacts(limit: 100) { models { id displayName addresses { street city country postalCode } emailAddresses { address } phoneNumbers { number } } } }',
    );
    return [reply.status, reply.body === undefined, reply.text.length];
  },
  'holdout13.caching.keyed-by-operation-name': async (s) => {
    await gql(s, 'query Read { currencies }');
    return (await gql(s, 'query Read { lists(limit: 1) { totalModels } }')).body?.data;
  },
  'holdout13.errors.parse-failed-as-validation-failed': async (s) =>
    (await gql(s, '{ lists(limit: 3 }')).body?.errors?.[0]?.extensions?.code,
  'holdout13.errors.refusal-validation-errors-dropped': async (s) =>
    (
      await gql(
        s,
        'mutation { addActivity(input: { typeId: "none", activityDate: "bad", subject: "" }) { id } }',
      )
    ).body?.errors?.[0],
};

describeHeldOutSet(
  'the thirteenth held-out mutant set',
  HOLDOUT13,
  'holdout13.',
  SETS.all.filter((m) => !m.id.startsWith('holdout13.')).map((m) => m.id),
  PROBES,
);
