import { HOLDOUT17 } from '../../../scripts/mutation/holdout17.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { SETS } from '../../../scripts/mutation/sets.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import { describeHeldOutSet, gql, models, type Options, type Probe } from '../../helpers/mutant-client.js';

const LIMITED = { token: DEV_TOKENS.limited };
const NOWHERE = '00000000-0000-4000-8000-000000000000';

/** The first activity type the full tenant may create activities with. */
async function activityType(s: MutantServer): Promise<unknown> {
  return (await models(s, 'activityTypes', '{ activityTypes(limit: 1) { models { id } } }'))[0]?.id;
}

/** The ids of the first `n` opportunities the full tenant may change (not hidden). */
async function opportunityIds(s: MutantServer, n: number): Promise<unknown[]> {
  const all = await models(
    s,
    'opportunities',
    '{ opportunities(limit: 50) { models { id shouldBeHidden } } }',
  );
  return all
    .filter((o) => o.shouldBeHidden !== true)
    .slice(0, n)
    .map((o) => o.id);
}

/** The firm's company: the employer of a firm person connected to a target company. */
async function firmCompany(s: MutantServer, company: unknown): Promise<unknown> {
  const insights = (
    await gql(
      s,
      'query($c: ID!) { getRelationshipInsights(companyId: $c) { isTargetCompany insightContactId } }',
      { c: company },
    )
  ).body?.data?.getRelationshipInsights as
    { isTargetCompany: boolean; insightContactId: unknown }[] | undefined;
  const firmPerson = insights?.find((i) => !i.isTargetCompany)?.insightContactId;
  const read = await gql(s, 'query($id: ID!) { person(id: $id) { currentEmployer { id } } }', {
    id: firmPerson,
  });
  return read.body?.data?.person?.currentEmployer?.id;
}

/** The firm's company and a company at least three of its employees are related to. */
async function companyPair(s: MutantServer): Promise<{ from: unknown; to: unknown }> {
  const opps = await models(
    s,
    'opportunities',
    '{ opportunities(limit: 100) { models { targetCompany { id } } } }',
  );
  const companies = [...new Set(opps.map((o) => (o.targetCompany as { id?: unknown } | null)?.id))].filter(
    Boolean,
  );
  let from: unknown;
  for (const to of companies) {
    from ??= await firmCompany(s, to);
    if (!from) continue;
    const view = await gql(
      s,
      'query($f: ID!, $t: ID!) { employeesWithRelationshipsToView(fromCompanyId: $f, toCompanyId: $t) { totalModels } }',
      { f: from, t: to },
    );
    if (Number(view.body?.data?.employeesWithRelationshipsToView?.totalModels) >= 3) return { from, to };
  }
  return { from, to: companies[0] };
}

/** A firm employee related to people of `to`, and the strengths of those relationships. */
async function relatedEmployee(
  s: MutantServer,
): Promise<{ contact: unknown; to: unknown; strengths: number[] }> {
  const { from, to } = await companyPair(s);
  const rows = (
    await gql(
      s,
      'query($f: ID!, $t: ID!) { employeesWithRelationshipsToView(fromCompanyId: $f, toCompanyId: $t) { models { id } } }',
      { f: from, t: to },
    )
  ).body?.data?.employeesWithRelationshipsToView?.models as { id: unknown }[];
  for (const row of rows ?? []) {
    const rels = (
      await gql(
        s,
        'query($c: ID!, $t: ID!) { employeeRelationshipsTo(contactId: $c, toCompanyId: $t) { models { strengthLevel } } }',
        { c: row.id, t: to },
      )
    ).body?.data?.employeeRelationshipsTo?.models as { strengthLevel: number }[];
    if (rels?.length) return { contact: row.id, to, strengths: rels.map((r) => r.strengthLevel) };
  }
  return { contact: undefined, to, strengths: [] };
}

/** A contact the API user of the token's tenant has a score with. */
async function scoredTarget(s: MutantServer, options: Options = {}): Promise<unknown> {
  const contacts = await models(
    s,
    'searchFirmContacts',
    '{ searchFirmContacts(limit: 100) { models { id } } }',
    options,
  );
  for (const c of contacts) {
    const r = await gql(
      s,
      'query($t: ID!) { getIQRelationshipScore(targetContactId: $t) { totalModels } }',
      { t: c.id },
      options,
    );
    if (Number(r.body?.data?.getIQRelationshipScore?.totalModels) > 0) return c.id;
  }
  return undefined;
}

