import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startTestServer, dataOf, type TestServer } from '../../helpers/server.js';
import type { Store } from '../../../src/store/index.js';
import {
  FINANCIALS_BY_MATTER,
  MATTERS,
  MATTER_FINANCIALS,
  MATTER_TYPES,
  type MatterFinancialRecord,
  type MatterOptionRecord,
  type MatterRecord,
} from '../../../src/domain/matters/model.js';

interface Errors {
  validationErrors: Array<{ propertyName: string; message: string }>;
}
type AddResult = Errors & { item: string | null };
type RemoveResult = Errors & { isSuccessful: boolean };
type RemoveFinancialsResult = RemoveResult & { matterFinancialsAffected: number };

const ADD = `mutation ($input: AddMatterInput!) { addMatter(input: $input) { validationErrors { propertyName message } item } }`;
const ADD_FINANCIAL = `mutation ($input: AddMatterFinancialInput!) {
  addMatterFinancial(input: $input) { validationErrors { propertyName message } item }
}`;
const REMOVE = `mutation ($id: ID!) { removeMatter(id: $id) { isSuccessful validationErrors { propertyName message } } }`;
const REMOVE_FINANCIALS = `mutation ($input: RemoveMatterFinancialsInput!) {
  removeMatterFinancials(input: $input) { isSuccessful matterFinancialsAffected validationErrors { propertyName message } }
}`;
const LINK = `mutation ($input: UpdateOpportunityLinksInput!) {
  updateOpportunityLinks(input: $input) { item { opportunityId } validationErrors { propertyName message } }
}`;
const OPPORTUNITY = `query ($id: ID!) { opportunity(id: $id) { id associatedMatter { id name number } } }`;

const GATE = [
  { propertyName: 'tenant', message: 'Matter operations are available only for full cloud tenants.' },
];

let server: TestServer;
let store: Store;
let companyId: string;
let opportunityId: string;

function names(errors: Errors['validationErrors']): string[] {
  return errors.map((e) => e.propertyName);
}

async function addMatter(input: Record<string, unknown>, token?: string): Promise<AddResult> {
  return dataOf(await server.gql<{ addMatter: AddResult }>(ADD, { input }, { token })).addMatter;
}

async function addFinancial(input: Record<string, unknown>, token?: string): Promise<AddResult> {
  return dataOf(await server.gql<{ addMatterFinancial: AddResult }>(ADD_FINANCIAL, { input }, { token }))
    .addMatterFinancial;
}

async function removeMatter(id: string, token?: string): Promise<RemoveResult> {
  return dataOf(await server.gql<{ removeMatter: RemoveResult }>(REMOVE, { id }, { token })).removeMatter;
}

async function removeFinancials(
  input: Record<string, unknown>,
  token?: string,
): Promise<RemoveFinancialsResult> {
  return dataOf(
    await server.gql<{ removeMatterFinancials: RemoveFinancialsResult }>(
      REMOVE_FINANCIALS,
      { input },
      { token },
    ),
  ).removeMatterFinancials;
}

async function associatedMatter(): Promise<{ id: string; name: string; number: string } | null> {
  return dataOf(
    await server.gql<{
      opportunity: { associatedMatter: { id: string; name: string; number: string } | null };
    }>(OPPORTUNITY, { id: opportunityId }),
  ).opportunity.associatedMatter;
}

let serial = 0;
/** A matter number no other test uses. */
function freshNumber(): string {
  serial += 1;
  return `TEST-${String(serial).padStart(4, '0')}`;
}

beforeAll(async () => {
  server = await startTestServer();
  // There is no matter query: the tests observe the store directly where HTTP cannot show it.
  store = await server.simulator.store('dev-firm', 'us');
  const companies = dataOf(
    await server.gql<{ searchFirmContacts: { models: Array<{ id: string }> } }>(
      `{ searchFirmContacts(limit: 5, filter: [{ field: contactEntity, value: "Company" }]) { models { id } } }`,
    ),
  ).searchFirmContacts.models;
  companyId = companies[companies.length - 1]!.id;
  const opportunities = dataOf(
    await server.gql<{ opportunities: { models: Array<{ id: string; shouldBeHidden: boolean }> } }>(
      `{ opportunities { models { id shouldBeHidden } } }`,
    ),
  ).opportunities.models;
  opportunityId = opportunities.find((o) => !o.shouldBeHidden)!.id;
});

afterAll(async () => {
  await server.close();
});

