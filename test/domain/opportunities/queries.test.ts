import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestServer, type TestServer } from '../../helpers/server.js';
import { OPPORTUNITY_FIELDS, readAll, readOpportunity, type Opp } from './helpers.js';

let server: TestServer;
let seeded: Opp[];
const DAY_MS = 86_400_000;

beforeAll(async () => {
  server = await startTestServer();
  seeded = await readAll(server);
});
afterAll(async () => {
  await server.close();
});

type Page = {
  totalModels: number;
  models: Array<{
    id: string;
    title: string;
    dateOpened: string;
    estimatedCloseDate: string | null;
    status: string;
  }>;
};

/** `opportunities` with the given arguments (omitted ones take the schema defaults). */
async function list(variables: Record<string, unknown> = {}): Promise<Page> {
  const res = await server.gql<{ opportunities: Page }>(
    `query($filter: OpportunityFilterInput, $sort: [OpportunitySortInput!], $skip: Int, $limit: Int) {
       opportunities(filter: $filter, sort: $sort, skip: $skip, limit: $limit) {
         totalModels models { id title dateOpened estimatedCloseDate status } } }`,
    variables,
  );
  return dataOf(res).opportunities;
}

describe('seeded opportunities (§2.5)', () => {
  it('has the profile count, with types, stages, people and lookups referentially intact', () => {
    expect(seeded).toHaveLength(8);
    for (const o of seeded) {
      expect(o.title).toMatch(/\S+: \S+/);
      expect(o.opportunityType?.id).toBeTruthy();
      expect(o.targetCompany?.name).toBeTruthy();
      expect(o.dateOpened).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(o.stageInstances.length).toBeGreaterThan(0);
      expect(o.practiceGroups.length).toBeGreaterThan(0);
      // The current stage is the latest instance.
      const last = o.stageInstances[o.stageInstances.length - 1]!;
      expect(o.currentStage).toEqual(last);
      expect(o.stageInstances[0]!.stageOrder).toBe(1);
      if (!o.shouldBeHidden) {
        expect(o.lead?.isEmployee).toBe(true);
        for (const p of o.associatedPrincipals ?? []) {
          expect(p).toMatchObject({ opportunityId: o.id, isGroup: false });
          expect(p.fullName).toBeTruthy();
          expect(p.accountName).toMatch(/^[a-z0-9.'-]+$/);
        }
        for (const c of o.associatedContacts ?? []) expect(c.person?.id).toBe(c.contactId);
      }
    }
  });

  it('closes some with an outcome, reasons of that outcome and an actual close date; the rest are open', () => {
    const open = seeded.filter((o) => o.status === 'open');
    const closed = seeded.filter((o) => o.status === 'closed');
    expect(open.length).toBeGreaterThan(closed.length);
    for (const o of open) expect([o.actualOutcome, o.actualCloseDate]).toEqual([null, null]);
    for (const o of closed) {
      expect(['Won', 'Lost']).toContain(o.actualOutcome?.name);
      expect(o.actualCloseDate! >= o.dateOpened).toBe(true);
      expect(o.actualOutcomeReason?.id).toBe(o.associatedOutcomeReasons[0]?.id);
      for (const r of o.associatedOutcomeReasons)
        expect(r).toMatchObject({ opportunityId: o.id, outcomeId: o.actualOutcome!.id });
      // OpportunityOutcome.reasons lists active reasons only.
      expect(o.actualOutcome!.reasons.length).toBeGreaterThan(0);
      expect(o.actualOutcome!.reasons.every((r) => r.isActive)).toBe(true);
    }
  });

  it('computes timeSpent in whole days between stage entries (A-55)', () => {
    for (const o of seeded) {
      o.stageInstances.slice(0, -1).forEach((s, i) => {
        const next = o.stageInstances[i + 1]!;
        expect(s.timeSpent).toBe(
          Math.floor((Date.parse(next.timeEntered) - Date.parse(s.timeEntered)) / DAY_MS),
        );
      });
      const current = o.currentStage!;
      expect(current.timeSpent).toBeGreaterThanOrEqual(
        Math.floor((Date.now() - Date.parse(current.timeEntered)) / DAY_MS) - 1,
      );
    }
  });

  it('hides the details of a confidential opportunity the API user is not involved in (A-47)', () => {
    const hidden = seeded.filter((o) => o.shouldBeHidden);
    expect(hidden.length).toBeGreaterThan(0);
    for (const o of hidden) {
      expect(o).toMatchObject({
        isConfidential: true,
        isCurrentUserInvolved: false,
        description: null,
        lead: null,
        associatedPrincipals: null,
        associatedContacts: null,
        originationSourceContact: null,
        associatedMatter: null,
        associatedInitiatives: null,
        activities: null,
      });
      expect(o.title).toBeTruthy();
    }
    const involved = seeded.filter((o) => o.isConfidential && o.isCurrentUserInvolved);
    expect(involved.length).toBeGreaterThan(0);
    for (const o of involved) {
      expect(o.shouldBeHidden).toBe(false);
      expect(o.description).toBeTruthy();
      expect(o.lead).not.toBeNull();
    }
  });

  it('returns one opportunity by id exactly as the list does, and null for an unknown id', async () => {
    for (const o of seeded.slice(0, 3)) expect(await readOpportunity(server, o.id)).toEqual(o);
    expect(await readOpportunity(server, '00000000-0000-0000-0000-000000000000')).toBeNull();
  });
});

describe('opportunities: filters (A-47)', () => {
  it('filters by ids, title, statuses, types, target companies and dateOpened, combined with AND', async () => {
    const [a, b] = seeded;
    expect((await list({ filter: { ids: [a!.id, b!.id] } })).models.map((m) => m.id).sort()).toEqual(
      [a!.id, b!.id].sort(),
    );
    const word = a!.title.split(':')[0]!.slice(0, 5).toUpperCase();
    const byTitle = await list({ filter: { title: word } });
    expect(byTitle.totalModels).toBe(seeded.filter((o) => o.title.toUpperCase().includes(word)).length);
    expect(byTitle.models.map((m) => m.id)).toContain(a!.id);

    for (const status of ['open', 'closed']) {
      const res = await list({ filter: { statuses: [status] } });
      expect(res.totalModels).toBe(seeded.filter((o) => o.status === status).length);
      expect(res.models.every((m) => m.status === status)).toBe(true);
    }
    const typeId = a!.opportunityType!.id;
    expect((await list({ filter: { opportunityTypeIds: [typeId] } })).totalModels).toBe(
      seeded.filter((o) => o.opportunityType?.id === typeId).length,
    );
    const companyId = a!.targetCompany!.id;
    expect((await list({ filter: { targetCompanyIds: [companyId] } })).totalModels).toBe(
      seeded.filter((o) => o.targetCompany?.id === companyId).length,
    );
    const dates = seeded.map((o) => o.dateOpened).sort();
    const from = dates[2]!;
    const to = dates[5]!;
    const ranged = await list({ filter: { dateOpened: { from, to } } });
    expect(ranged.totalModels).toBe(dates.filter((d) => d >= from && d <= to).length);
    const both = await list({ filter: { statuses: ['open'], dateOpened: { from } } });
    expect(both.totalModels).toBe(seeded.filter((o) => o.status === 'open' && o.dateOpened >= from).length);
  });

  it('filters by lead without revealing the lead of a hidden opportunity', async () => {
    const led = seeded.find((o) => o.lead)!;
    const res = await list({ filter: { leadIds: [led.lead!.id] } });
    expect(res.totalModels).toBe(seeded.filter((o) => o.lead?.id === led.lead!.id).length);
    expect(res.models.map((m) => m.id)).toContain(led.id);
    const hidden = seeded.filter((o) => o.shouldBeHidden).map((o) => o.id);
    const everyLead = [...new Set(seeded.map((o) => o.lead?.id).filter((x): x is string => !!x))];
    const all = await list({ filter: { leadIds: everyLead } });
    expect(all.models.some((m) => hidden.includes(m.id))).toBe(false);
  });

  it('refuses a dateOpened range whose from is after to, and bad paging, as BAD_USER_INPUT', async () => {
    const res = await server.gql(
      '{ opportunities(filter: { dateOpened: { from: "2026-02-01", to: "2026-01-01" } }) { totalModels } }',
    );
    expect(res.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.message).toMatch(/dateOpened/);
    const paging = await server.gql('{ opportunities(skip: -1) { totalModels } }');
    expect(paging.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
    const field = await server.gql('{ opportunities(sort: [{ field: owner }]) { totalModels } }');
    expect(field.errors?.[0]?.extensions?.['code']).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('opportunities: sorting and paging (A-34, §8)', () => {
  it('sorts by title by default and by each sort field in both directions, ties by id', async () => {
    const byTitle = [...seeded].sort(
      (x, y) => x.title.localeCompare(y.title, 'en', { sensitivity: 'base' }) || (x.id < y.id ? -1 : 1),
    );
    expect((await list()).models.map((m) => m.id)).toEqual(byTitle.map((o) => o.id));
    const desc = await list({ sort: [{ field: 'title', direction: 'Descending' }] });
    expect(desc.models.map((m) => m.id)).toEqual(byTitle.map((o) => o.id).reverse());
    for (const field of ['dateOpened', 'estimatedCloseDate', 'status'] as const) {
      for (const direction of ['Ascending', 'Descending'] as const) {
        const values = (await list({ sort: [{ field, direction }] })).models.map((m) => m[field] ?? '');
        const sorted = [...values].sort();
        expect(values).toEqual(direction === 'Ascending' ? sorted : sorted.reverse());
      }
    }
    const two = await list({
      sort: [{ field: 'status' }, { field: 'dateOpened', direction: 'Descending' }],
    });
    const expected = [...seeded]
      .sort(
        (x, y) =>
          x.status.localeCompare(y.status) ||
          y.dateOpened.localeCompare(x.dateOpened) ||
          (x.id < y.id ? -1 : 1),
      )
      .map((o) => o.id);
    expect(two.models.map((m) => m.id)).toEqual(expected);
  });

  it('pages with skip and limit, totalModels of the whole match, and the defaults skip 0 / limit 100', async () => {
    const all = (await list()).models.map((m) => m.id);
    const page = await list({ skip: 2, limit: 3 });
    expect(page.totalModels).toBe(8);
    expect(page.models.map((m) => m.id)).toEqual(all.slice(2, 5));

    // 95 more through one request of aliased mutations: 103 in all, of which the default page shows 100.
    const typeId = seeded.find((o) => o.opportunityType?.isActive)!.opportunityType!.id;
    const adds = Array.from(
      { length: 95 },
      (_, i) =>
        `a${i}: addOpportunity(input: { title: "Bulk ${String(i).padStart(2, '0')}", opportunityTypeId: $t }) { id }`,
    ).join('\n');
    dataOf(await server.gql(`mutation($t: ID!) { ${adds} }`, { t: typeId }));
    const defaults = await list();
    expect(defaults.totalModels).toBe(103);
    expect(defaults.models).toHaveLength(100);
    const rest = await list({ skip: 100 });
    expect(rest.models).toHaveLength(3);
    await server.admin('POST', '/tenants/dev-firm/reset', { regions: ['us'] });
    expect((await list()).totalModels).toBe(8);
  });
});

describe('revision isolation (§9.3)', () => {
  const documents: Array<[string, string]> = [
    ['opportunities', '{ opportunities { totalModels } }'],
    ['opportunity', '{ opportunity(id: "x") { id } }'],
    ['addOpportunity', 'mutation { addOpportunity(input: { title: "x", opportunityTypeId: "x" }) { id } }'],
    [
      'addOpportunityActivity',
      'mutation { addOpportunityActivity(input: { opportunityIds: ["x"], activity: { typeId: "x", activityDate: "2026-01-01 10:00:00", subject: "x" } }) { activityId } }',
    ],
    ['removeOpportunity', 'mutation { removeOpportunity(id: "x") { isSuccessful } }'],
    [
      'updateOpportunityConfidential',
      'mutation { updateOpportunityConfidential(input: { opportunityId: "x", isConfidential: true }) { opportunityId } }',
    ],
    [
      'updateOpportunityDetails',
      'mutation { updateOpportunityDetails(input: { opportunityId: "x" }) { opportunityId } }',
    ],
    [
      'updateOpportunityLinks',
      'mutation { updateOpportunityLinks(input: { opportunityId: "x" }) { validationErrors { message } } }',
    ],
    [
      'updateOpportunityLocations',
      'mutation { updateOpportunityLocations(input: { opportunityId: "x", locations: [] }) { opportunityId } }',
    ],
    ['updateOpportunityPeople', 'mutation { updateOpportunityPeople(input: { opportunityId: "x" }) { id } }'],
    [
      'updateOpportunityStageInstances',
      'mutation { updateOpportunityStageInstances(input: { opportunityId: "x", stageOrder: 1 }) { opportunityId } }',
    ],
    [
      'updateOpportunityStageTemplates',
      'mutation { updateOpportunityStageTemplates(input: { id: "x", stageTemplates: [] }) { id } }',
    ],
    [
      'updateOpportunityStatus',
      'mutation { updateOpportunityStatus(input: { opportunityId: "x", status: open }) { id } }',
    ],
    [
      'updateOpportunitySummary',
      'mutation { updateOpportunitySummary(input: { opportunityId: "x" }) { opportunityId } }',
    ],
    ['patchOpportunityType', 'mutation { patchOpportunityType(input: { items: [] }) { addItems { id } } }'],
    [
      'patchOpportunityOriginationSource',
      'mutation { patchOpportunityOriginationSource(input: { items: [] }) { addItems { id } } }',
    ],
    [
      'patchOpportunityOutcomeReason',
      'mutation { patchOpportunityOutcomeReason(input: { items: [] }) { addItems { id } } }',
    ],
  ];

  it.each(documents)('rejects %s on 1.2.0 and accepts the document on 1.4.0', async (_name, document) => {
    const old = await server.gql(document, {}, { version: '1.2.0' });
    expect(old.status).toBe(200);
    expect(old.data).toBeUndefined();
    expect(old.errors?.[0]?.extensions?.['code']).toBe('GRAPHQL_VALIDATION_FAILED');
    const current = await server.gql(document, {}, { version: '1.4.0' });
    expect(
      current.errors?.find((e) => e.extensions?.['code'] === 'GRAPHQL_VALIDATION_FAILED'),
    ).toBeUndefined();
  });

  it('serves the Opportunity type and all its fields only on 1.4.0', async () => {
    const res = await server.gql(`{ opportunities(limit: 1) { models { ${OPPORTUNITY_FIELDS} } } }`);
    expect(res.errors).toBeUndefined();
    const type = '{ __type(name: "Opportunity") { name } }';
    expect(dataOf(await server.gql(type, {}, { version: '1.2.0' }))).toEqual({ __type: null });
    expect(dataOf(await server.gql(type))).toEqual({ __type: { name: 'Opportunity' } });
  });
});