/** A new activity of the full tenant added to opportunities `ids`: the answer's rows. */
async function addToOpportunities(s: MutantServer, ids: unknown[]) {
  return gql(
    s,
    'mutation($o: [ID!]!, $t: ID!) { addOpportunityActivity(input: { opportunityIds: $o, activity: { typeId: $t, activityDate: "2030-03-05 10:00:00", subject: "Seventeenth call" } }) { opportunityId activityId } }',
    { o: ids, t: await activityType(s) },
  );
}

/** The id of an opportunity type (stage template) of the full tenant. */
async function opportunityType(s: MutantServer): Promise<unknown> {
  const [o] = await models(
    s,
    'opportunities',
    '{ opportunities(limit: 1) { models { opportunityType { id } } } }',
  );
  return (o?.opportunityType as { id?: unknown } | null)?.id;
}

/** Two relationship type ids of the full tenant. */
async function relationshipTypes(s: MutantServer): Promise<unknown[]> {
  const types = (await gql(s, '{ relationshipTypes(limit: 10) { id } }')).body?.data?.relationshipTypes as {
    id: unknown;
  }[];
  return (types ?? []).map((t) => t.id);
}

/** How many events of type `type` relationshipEventViews answers. */
async function relationshipEvents(s: MutantServer, type: string): Promise<unknown> {
  return (await gql(s, `{ relationshipEventViews(filter: { eventTypes: [${type}] }) { totalModels } }`)).body
    ?.data?.relationshipEventViews?.totalModels;
}