describe('seeded matters', () => {
  it('seeds profile.matters matters for client companies with monthly financials', async () => {
    const matters = [...store.all<MatterRecord>(MATTERS)];
    expect(matters).toHaveLength(server.simulator.profile.matters);
    for (const matter of matters) {
      expect(store.get<{ id: string; kind: string }>('contacts', matter.clientId!)?.kind).toBe('Company');
      expect(matter.createdAt).toMatch(/Z$/);
      const financials = store.lookup<MatterFinancialRecord>(FINANCIALS_BY_MATTER, matter.id);
      for (const f of financials) {
        expect(f.periodStart.slice(8)).toBe('01');
        expect(f.periodStart.slice(0, 7)).toBe(f.periodEnd.slice(0, 7));
      }
    }
    const withFinancials = matters.find((m) => store.lookup(FINANCIALS_BY_MATTER, m.id).length > 1)!;
    const count = store.lookup(FINANCIALS_BY_MATTER, withFinancials.id).length;
    // The seeded financials are the API's: removing them all reports how many there were.
    const res = await removeFinancials({ matterId: withFinancials.id });
    expect(res).toEqual({ isSuccessful: true, matterFinancialsAffected: count, validationErrors: [] });
  });
});

describe('addMatter', () => {
  it('adds a matter with trimmed texts, visible through Opportunity.associatedMatter', async () => {
    const number = freshNumber();
    const res = await addMatter({
      name: '   Acme Corp – Supply Agreement Dispute  ',
      number: `  ${number} `,
      clientId: companyId,
      description: ' Dispute over delivery terms. ',
      status: ' Open ',
      practiceGroup: '  Litigation & Dispute Resolution ',
      matterType: ' litigation ',
      office: ' LONDON',
      openDate: '2026-01-15',
    });
    expect(res.validationErrors).toEqual([]);
    expect(res.item).toMatch(/^[0-9a-f-]{36}$/);
    const link = dataOf(
      await server.gql<{ updateOpportunityLinks: Errors }>(LINK, {
        input: { opportunityId, matterId: res.item },
      }),
    ).updateOpportunityLinks;
    expect(link.validationErrors).toEqual([]);
    expect(await associatedMatter()).toEqual({
      id: res.item,
      name: 'Acme Corp – Supply Agreement Dispute',
      number,
    });
    // The trimmed number is taken, whatever its case.
    const twin = await addMatter({ name: 'Other', number: ` ${number.toLowerCase()}  ` });
    expect(twin).toEqual({
      validationErrors: [expect.objectContaining({ propertyName: 'number' })],
      item: null,
    });
  });

  it('matches lookup texts case-insensitively and adds missing options once', async () => {
    const optionsNamed = (name: string) =>
      [...store.all<MatterOptionRecord>(MATTER_TYPES)].filter(
        (o) => o.name.toLowerCase() === name.toLowerCase(),
      );
    const typesBefore = store.count(MATTER_TYPES);
    const seeded = await addMatter({ name: 'Seeded type', number: freshNumber(), matterType: 'LITIGATION' });
    expect(seeded.validationErrors).toEqual([]);
    expect(store.count(MATTER_TYPES)).toBe(typesBefore);
    expect(store.get<MatterRecord>(MATTERS, seeded.item!)?.matterTypeId).toBe(
      optionsNamed('Litigation')[0]!.id,
    );

    const first = await addMatter({
      name: 'New type',
      number: freshNumber(),
      matterType: '  Cross-Border Arbitration ',
    });
    expect(store.count(MATTER_TYPES)).toBe(typesBefore + 1);
    const added = optionsNamed('Cross-Border Arbitration');
    expect(added.map((o) => o.name)).toEqual(['Cross-Border Arbitration']);
    const second = await addMatter({
      name: 'Same type',
      number: freshNumber(),
      matterType: 'cross-border ARBITRATION',
    });
    expect(store.count(MATTER_TYPES)).toBe(typesBefore + 1);
    expect(store.get<MatterRecord>(MATTERS, first.item!)?.matterTypeId).toBe(added[0]!.id);
    expect(store.get<MatterRecord>(MATTERS, second.item!)?.matterTypeId).toBe(added[0]!.id);
  });

  it('reports every invalid field at once and adds nothing', async () => {
    const before = store.count(MATTERS);
    const optionsBefore = store.count(MATTER_TYPES);
    const res = await addMatter({
      name: '   ',
      number: '',
      clientId: 'no-such-company',
      matterType: 'Never Added Type',
      openDate: '2026-03-01',
      closeDate: '2026-02-01',
    });
    expect(res.item).toBeNull();
    expect(names(res.validationErrors).sort()).toEqual(['clientId', 'closeDate', 'name', 'number']);
    expect(store.count(MATTERS)).toBe(before);
    expect(store.count(MATTER_TYPES)).toBe(optionsBefore);
  });

  it('refuses a person as the client', async () => {
    const people = dataOf(
      await server.gql<{ searchFirmContacts: { models: Array<{ id: string }> } }>(
        `{ searchFirmContacts(limit: 1, filter: [{ field: contactEntity, value: "Person" }]) { models { id } } }`,
      ),
    ).searchFirmContacts.models;
    const res = await addMatter({ name: 'Personal', number: freshNumber(), clientId: people[0]!.id });
    expect(names(res.validationErrors)).toEqual(['clientId']);
  });
});

