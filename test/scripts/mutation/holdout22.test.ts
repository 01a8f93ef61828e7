import { HOLDOUT22 } from '../../../scripts/mutation/holdout22.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { SETS } from '../../../scripts/mutation/sets.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import { describeHeldOutSet, gql, linkableList, models, type Probe } from '../../helpers/mutant-client.js';

const LIMITED = { token: DEV_TOKENS.limited };
const V120 = { version: '1.2.0' };

/** A new person of the full tenant (first name `firstName`): its id. */
async function newPerson(s: MutantServer, firstName: string): Promise<unknown> {
  const added = await gql(
    s,
    'mutation($f: String) { addPerson(input: { firstName: $f, lastName: "Twentysecond" }) { item { id } } }',
    { f: firstName },
  );
  return added.body?.data?.addPerson?.item?.id;
}

interface RelationshipType {
  id: unknown;
  relationshipListingTypes: string[];
  formerInd: boolean;
  strengthScale: number;
  status: string;
}

/** The first active person-to-person relationship type matching `fits`. */
async function personType(
  s: MutantServer,
  fits: (t: RelationshipType) => boolean,
): Promise<RelationshipType | undefined> {
  const types = (
    await gql(
      s,
      '{ relationshipTypes(limit: 500) { id relationshipListingTypes formerInd strengthScale status } }',
    )
  ).body?.data?.relationshipTypes as RelationshipType[];
  return types.find(
    (t) => t.status === 'Active' && t.relationshipListingTypes.includes('PersonToPerson') && fits(t),
  );
}

/** A relationship between two new people (`extra` input fields): its id, read from its creation event. */
async function newRelationship(
  s: MutantServer,
  fits: (t: RelationshipType) => boolean,
  extra: Record<string, unknown> = {},
): Promise<unknown> {
  const base = await newPerson(s, 'Base');
  const related = await newPerson(s, 'Related');
  const type = await personType(s, fits);
  await gql(
    s,
    'mutation($i: AddRelationshipForContactsInput) { addRelationshipForContacts(input: $i) { success } }',
    { i: { baseContactId: base, relatedContactId: related, relationshipTypeId: type?.id, ...extra } },
  );
  const [event] = await models(
    s,
    'relationshipEventViews',
    `{ relationshipEventViews(filter: { contactIds: ["${String(base)}"] }) { models { relationshipId } } }`,
  );
  return event?.relationshipId;
}

/** The events of one relationship: their types and flags, oldest first. */
async function relationshipEvents(s: MutantServer, id: unknown): Promise<unknown> {
  return (
    await gql(
      s,
      'query($id: ID!) { relationshipEventViews(filter: { relationshipIds: [$id] }) { models { eventType isAnonymous strengthScale } } }',
      { id },
    )
  ).body?.data?.relationshipEventViews?.models;
}

/** The firm's own company: the employer of its first employee. */
async function firmCompany(s: MutantServer): Promise<unknown> {
  const people = await models(
    s,
    'searchFirmContacts',
    '{ searchFirmContacts(filter: [{ field: contactEntity, value: "Person" }], limit: 1000) { models { ... on Person { isEmployee currentEmployer { id } } } } }',
  );
  const employee = people.find((p) => p.isEmployee === true);
  return (employee?.currentEmployer as { id?: unknown } | null | undefined)?.id;
}

interface Opportunity {
  id: string;
  shouldBeHidden: boolean;
  currentStage: { stageOrder: number } | null;
}

/** An open opportunity the full tenant may change whose current stage is past the first. */
async function advancedOpportunity(s: MutantServer): Promise<Opportunity | undefined> {
  const all = (await models(
    s,
    'opportunities',
    '{ opportunities(filter: { statuses: [open] }, limit: 100) { models { id shouldBeHidden currentStage { stageOrder } } } }',
  )) as unknown as Opportunity[];
  return all.find((o) => !o.shouldBeHidden && (o.currentStage?.stageOrder ?? 0) > 1);
}

/** Two new activities of the full tenant: their ids. */
async function twoActivities(s: MutantServer): Promise<unknown[]> {
  const [type] = await models(s, 'activityTypes', '{ activityTypes(limit: 1) { models { id } } }');
  const ids: unknown[] = [];
  for (const subject of ['Twentysecond first', 'Twentysecond second']) {
    const added = await gql(
      s,
      'mutation($t: ID!, $s: String!) { addActivity(input: { typeId: $t, activityDate: "2026-03-05 10:00:00", subject: $s }) { id } }',
      { t: type?.id, s: subject },
    );
    ids.push(added.body?.data?.addActivity?.id);
  }
  return ids;
}