/**
 * For each mutant of the seventeenth held-out set, a request sequence whose observation differs between the
 * correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout17.paging.employee-relationships-minimum-strength-exclusive': async (s) => {
    const { contact, to, strengths } = await relatedEmployee(s);
    return (
      await gql(
        s,
        'query($c: ID!, $t: ID!, $m: String) { employeeRelationshipsTo(contactId: $c, toCompanyId: $t, filters: [{ field: minimumStrengthLevel, value: $m }]) { totalModels } }',
        { c: contact, t: to, m: String(Math.min(...strengths)) },
      )
    ).body?.data;
  },
  'holdout17.paging.employees-view-skip-doubled': async (s) => {
    const { from, to } = await companyPair(s);
    return (
      await gql(
        s,
        'query($f: ID!, $t: ID!) { employeesWithRelationshipsToView(fromCompanyId: $f, toCompanyId: $t, skip: 1) { models { id } } }',
        { f: from, t: to },
      )
    ).body?.data;
  },
  'holdout17.sort.countries-by-iso-code': async (s) =>
    (await gql(s, '{ countries { models { name } } }')).body?.data,
  'holdout17.sort.insights-weakest-first': async (s) => {
    const { to } = await companyPair(s);
    return (
      await gql(s, 'query($c: ID!) { getRelationshipInsights(companyId: $c) { insightContactId } }', {
        c: to,
      })
    ).body?.data;
  },
  'holdout17.sort.people-in-name-order': async (s) => {
    const people = (
      await models(
        s,
        'searchFirmContacts',
        '{ searchFirmContacts(limit: 20) { models { id displayName contactEntity } } }',
      )
    ).filter((c) => c.contactEntity === 'Person');
    const ids = people
      .sort((a, b) => String(b.displayName).localeCompare(String(a.displayName), 'en'))
      .slice(0, 3)
      .map((p) => p.id);
    return (await gql(s, 'query($ids: [ID!]!) { people(ids: $ids) { id } }', { ids })).body?.data;
  },
  'holdout17.null.employees-view-office': async (s) => {
    const { from, to } = await companyPair(s);
    return (
      await gql(
        s,
        'query($f: ID!, $t: ID!) { employeesWithRelationshipsToView(fromCompanyId: $f, toCompanyId: $t) { models { office } } }',
        { f: from, t: to },
      )
    ).body?.data;
  },
  'holdout17.null.regional-settings-locale': async (s) =>
    (await gql(s, '{ regionalSettings { locale { code } } }')).body?.data,
  'holdout17.null.employee-relationship-person': async (s) => {
    const { contact, to } = await relatedEmployee(s);
    return (
      await gql(
        s,
        'query($c: ID!, $t: ID!) { employeeRelationshipsTo(contactId: $c, toCompanyId: $t) { models { person { id } } } }',
        { c: contact, t: to },
      )
    ).body?.data;
  },
  'holdout17.null.opportunity-activity-ids-after-first': async (s) => {
    const reply = await addToOpportunities(s, await opportunityIds(s, 2));
    return (reply.body?.data?.addOpportunityActivity as { activityId: unknown }[] | undefined)?.map(
      (r) => r.activityId === null,
    );
  },
  'holdout17.versions.employees-view-sorts-renamed': async (s) => {
    const { from, to } = await companyPair(s);
    const reply = await gql(
      s,
      'query($f: ID!, $t: ID!) { employeesWithRelationshipsToView(fromCompanyId: $f, toCompanyId: $t, sorts: [{ field: displayName }]) { totalModels } }',
      { f: from, t: to },
    );
    return [reply.body?.data ?? null, reply.body?.errors?.[0]?.extensions?.code ?? null];
  },
  'holdout17.versions.1.2.0-regional-languages-missing': async (s) => {
    const reply = await gql(s, '{ regionalSettings { languages { isoCode } } }', {}, { version: '1.2.0' });
    return [reply.body?.data ?? null, reply.body?.errors?.[0]?.extensions?.code ?? null];
  },
  'holdout17.enums.linked-contact-type-shifted': async (s) => {
    const contacts = await models(
      s,
      'searchFirmContacts',
      '{ searchFirmContacts(limit: 30) { models { id contactEntity } } }',
    );
    const person = contacts.find((c) => c.contactEntity === 'Person')?.id;
    const company = contacts.find((c) => c.contactEntity === 'Company')?.id;
    const added = await gql(
      s,
      'mutation($t: ID!, $l: [ID]) { addActivity(input: { typeId: $t, activityDate: "2030-03-05 10:00:00", subject: "Seventeenth linked", linkedEntityIds: $l }) { id } }',
      { t: await activityType(s), l: [person, company] },
    );
    return (
      await gql(
        s,
        'query($id: ID!) { activity(id: $id) { linkedActivityContacts(contactType: Person) { __typename } } }',
        { id: added.body?.data?.addActivity?.id },
      )
    ).body?.data;
  },
  'holdout17.enums.visibility-unknown-as-public': async (s) => {
    const out: unknown[] = [];
    for (const skip of [0, 100, 200, 300])
      out.push(
        ...(
          await models(
            s,
            'searchFirmContacts',
            `{ searchFirmContacts(skip: ${skip}, limit: 100) { models { visibility } } }`,
          )
        ).map((c) => c.visibility),
      );
    return out.filter((v) => v === 'unknown').length;
  },
  'holdout17.dates.iq-score-date-today': async (s) =>
    (
      await gql(
        s,
        'query($t: ID!) { getIQRelationshipScore(targetContactId: $t) { models { scoreDate } } }',
        {
          t: await scoredTarget(s),
        },
      )
    ).body?.data,
  'holdout17.dates.opportunity-activity-dated-now': async (s) => {
    const reply = await addToOpportunities(s, await opportunityIds(s, 1));
    const id: unknown = reply.body?.data?.addOpportunityActivity?.[0]?.activityId;
    return (await gql(s, 'query($id: ID!) { activity(id: $id) { activityStartDate } }', { id })).body?.data;
  },
  'holdout17.validation.opportunity-activity-unknown-ids-skipped': async (s) => {
    const [first] = await opportunityIds(s, 1);
    const reply = await addToOpportunities(s, [first, NOWHERE]);
    return [reply.body?.data ?? null, reply.body?.errors?.[0]?.extensions?.code ?? null];
  },
  'holdout17.validation.stage-template-duplicate-order-kept-last': async (s) =>
    (
      await gql(
        s,
        'mutation($id: ID!) { updateOpportunityStageTemplates(input: { id: $id, stageTemplates: [{ stageOrder: 1, stageName: "Qualify" }, { stageOrder: 1, stageName: "Pitch" }] }) { validationErrors { propertyName } } }',
        { id: await opportunityType(s) },
      )
    ).body?.data?.updateOpportunityStageTemplates?.validationErrors?.length ?? null,
  'holdout17.persistence.opportunity-location-division-dropped': async (s) => {
    const [id] = await opportunityIds(s, 1);
    await gql(
      s,
      'mutation($id: ID!) { updateOpportunityLocations(input: { opportunityId: $id, locations: [{ country: "United States", administrativeDivision: "California" }] }) { opportunityId } }',
      { id },
    );
    return (
      await gql(
        s,
        'query($id: ID!) { opportunity(id: $id) { locations { country administrativeDivision } } }',
        {
          id,
        },
      )
    ).body?.data;
  },
  'holdout17.persistence.lookup-active-flag-ignored': async (s) =>
    (
      await gql(
        s,
        'mutation($id: ID) { patchOpportunityType(input: { items: [{ id: $id, isActive: false }] }) { updateItems { isActive } validationErrors { propertyName } } }',
        { id: await opportunityType(s) },
      )
    ).body?.data,
  'holdout17.persistence.opportunity-principals-primary-lost': async (s) => {
    const all = await models(
      s,
      'opportunities',
      '{ opportunities(limit: 50) { models { id shouldBeHidden associatedPrincipals { leadId } } } }',
    );
    const lead = all
      .flatMap((o) => (o.associatedPrincipals as { leadId: unknown }[] | null) ?? [])
      .find((p) => p.leadId)?.leadId;
    const [id] = await opportunityIds(s, 1);
    await gql(
      s,
      'mutation($id: ID!, $p: ID!) { updateOpportunityPeople(input: { opportunityId: $id, principals: [{ leadId: $p, isPrimary: true }] }) { id } }',
      { id, p: lead },
    );
    return (
      await gql(s, 'query($id: ID!) { opportunity(id: $id) { associatedPrincipals { isPrimary } } }', { id })
    ).body?.data;
  },
  'holdout17.events.relationship-deleted-dropped': async (s) => {
    const [type] = await relationshipTypes(s);
    const target = (
      await models(s, 'searchFirmContacts', '{ searchFirmContacts(limit: 1) { models { id } } }')
    )[0]?.id;
    await gql(
      s,
      'mutation($c: ID!, $t: ID!) { addRelationship(input: { contactId: $c, relationshipTypeId: $t, strengthLevel: 1 }) { success } }',
      { c: target, t: type },
    );
    await gql(s, 'mutation($c: ID!) { removeRelationship(input: { contactId: $c }) { success } }', {
      c: target,
    });
    return relationshipEvents(s, 'RelationshipDeleted');
  },
  'holdout17.events.relationship-type-change-unrecorded': async (s) => {
    const [event] = await models(
      s,
      'relationshipEventViews',
      '{ relationshipEventViews(limit: 1) { models { relationshipId relationshipTypeId } } }',
    );
    for (const other of (await relationshipTypes(s)).filter((t) => t !== event?.relationshipTypeId)) {
      const edited = await gql(
        s,
        'mutation($r: ID!, $t: ID) { editRelationship(input: { relationshipId: $r, relationshipTypeId: $t }) { success } }',
        { r: event?.relationshipId, t: other },
      );
      if (edited.body?.data?.editRelationship?.success === true) break;
    }
    return relationshipEvents(s, 'RelationshipTypeChanged');
  },
  'holdout17.tenancy.limited-iq-score-of-full-user': async (s) =>
    (
      await gql(
        s,
        'query($t: ID!) { getIQRelationshipScore(targetContactId: $t) { totalModels models { relationshipScore } } }',
        { t: await scoredTarget(s, LIMITED) },
        LIMITED,
      )
    ).body?.data,
  'holdout17.region.au-insights-from-us': async (s) => {
    const opps = await models(
      s,
      'opportunities',
      '{ opportunities(limit: 20) { models { targetCompany { id } } } }',
      { region: 'au' },
    );
    const out: unknown[] = [];
    for (const o of opps.slice(0, 5))
      out.push(
        (
          await gql(
            s,
            'query($c: ID!) { getRelationshipInsights(companyId: $c) { insightContactId } }',
            { c: (o.targetCompany as { id?: unknown } | null)?.id },
            { region: 'au' },
          )
        ).body?.data,
      );
    return out;
  },
  'holdout17.auth.reference-data-unauthenticated': async (s) =>
    (await gql(s, '{ countries { totalModels } }', {}, { token: null })).status,
  'holdout17.http.single-answer-in-array': async (s) => Array.isArray((await gql(s, '{ currencies }')).body),
  'holdout17.http.graphql-response-labelled-json': async (s) =>
    (await gql(s, '{ currencies }', {}, { accept: 'application/graphql-response+json' })).type,
  'holdout17.errors.lookup-property-index-dropped': async (s) =>
    (
      await gql(
        s,
        'mutation { patchOpportunityType(input: { items: [{ name: "" }] }) { validationErrors { propertyName } } }',
      )
    ).body?.data,
  'holdout17.errors.analytics-unknown-company-not-found': async (s) => {
    const reply = await gql(
      s,
      'query($c: ID!) { employeesWithRelationshipsTo(fromCompanyId: $c, toCompanyId: $c) { totalModels } }',
      { c: NOWHERE },
    );
    return [reply.body?.data ?? null, reply.body?.errors?.[0]?.extensions?.code ?? null];
  },
};

describeHeldOutSet(
  'the seventeenth held-out mutant set',
  HOLDOUT17,
  'holdout17.',
  SETS.all.filter((m) => !m.id.startsWith('holdout17.')).map((m) => m.id),
  PROBES,
);