describe('addMatterFinancial and removeMatterFinancials', () => {
  it('adds financials per period and removes those overlapping a period, counting them', async () => {
    const matterId = (await addMatter({ name: 'Financials', number: freshNumber() })).item!;
    const months = [
      ['2026-01-01', '2026-01-31'],
      ['2026-02-01', '2026-02-28'],
      ['2026-03-01', '2026-03-31'],
    ];
    for (const [periodStart, periodEnd] of months) {
      const res = await addFinancial({
        matterId,
        periodStart,
        periodEnd,
        currency: 'usd',
        hoursWorked: 12.5,
        amountWorked: 6250,
        amountBilled: 6000,
        amountCollected: 0,
      });
      expect(res.validationErrors).toEqual([]);
      expect(res.item).toMatch(/^[0-9a-f-]{36}$/);
    }
    const stored = store.lookup<MatterFinancialRecord>(FINANCIALS_BY_MATTER, matterId);
    expect(stored.map((f) => [f.periodStart, f.periodEnd, f.currency, f.hoursWorked])).toEqual(
      months.map(([s, e]) => [s, e, 'USD', 12.5]),
    );
    const firstTwo = await removeFinancials({ matterId, periodStart: '2026-01-15', periodEnd: '2026-02-10' });
    expect(firstTwo).toEqual({ isSuccessful: true, matterFinancialsAffected: 2, validationErrors: [] });
    expect(
      await removeFinancials({ matterId, periodStart: '2026-01-01', periodEnd: '2026-02-28' }),
    ).toMatchObject({
      matterFinancialsAffected: 0,
    });
    expect(await removeFinancials({ matterId })).toMatchObject({
      isSuccessful: true,
      matterFinancialsAffected: 1,
    });
    expect(await removeFinancials({ matterId })).toMatchObject({
      isSuccessful: true,
      matterFinancialsAffected: 0,
    });
  });

  it('rejects an unknown matter, a reversed period, an unknown currency and negative amounts', async () => {
    const matterId = (await addMatter({ name: 'Bad financials', number: freshNumber() })).item!;
    const res = await addFinancial({
      matterId: 'no-such-matter',
      periodStart: '2026-02-01',
      periodEnd: '2026-01-31',
      currency: 'ABC',
      hoursWorked: -1,
      amountBilled: -10,
    });
    expect(res.item).toBeNull();
    expect(names(res.validationErrors).sort()).toEqual([
      'amountBilled',
      'currency',
      'hoursWorked',
      'matterId',
      'periodEnd',
    ]);
    const reversed = await addFinancial({ matterId, periodStart: '2026-02-01', periodEnd: '2026-01-01' });
    expect(names(reversed.validationErrors)).toEqual(['periodEnd']);
    expect(store.lookup(FINANCIALS_BY_MATTER, matterId)).toHaveLength(0);
    const unknown = await removeFinancials({ matterId: 'no-such-matter' });
    expect(unknown).toMatchObject({ isSuccessful: false, matterFinancialsAffected: 0 });
    expect(names(unknown.validationErrors)).toEqual(['matterId']);
    const badPeriod = await removeFinancials({
      matterId,
      periodStart: '2026-02-01',
      periodEnd: '2026-01-01',
    });
    expect(names(badPeriod.validationErrors)).toEqual(['periodEnd']);
    const badDate = await server.gql(ADD_FINANCIAL, {
      input: { matterId, periodStart: '2026-13-01', periodEnd: '2026-12-31' },
    });
    expect(badDate.errors?.length).toBeGreaterThan(0);
  });
});

