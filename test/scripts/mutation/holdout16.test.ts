import { HOLDOUT16 } from '../../../scripts/mutation/holdout16.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { SETS } from '../../../scripts/mutation/sets.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import { describeHeldOutSet, gql, models, type Probe } from '../../helpers/mutant-client.js';

const LIMITED = { token: DEV_TOKENS.limited };

/** The first activity type the full tenant may create activities with. */
async function activityType(s: MutantServer): Promise<unknown> {
  return (await models(s, 'activityTypes', '{ activityTypes(limit: 1) { models { id } } }'))[0]?.id;
}

/** A new activity of the full tenant (subject `subject`, at 2030-03-05 10:00 UTC): its id. */
async function newActivity(s: MutantServer, subject: string, links: unknown[] = []): Promise<unknown> {
  const added = await gql(
    s,
    'mutation($t: ID!, $s: String!, $l: [ID]) { addActivity(input: { typeId: $t, activityDate: "2030-03-05 10:00:00", subject: $s, linkedEntityIds: $l }) { id } }',
    { t: await activityType(s), s: subject, l: links },
  );
  return added.body?.data?.addActivity?.id;
}

interface Opportunity {
  id: string;
  shouldBeHidden: boolean;
  status: string;
  estimatedCloseDate: string | null;
  dateOpened: string | null;
  currentStage: { stageOrder: number } | null;
}

/** The open opportunities the full tenant may change (not hidden), in title order. */
async function openOpportunities(s: MutantServer): Promise<Opportunity[]> {
  const all = (await models(
    s,
    'opportunities',
    '{ opportunities(filter: { statuses: [open] }, limit: 100) { models { id shouldBeHidden status estimatedCloseDate dateOpened currentStage { stageOrder } } } }',
  )) as unknown as Opportunity[];
  return all.filter((o) => !o.shouldBeHidden);
}

/** An open opportunity whose current stage is past the first. */
async function advancedOpportunity(s: MutantServer): Promise<Opportunity | undefined> {
  return (await openOpportunities(s)).find((o) => (o.currentStage?.stageOrder ?? 0) > 1);
}

/** The statuses of `n` requests of the full tenant sent one after the other, with their first error codes. */
async function burst(s: MutantServer, n: number): Promise<unknown[]> {
  const out: unknown[] = [];
  for (let i = 0; i < n; i++) {
    const reply = await gql(s, '{ currencies }');
    out.push([reply.status, reply.body?.errors?.[0]?.extensions?.code ?? null]);
  }
  return out;
}