/**
 * For each mutant of the twenty-second held-out set, a request sequence whose observation differs between
 * the correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout22.paging.lists-owner-filter-matches-creator': async (s) => {
    const lists = await models(s, 'lists', '{ lists(limit: 100) { models { ownerName creatorName } } }');
    const differing = lists.find((l) => l.ownerName !== l.creatorName);
    return (
      await gql(
        s,
        'query($v: String) { lists(filter: [{ field: ownerName, value: $v }]) { totalModels models { name } } }',
        { v: differing?.creatorName },
      )
    ).body?.data;
  },
  'holdout22.nullability.list-sponsor-full-name': async (s) =>
    (
      await gql(
        s,
        '{ lists(limit: 100) { models { contacts(limit: 10) { models { sponsors { fullName } } } } } }',
      )
    ).body?.data,
  'holdout22.auth.list-remove-flag-copies-link-flag': async (s) =>
    (await gql(s, '{ lists(limit: 100) { models { name allowedRemoveFrom } } }')).body?.data,
  'holdout22.errors.add-to-lists-total-counts-repeats': async (s) => {
    const c = await newPerson(s, 'Twice');
    const l = await linkableList(s);
    return (
      await gql(
        s,
        'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { totalCount successCount } }',
        { l: [l], c: [c, c] },
      )
    ).body?.data;
  },
  'holdout22.persistence.api-list-member-unsponsored': async (s) => {
    const lists = await models(
      s,
      'lists',
      '{ lists(limit: 100) { models { id allowedLinkInto allowedContactEntity contacts(limit: 20) { models { sponsors { id } } } } } }',
    );
    const sponsored = lists.find(
      (l) =>
        l.allowedLinkInto === true &&
        l.allowedContactEntity === 'Any' &&
        ((l.contacts as { models: { sponsors: unknown[] }[] }).models ?? []).some(
          (m) => m.sponsors.length > 0,
        ),
    );
    const c = await newPerson(s, 'Sponsored');
    await gql(
      s,
      'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
      { l: [sponsored?.id], c: [c] },
    );
    const members = await gql(
      s,
      'query($id: ID!) { list(id: $id) { contacts(limit: 1000) { models { id sponsors { isPrimary } } } } }',
      { id: sponsored?.id },
    );
    const all = members.body?.data?.list?.contacts?.models as { id: unknown; sponsors: unknown }[];
    return all.find((m) => m.id === c)?.sponsors;
  },
  'holdout22.tenancy.limited-folder-types-from-full': async (s) =>
    (await gql(s, '{ folderTypes { models { id } } }', {}, LIMITED)).body?.data,
  'holdout22.sort.engagement-score-sorted-as-text': async (s) => {
    const firm = await firmCompany(s);
    const companies = await models(
      s,
      'searchFirmContacts',
      '{ searchFirmContacts(filter: [{ field: contactEntity, value: "Company" }], limit: 40) { models { id } } }',
    );
    const query =
      'query($f: ID!, $t: ID!) { employeesWithRelationshipsToView(fromCompanyId: $f, toCompanyId: $t, sorts: [{ field: strongEngagementScore, direction: Descending }]) { totalModels models { strongEngagementScore } } }';
    let best: unknown = null;
    let most = 0;
    for (const c of companies) {
      if (c.id === firm) continue;
      const page = (await gql(s, query, { f: firm, t: c.id })).body?.data?.employeesWithRelationshipsToView;
      if ((page?.totalModels ?? 0) > most) {
        most = page.totalModels as number;
        best = page;
      }
    }
    return best;
  },
  'holdout22.events.strength-scale-as-type-maximum': async (s) =>
    (await gql(s, '{ relationshipEventViews(limit: 40) { models { strengthScale } } }')).body?.data,
  'holdout22.paging.relationship-types-listing-filter-ignored': async (s) =>
    (
      await gql(
        s,
        '{ relationshipTypes(filter: { relationshipListingType: PersonToCompany }) { relationshipListingTypes } }',
      )
    ).body?.data,
  'holdout22.nullability.relationship-type-former-name': async (s) =>
    (await gql(s, '{ relationshipTypes(limit: 500) { formerName } }')).body?.data,
  'holdout22.persistence.relationship-default-strength-rounded-down': async (s) => {
    const id = await newRelationship(s, (t) => t.strengthScale % 2 === 1);
    return relationshipEvents(s, id);
  },
  'holdout22.persistence.relationship-for-contacts-anonymous-dropped': async (s) => {
    const id = await newRelationship(s, () => true, { isAnonymous: true, strengthLevel: 1 });
    return relationshipEvents(s, id);
  },
  'holdout22.dates.iq-trend-rising-within-a-year': async (s) => {
    const contacts = await models(
      s,
      'searchFirmContacts',
      '{ searchFirmContacts(limit: 300) { models { id } } }',
    );
    const trends: unknown[] = [];
    // In batches of 50 aliases (the service allows 200 a document).
    for (let i = 0; i < contacts.length; i += 50) {
      const fields = contacts
        .slice(i, i + 50)
        .map(
          (c, k) =>
            `s${k}: getIQRelationshipScore(targetContactId: "${String(c.id)}") { models { trendPrediction } }`,
        )
        .join(' ');
      const data = (await gql(s, `{ ${fields} }`)).body?.data ?? {};
      for (const r of Object.values(data)) trends.push(...(r as { models: unknown[] }).models);
    }
    return trends;
  },
  'holdout22.paging.activity-types-appointment-filter-ignored': async (s) =>
    (await gql(s, '{ activityTypes(appointmentTypesOnly: true) { totalModels models { name } } }')).body
      ?.data,
  'holdout22.validation.update-activity-id-disagreement-accepted': async (s) => {
    const [a, b] = await twoActivities(s);
    const reply = await gql(
      s,
      'mutation($a: ID, $b: ID) { updateActivity(input: { id: $a, activityId: $b, subject: "Twentysecond renamed" }) { validationErrors { propertyName } } }',
      { a, b },
    );
    const read = await gql(
      s,
      'query($a: ID!, $b: ID!) { a: activity(id: $a) { subject } b: activity(id: $b) { subject } }',
      {
        a,
        b,
      },
    );
    return [reply.body?.data ?? reply.body?.errors?.[0]?.extensions?.code, read.body?.data];
  },
  'holdout22.paging.activities-originator-filter-on-links': async (s) => {
    const [first] = await models(
      s,
      'activities',
      '{ activities(limit: 1) { models { originator { id } } } }',
    );
    return (
      await gql(s, 'query($o: [ID]) { activities(filter: { originatorIds: $o }) { totalModels } }', {
        o: [(first?.originator as { id?: unknown } | null)?.id],
      })
    ).body?.data;
  },
  'holdout22.persistence.stage-template-rename-not-propagated': async (s) => {
    const patched = await gql(
      s,
      'mutation { patchOpportunityType(input: { items: [{ name: "Twentysecond pipeline" }] }) { addItems { id } } }',
    );
    const type: unknown = patched.body?.data?.patchOpportunityType?.addItems?.[0]?.id;
    const added = await gql(
      s,
      'mutation($t: ID!) { addOpportunity(input: { title: "Twentysecond stages", opportunityTypeId: $t }) { id } }',
      { t: type },
    );
    const id: unknown = added.body?.data?.addOpportunity?.id;
    await gql(
      s,
      'mutation($t: ID!) { updateOpportunityStageTemplates(input: { id: $t, stageTemplates: [{ stageOrder: 1, stageName: "Lead" }, { stageOrder: 2, stageName: "Pitch" }, { stageOrder: 3, stageName: "Terms" }, { stageOrder: 4, stageName: "Signed" }] }) { validationErrors { propertyName } } }',
      { t: type },
    );
    return (
      await gql(
        s,
        'query($id: ID!) { opportunity(id: $id) { currentStage { stageName } stageInstances { stageName } } }',
        {
          id,
        },
      )
    ).body?.data;
  },
  'holdout22.sort.current-stage-first-entered': async (s) =>
    (await gql(s, '{ opportunities(limit: 30) { models { currentStage { stageOrder stageName } } } }')).body
      ?.data,
  'holdout22.dates.left-stage-time-spent-until-now': async (s) =>
    (await gql(s, '{ opportunities(limit: 30) { models { stageInstances { timeSpent } } } }')).body?.data,
  'holdout22.auth.hidden-opportunity-flag-false': async (s) =>
    (await gql(s, '{ opportunities(limit: 100) { models { title shouldBeHidden } } }')).body?.data,
  'holdout22.events.backward-stage-move-unrecorded': async (s) => {
    const o = await advancedOpportunity(s);
    const count = async (): Promise<unknown> =>
      (
        await gql(
          s,
          'query($id: ID!) { opportunityEventViews(filter: { opportunityIds: [$id], eventTypes: [CurrentStageChanged] }) { totalModels } }',
          { id: o?.id },
        )
      ).body?.data?.opportunityEventViews?.totalModels;
    const before = await count();
    await gql(
      s,
      'mutation($id: ID!) { updateOpportunityStageInstances(input: { opportunityId: $id, stageOrder: 1 }) { opportunityId } }',
      { id: o?.id },
    );
    return [before, await count()];
  },
  'holdout22.events.own-relationship-creation-unrecorded': async (s) => {
    const c = await newPerson(s, 'Own');
    const type = await personType(s, () => true);
    await gql(
      s,
      'mutation($c: ID!, $t: ID!) { addRelationship(input: { contactId: $c, relationshipTypeId: $t }) { success } }',
      { c, t: type?.id },
    );
    return (
      await gql(
        s,
        'query($c: ID!) { relationshipEventViews(filter: { contactIds: [$c], eventTypes: [RelationshipCreated] }) { totalModels } }',
        { c },
      )
    ).body?.data;
  },
  'holdout22.enums.former-change-as-strength-change': async (s) => {
    const id = await newRelationship(s, (t) => t.formerInd);
    await gql(
      s,
      'mutation($id: ID!) { editRelationship(input: { relationshipId: $id, isFormer: true }) { success } }',
      { id },
    );
    return relationshipEvents(s, id);
  },
  'holdout22.events.stage-event-entity-is-stage-instance': async (s) =>
    (
      await gql(
        s,
        '{ opportunityEventViews(filter: { eventTypes: [CurrentStageChanged] }, limit: 10) { models { opportunityId } } }',
      )
    ).body?.data,
  'holdout22.nullability.firm-titles': async (s) =>
    (await gql(s, '{ firm { settings { titles } } }')).body?.data,
  'holdout22.http.get-mutation-405-without-allow': async (s) => {
    const url = s.template.replace('{region}', 'us').replace('{version}', '1.4.0');
    const res = await fetch(
      `${url}?query=${encodeURIComponent('mutation { removeWorkingList(listId: "x") }')}`,
      {
        headers: { authorization: `Bearer ${DEV_TOKENS.full}`, accept: 'application/json' },
      },
    );
    await res.text();
    return [res.status, res.headers.get('allow')];
  },
  'holdout22.versions.1.2.0-remove-working-list-null': async (s) => {
    const [type] = await models(
      s,
      'folderTypes',
      '{ folderTypes(listClass: [workingLists]) { models { id } } }',
      V120,
    );
    const added = await gql(
      s,
      'mutation($t: ID!) { addWorkingList(input: { name: "Twentysecond legacy", folderTypeId: $t }) { item { id } } }',
      { t: type?.id },
      V120,
    );
    const id: unknown = added.body?.data?.addWorkingList?.item?.id;
    return (await gql(s, 'mutation($id: ID!) { removeWorkingList(listId: $id) }', { id }, V120)).body?.data;
  },
  'holdout22.versions.1.2.0-score-description-three-bands': async (s) =>
    (
      await gql(
        s,
        '{ searchFirmContacts(limit: 30) { models { relationshipScore { description } } } }',
        {},
        V120,
      )
    ).body?.data,
  'holdout22.versions.1.2.0-client-list-classes-refused': async (s) => {
    const reply = await gql(s, '{ lists(listClass: [AllLists]) { totalModels } }', {}, V120);
    return [reply.body?.data ?? null, reply.body?.errors?.[0]?.extensions?.code ?? null];
  },
};

describeHeldOutSet(
  'the twenty-second held-out mutant set',
  HOLDOUT22,
  'holdout22.',
  SETS.all.filter((m) => !m.id.startsWith('holdout22.')).map((m) => m.id),
  PROBES,
);