describe('removeMatter', () => {
  it('removes the matter and its financials; later calls for it fail and its number is free again', async () => {
    const number = freshNumber();
    const matterId = (await addMatter({ name: 'Short-lived', number })).item!;
    expect(
      (await addFinancial({ matterId, periodStart: '2026-04-01', periodEnd: '2026-04-30' })).validationErrors,
    ).toEqual([]);
    dataOf(await server.gql(LINK, { input: { opportunityId, matterId } }));
    expect((await associatedMatter())?.id).toBe(matterId);
    const financialsBefore = store.count(MATTER_FINANCIALS);

    expect(await removeMatter(matterId)).toEqual({ isSuccessful: true, validationErrors: [] });
    expect(store.count(MATTER_FINANCIALS)).toBe(financialsBefore - 1);
    expect(await associatedMatter()).toBeNull();
    const financial = await addFinancial({ matterId, periodStart: '2026-05-01', periodEnd: '2026-05-31' });
    expect(financial).toEqual({
      validationErrors: [expect.objectContaining({ propertyName: 'matterId' })],
      item: null,
    });
    expect(names((await removeFinancials({ matterId })).validationErrors)).toEqual(['matterId']);
    const again = await removeMatter(matterId);
    expect(again.isSuccessful).toBe(false);
    expect(names(again.validationErrors)).toEqual(['id']);
    const relink = dataOf(
      await server.gql<{ updateOpportunityLinks: Errors }>(LINK, { input: { opportunityId, matterId } }),
    ).updateOpportunityLinks;
    expect(names(relink.validationErrors)).toEqual(['matterId']);
    expect((await addMatter({ name: 'Reuses the number', number })).validationErrors).toEqual([]);
  });
});

describe('full cloud gate (§1.6)', () => {
  it('rejects all four operations for the limited tenant with the A-50 error', async () => {
    const token = 'dev-token-limited';
    const limitedStore = await server.simulator.store('limited-firm', 'us');
    const mattersBefore = limitedStore.count(MATTERS);
    const financialsBefore = limitedStore.count(MATTER_FINANCIALS);
    const seeded = [...limitedStore.all<MatterRecord>(MATTERS)][0]!;
    expect(await addMatter({ name: 'Blocked', number: freshNumber() }, token)).toEqual({
      validationErrors: GATE,
      item: null,
    });
    expect(
      await addFinancial({ matterId: seeded.id, periodStart: '2026-01-01', periodEnd: '2026-01-31' }, token),
    ).toEqual({ validationErrors: GATE, item: null });
    expect(await removeMatter(seeded.id, token)).toEqual({ isSuccessful: false, validationErrors: GATE });
    expect(await removeFinancials({ matterId: seeded.id }, token)).toEqual({
      isSuccessful: false,
      matterFinancialsAffected: 0,
      validationErrors: GATE,
    });
    expect(limitedStore.count(MATTERS)).toBe(mattersBefore);
    expect(limitedStore.count(MATTER_FINANCIALS)).toBe(financialsBefore);
  });

  it('follows the tenant setting changed through the admin API, changing nothing while off', async () => {
    const number = freshNumber();
    const matterId = (await addMatter({ name: 'Gated', number })).item!;
    expect((await server.admin('PATCH', '/tenants/dev-firm', { fullCloud: false })).status).toBe(200);
    try {
      const blockedNumber = freshNumber();
      expect(await addMatter({ name: 'While off', number: blockedNumber })).toEqual({
        validationErrors: GATE,
        item: null,
      });
      expect(await removeMatter(matterId)).toEqual({ isSuccessful: false, validationErrors: GATE });
      expect(await addFinancial({ matterId, periodStart: '2026-01-01', periodEnd: '2026-01-31' })).toEqual({
        validationErrors: GATE,
        item: null,
      });
      expect((await removeFinancials({ matterId })).validationErrors).toEqual(GATE);
      expect((await server.admin('PATCH', '/tenants/dev-firm', { fullCloud: true })).status).toBe(200);
      // Nothing was written while the gate was closed: the matter exists, the number is still free.
      expect(
        (await addFinancial({ matterId, periodStart: '2026-01-01', periodEnd: '2026-01-31' }))
          .validationErrors,
      ).toEqual([]);
      expect((await addMatter({ name: 'After', number: blockedNumber })).validationErrors).toEqual([]);
      expect(await removeFinancials({ matterId })).toMatchObject({ matterFinancialsAffected: 1 });
    } finally {
      await server.admin('PATCH', '/tenants/dev-firm', { fullCloud: true });
    }
  });
});

describe('revision 1.2.0', () => {
  it.each([
    ['addMatter', 'mutation { addMatter(input: { name: "x", number: "1" }) { item } }'],
    [
      'addMatterFinancial',
      'mutation { addMatterFinancial(input: { matterId: "x", periodStart: "2026-01-01", periodEnd: "2026-01-31" }) { item } }',
    ],
    ['removeMatter', 'mutation { removeMatter(id: "x") { isSuccessful } }'],
    [
      'removeMatterFinancials',
      'mutation { removeMatterFinancials(input: { matterId: "x" }) { isSuccessful } }',
    ],
  ])('rejects %s as a validation error', async (_name, query) => {
    const res = await server.gql(query, undefined, { version: '1.2.0' });
    expect(res.status).toBe(200);
    expect(res.data).toBeUndefined();
    expect(res.errors?.[0]?.extensions?.['code']).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});