/**
 * For each mutant of the sixteenth held-out set, a request sequence whose observation differs between the
 * correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout16.paging.activity-types-user-creatable-default-off': async (s) =>
    (await gql(s, '{ activityTypes { totalModels models { name } } }')).body?.data,
  'holdout16.paging.activity-subject-filter-prefix-only': async (s) =>
    (await gql(s, '{ activities(filter: { subject: "call" }, limit: 5) { totalModels models { subject } } }'))
      .body?.data,
  'holdout16.paging.initiatives-objective-ids-ignored': async (s) => {
    const [objective] = await models(s, 'objectives', '{ objectives(limit: 1) { models { id } } }');
    return (
      await gql(s, 'query($o: [ID!]) { initiatives(filter: { objectiveIds: $o }) { totalModels } }', {
        o: [objective?.id],
      })
    ).body?.data;
  },
  'holdout16.paging.activity-types-total-unfiltered': async (s) =>
    (await gql(s, '{ activityTypes(limit: 3) { totalModels } }')).body?.data,
  'holdout16.sort.activity-types-by-group': async (s) =>
    (await gql(s, '{ activityTypes(limit: 5) { models { name } } }')).body?.data,
  'holdout16.sort.stage-instances-newest-first': async (s) =>
    (await gql(s, '{ opportunities(limit: 5) { models { stageInstances { stageOrder } } } }')).body?.data,
  'holdout16.null.activity-type-group': async (s) => {
    const [first] = await models(s, 'activities', '{ activities(limit: 1) { models { id } } }');
    return (await gql(s, 'query($id: ID!) { activity(id: $id) { typeGroup } }', { id: first?.id })).body
      ?.data;
  },
  'holdout16.null.default-new-activity-type': async (s) =>
    (await gql(s, '{ firm { settings { defaultNewActivityTypeId } } }')).body?.data,
  'holdout16.versions.1.2.0-activity-types-watchable-missing': async (s) => {
    const reply = await gql(
      s,
      '{ activityTypes(watchable: false, limit: 1) { totalModels } }',
      {},
      {
        version: '1.2.0',
      },
    );
    return [reply.body?.data ?? null, reply.body?.errors?.[0]?.extensions?.code ?? null];
  },
  'holdout16.enums.initiative-status-changed-as-updated': async (s) =>
    (
      await gql(
        s,
        '{ initiativeEventViews(filter: { eventTypes: [InitiativeStatusChanged] }, limit: 2) { models { eventType } } }',
      )
    ).body?.data,
  'holdout16.dates.current-stage-time-spent-zero': async (s) =>
    (await gql(s, '{ opportunities(limit: 3) { models { currentStage { timeSpent } } } }')).body?.data,
  'holdout16.dates.stage-time-entered-ignored': async (s) => {
    const o = await advancedOpportunity(s);
    const given = new Date(Date.now() - 3_600_000).toISOString();
    await gql(
      s,
      'mutation($id: ID!, $t: DateTime) { updateOpportunityStageInstances(input: { opportunityId: $id, stageOrder: 1, timeEntered: $t }) { opportunityId } }',
      { id: o?.id, t: given },
    );
    const read = await gql(s, 'query($id: ID!) { opportunity(id: $id) { currentStage { timeEntered } } }', {
      id: o?.id,
    });
    const entered: unknown = read.body?.data?.opportunity?.currentStage?.timeEntered;
    return typeof entered === 'string' && Date.parse(entered) === Date.parse(given);
  },
  'holdout16.dates.close-date-defaults-to-estimate': async (s) => {
    const today = new Date().toISOString().slice(0, 10);
    const o = (await openOpportunities(s)).find(
      (x) => x.estimatedCloseDate !== null && x.estimatedCloseDate !== today && x.estimatedCloseDate < today,
    );
    const [closed] = await models(
      s,
      'opportunities',
      '{ opportunities(filter: { statuses: [closed] }, limit: 1) { models { actualOutcome { id } } } }',
    );
    await gql(
      s,
      'mutation($id: ID!, $out: ID) { updateOpportunityStatus(input: { opportunityId: $id, status: closed, outcomeId: $out }) { validationErrors { propertyName } } }',
      { id: o?.id, out: (closed?.actualOutcome as { id?: unknown } | null)?.id },
    );
    const read = await gql(s, 'query($id: ID!) { opportunity(id: $id) { actualCloseDate } }', { id: o?.id });
    return read.body?.data?.opportunity?.actualCloseDate === o?.estimatedCloseDate;
  },
  'holdout16.validation.future-activity-date-refused': async (s) => {
    const reply = await gql(
      s,
      'mutation($t: ID!) { addActivity(input: { typeId: $t, activityDate: "2030-03-05 10:00:00", subject: "Sixteenth planned" }) { subject } }',
      { t: await activityType(s) },
    );
    return [reply.body?.data?.addActivity ?? null, reply.body?.errors?.[0]?.extensions?.code ?? null];
  },
  'holdout16.validation.close-without-outcome-as-won': async (s) => {
    const [o] = await openOpportunities(s);
    const reply = await gql(
      s,
      'mutation($id: ID!) { updateOpportunityStatus(input: { opportunityId: $id, status: closed }) { validationErrors { propertyName } } }',
      { id: o?.id },
    );
    const read = await gql(s, 'query($id: ID!) { opportunity(id: $id) { status } }', { id: o?.id });
    return [reply.body?.data, read.body?.data];
  },
  'holdout16.validation.objective-close-cascades': async (s) => {
    const objectives = (await models(
      s,
      'objectives',
      '{ objectives(filter: { statuses: [open] }, limit: 100) { models { id canClose } } }',
    )) as { id: unknown; canClose: unknown }[];
    const o = objectives.find((x) => x.canClose === false);
    await gql(
      s,
      'mutation($id: ID!) { updateObjectiveStatus(input: { id: $id, status: closed }) { validationErrors { propertyName } } }',
      { id: o?.id },
    );
    return (await gql(s, 'query($id: ID!) { objective(id: $id) { status } }', { id: o?.id })).body?.data;
  },
  'holdout16.persistence.update-activity-date-reset': async (s) => {
    const id = await newActivity(s, 'Sixteenth moved');
    await gql(
      s,
      'mutation($id: ID!) { updateActivity(input: { id: $id, subject: "Sixteenth renamed" }) { validationErrors { propertyName } } }',
      { id },
    );
    return (await gql(s, 'query($id: ID!) { activity(id: $id) { activityStartDate } }', { id })).body?.data;
  },
  'holdout16.persistence.add-activity-first-link-only': async (s) => {
    const contacts = await models(
      s,
      'searchFirmContacts',
      '{ searchFirmContacts(limit: 2) { models { id } } }',
    );
    const id = await newActivity(
      s,
      'Sixteenth linked',
      contacts.map((c) => c.id),
    );
    const read = await gql(s, 'query($id: ID!) { activity(id: $id) { linkedActivityContacts { id } } }', {
      id,
    });
    return (read.body?.data?.activity?.linkedActivityContacts as unknown[] | undefined)?.length;
  },
  'holdout16.persistence.backward-stage-move-ignored': async (s) => {
    const o = await advancedOpportunity(s);
    await gql(
      s,
      'mutation($id: ID!) { updateOpportunityStageInstances(input: { opportunityId: $id, stageOrder: 1 }) { opportunityId } }',
      { id: o?.id },
    );
    return (
      await gql(s, 'query($id: ID!) { opportunity(id: $id) { currentStage { stageOrder } } }', { id: o?.id })
    ).body?.data;
  },
  'holdout16.events.add-opportunity-status-event-only': async (s) => {
    const [o] = await models(
      s,
      'opportunities',
      '{ opportunities(limit: 1) { models { opportunityType { id } } } }',
    );
    const added = await gql(
      s,
      'mutation($t: ID!) { addOpportunity(input: { title: "Sixteenth pipeline", opportunityTypeId: $t }) { id } }',
      { t: (o?.opportunityType as { id?: unknown } | null)?.id },
    );
    const id: unknown = added.body?.data?.addOpportunity?.id;
    const events = await models(
      s,
      'opportunityEventViews',
      'query { opportunityEventViews(limit: 1000) { models { eventType opportunityId } } }',
    );
    return events
      .filter((e) => e.opportunityId === id)
      .map((e) => e.eventType)
      .sort();
  },
  'holdout16.events.initiative-description-edit-unrecorded': async (s) => {
    const [i] = await models(s, 'initiatives', '{ initiatives(limit: 1) { models { id } } }');
    await gql(
      s,
      'mutation($id: ID!) { updateInitiative(input: { id: $id, description: "Sixteenth description" }) { validationErrors { propertyName } } }',
      { id: i?.id },
    );
    return (
      await gql(
        s,
        'query($id: ID!) { initiativeEventViews(filter: { initiativeIds: [$id], eventTypes: [InitiativeUpdated] }) { totalModels } }',
        { id: i?.id },
      )
    ).body?.data;
  },
  'holdout16.events.empty-event-types-as-all': async (s) =>
    (await gql(s, '{ opportunityEventViews(filter: { eventTypes: [] }) { totalModels } }')).body?.data,
  'holdout16.tenancy.limited-opportunity-events-full': async (s) =>
    (await gql(s, '{ opportunityEventViews { totalModels } }', {}, LIMITED)).body?.data,
  'holdout16.region.eu-activity-types-from-us': async (s) =>
    (await gql(s, '{ activityTypes(limit: 2) { models { id } } }', {}, { region: 'eu' })).body?.data,
  'holdout16.region.eu-activity-start-local-time': async (s) => {
    const [first] = await models(s, 'activities', '{ activities(limit: 1) { models { id } } }', {
      region: 'eu',
    });
    return (
      await gql(
        s,
        'query($id: ID!) { activity(id: $id) { activityStartDate } }',
        { id: first?.id },
        { region: 'eu' },
      )
    ).body?.data;
  },
  'holdout16.auth.limited-token-us-only': async (s) =>
    (await gql(s, '{ activityTypes(limit: 1) { totalModels } }', {}, { ...LIMITED, region: 'eu' })).status,
  'holdout16.http.retry-after-in-milliseconds': (s) => burst(s, 21),
  'holdout16.errors.rate-limit-as-200': (s) => burst(s, 31),
  'holdout16.errors.reversed-date-range-empty': async (s) => {
    const reply = await gql(
      s,
      '{ activities(filter: { date: { from: "2025-01-02", to: "2025-01-01" } }) { totalModels } }',
    );
    return [reply.body?.data ?? null, reply.body?.errors?.[0]?.extensions?.code ?? null];
  },
};

describeHeldOutSet(
  'the sixteenth held-out mutant set',
  HOLDOUT16,
  'holdout16.',
  SETS.all.filter((m) => !m.id.startsWith('holdout16.')).map((m) => m.id),
  PROBES,
);
