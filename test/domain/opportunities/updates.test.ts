import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestServer, type TestServer } from '../../helpers/server.js';
import {
  addOpportunity,
  eventTypes,
  fixtures,
  readAll,
  readOpportunity,
  ruleErrors,
  type Fixtures,
  type Opp,
} from './helpers.js';

const DAY_MS = 86_400_000;
// A clock the tests move, so stage times and timeSpent are exact.
let clock = Date.parse('2026-06-10T09:00:00.000Z');
let server: TestServer;
let fx: Fixtures;
let seeded: Opp[];

beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(clock) });
  fx = await fixtures(server);
  seeded = await readAll(server);
});
afterAll(async () => {
  await server.close();
});

async function fresh(extra: Record<string, unknown> = {}): Promise<string> {
  return addOpportunity(server, {
    title: 'Update target',
    opportunityTypeId: fx.activeTypeId,
    dateOpened: '2026-06-01',
    ...extra,
  });
}

async function mutate<T>(name: string, inputType: string, selection: string, input: Record<string, unknown>) {
  return server.gql<Record<string, T>>(
    `mutation($input: ${inputType}!) { ${name}(input: $input) ${selection} }`,
    { input },
  );
}

/** A seeded open opportunity the API user is not involved in and that is not confidential. */
function notMine(): Opp {
  const found = seeded.find((o) => !o.isConfidential && !o.isCurrentUserInvolved && o.status === 'open');
  if (!found) throw new Error('no seeded opportunity without the API user');
  return found;
}

describe('updateOpportunityConfidential (A-47)', () => {
  const run = (input: Record<string, unknown>) =>
    mutate<{ opportunityId: string | null; isConfidential: boolean | null; validationErrors: unknown[] }>(
      'updateOpportunityConfidential',
      'UpdateOpportunityConfidentialInput',
      '{ opportunityId isConfidential validationErrors { propertyName message } }',
      input,
    );

  it('marks an opportunity confidential: still visible to an involved user, hidden from one who is not', async () => {
    const mine = await fresh();
    expect(
      dataOf(await run({ opportunityId: mine, isConfidential: true })).updateOpportunityConfidential,
    ).toEqual({
      opportunityId: mine,
      isConfidential: true,
      validationErrors: [],
    });
    expect(await readOpportunity(server, mine)).toMatchObject({
      isConfidential: true,
      shouldBeHidden: false,
      description: null,
    });

    const other = notMine();
    dataOf(await run({ opportunityId: other.id, isConfidential: true }));
    const hidden = (await readAll(server)).find((o) => o.id === other.id);
    expect(hidden).toMatchObject({
      isConfidential: true,
      shouldBeHidden: true,
      isCurrentUserInvolved: false,
      lead: null,
    });
    // Now hidden, the user cannot change it back.
    const refused = dataOf(
      await run({ opportunityId: other.id, isConfidential: false }),
    ).updateOpportunityConfidential;
    expect(refused).toEqual({
      opportunityId: null,
      isConfidential: null,
      validationErrors: [{ propertyName: 'opportunityId', message: expect.stringMatching(/confidential/) }],
    });
  });

  it('reports an unknown opportunity', async () => {
    const res = dataOf(
      await run({ opportunityId: 'nope', isConfidential: true }),
    ).updateOpportunityConfidential;
    expect(res.validationErrors).toEqual([
      { propertyName: 'opportunityId', message: 'No opportunity exists with id "nope".' },
    ]);
  });
});

describe('updateOpportunityDetails (A-47)', () => {
  const run = (input: Record<string, unknown>) =>
    mutate<{ opportunityId: string }>(
      'updateOpportunityDetails',
      'UpdateOpportunityDetailsInput',
      '{ opportunityId }',
      input,
    );

  it('changes the given details, keeps the omitted ones, and clears with null', async () => {
    const id = await fresh({
      workTypeId: 'wt-1',
      practiceGroupIds: [fx.practiceGroupIds[0]],
      originationSourceCompanyId: fx.companies[0],
    });
    const otherType = fx.typeIds.find((t) => t !== fx.activeTypeId)!;
    const res = await run({
      opportunityId: id,
      opportunityTypeId: otherType,
      originationSourceContactId: fx.clientPeople[1],
      originationSourceCompanyId: null,
      industryIds: [fx.industryIds[2]],
      workTypeId: 'wt-2',
    });
    expect(dataOf(res).updateOpportunityDetails).toEqual({ opportunityId: id });
    const opp = await readOpportunity(server, id);
    expect(opp).toMatchObject({
      opportunityType: { id: otherType },
      originationSourceContact: { id: fx.clientPeople[1] },
      originationSourceCompany: null,
      industries: [{ id: fx.industryIds[2] }],
      practiceGroups: [{ id: fx.practiceGroupIds[0] }],
      workTypeId: 'wt-2',
    });
    expect((await readAll(server)).find((o) => o.id === id)?.opportunityType?.id).toBe(otherType);
  });

  it('fails as a GraphQL error naming each bad field, and changes nothing', async () => {
    const id = await fresh();
    const before = await readOpportunity(server, id);
    const res = await run({
      opportunityId: id,
      opportunityTypeId: null,
      originationSourceId: 'nope',
      originationSourceContactId: fx.companies[0],
      industryIds: ['nope'],
    });
    expect(res.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
    expect(
      ruleErrors(res)
        .map((e) => e.propertyName)
        .sort(),
    ).toEqual(
      ['industryIds[0]', 'opportunityTypeId', 'originationSourceContactId', 'originationSourceId'].sort(),
    );
    expect(await readOpportunity(server, id)).toEqual(before);
  });
});

describe('updateOpportunityLinks (A-47, A-50)', () => {
  const run = (input: Record<string, unknown>) =>
    mutate<{ item: { opportunityId: string } | null; validationErrors: Array<{ propertyName: string }> }>(
      'updateOpportunityLinks',
      'UpdateOpportunityLinksInput',
      '{ item { opportunityId } validationErrors { propertyName message } }',
      input,
    );

  it('links a matter and initiatives, shown as associatedMatter and associatedInitiative(s); null unlinks', async () => {
    const matter = dataOf(
      await server.gql<{ addMatter: { item: string } }>(
        'mutation { addMatter(input: { name: "Harbour v. Finch", number: "2026-0042" }) { item validationErrors { message } } }',
      ),
    ).addMatter.item;
    const initiatives = dataOf(
      await server.gql<{ initiatives: { models: Array<{ id: string; name: string }> } }>(
        '{ initiatives(limit: 2) { models { id name } } }',
      ),
    ).initiatives.models;
    expect(initiatives.length).toBe(2);
    const id = await fresh();
    const linked = dataOf(
      await run({ opportunityId: id, matterId: matter, initiativeIds: initiatives.map((i) => i.id) }),
    );
    expect(linked.updateOpportunityLinks).toEqual({ item: { opportunityId: id }, validationErrors: [] });
    expect(await readOpportunity(server, id)).toMatchObject({
      associatedMatter: { id: matter, name: 'Harbour v. Finch', number: '2026-0042' },
      associatedInitiative: initiatives[0],
      associatedInitiatives: initiatives,
    });
    expect((await readAll(server)).find((o) => o.id === id)?.associatedMatter?.id).toBe(matter);
    dataOf(await run({ opportunityId: id, matterId: null }));
    expect(await readOpportunity(server, id)).toMatchObject({
      associatedMatter: null,
      associatedInitiatives: initiatives,
    });
  });

  it('reports unknown matters and initiatives and changes nothing', async () => {
    const id = await fresh();
    const res = dataOf(
      await run({ opportunityId: id, matterId: 'nope', initiativeIds: ['nope'] }),
    ).updateOpportunityLinks;
    expect(res.item).toBeNull();
    expect(res.validationErrors.map((e) => e.propertyName).sort()).toEqual(['initiativeIds[0]', 'matterId']);
    expect(await readOpportunity(server, id)).toMatchObject({
      associatedMatter: null,
      associatedInitiatives: [],
    });
  });
});

describe('updateOpportunityLocations (A-49)', () => {
  const run = (input: Record<string, unknown>) =>
    mutate<{ opportunityId: string }>(
      'updateOpportunityLocations',
      'UpdateOpportunityLocationsInput',
      '{ opportunityId }',
      input,
    );

  it('replaces the locations, matching countries and divisions by name or code', async () => {
    const id = await fresh();
    const locations = [{ country: 'us', administrativeDivision: 'CA' }, { country: 'Japan' }];
    expect(dataOf(await run({ opportunityId: id, locations })).updateOpportunityLocations).toEqual({
      opportunityId: id,
    });
    expect((await readOpportunity(server, id))?.locations).toEqual([
      { country: 'United States', administrativeDivision: 'California' },
      { country: 'Japan', administrativeDivision: null },
    ]);
    dataOf(await run({ opportunityId: id, locations: [] }));
    expect((await readAll(server)).find((o) => o.id === id)?.locations).toEqual([]);
  });

  it('refuses unknown countries and divisions as a GraphQL error', async () => {
    const id = await fresh();
    const res = await run({
      opportunityId: id,
      locations: [{ country: 'Atlantis' }, { country: 'Canada', administrativeDivision: 'Texas' }],
    });
    expect(ruleErrors(res).map((e) => e.propertyName)).toEqual([
      'locations[0].country',
      'locations[1].administrativeDivision',
    ]);
    expect((await readOpportunity(server, id))?.locations).toEqual([]);
  });
});

describe('updateOpportunityPeople (A-47)', () => {
  const run = (input: Record<string, unknown>) =>
    mutate<{ id: string | null; validationErrors: Array<{ propertyName: string }> }>(
      'updateOpportunityPeople',
      'UpdateOpportunityPeopleInput',
      '{ id validationErrors { propertyName message } }',
      input,
    );

  it('sets the lead, principals and contacts (given lists replace)', async () => {
    const id = await fresh();
    const input = {
      opportunityId: id,
      leadId: fx.employees[0],
      principals: [{ leadId: fx.employees[1], isPrimary: true }, { leadId: fx.employees[2] }],
      contacts: [{ contactId: fx.clientPeople[0], isPrimary: true }],
    };
    expect(dataOf(await run(input)).updateOpportunityPeople).toEqual({ id, validationErrors: [] });
    const opp = (await readAll(server)).find((o) => o.id === id)!;
    expect(opp.lead?.id).toBe(fx.employees[0]);
    expect(opp.associatedPrincipals?.map((p) => [p.leadId, p.isPrimary])).toEqual([
      [fx.employees[1], true],
      [fx.employees[2], false],
    ]);
    expect(opp.associatedContacts).toEqual([
      {
        opportunityId: id,
        contactId: fx.clientPeople[0],
        person: expect.objectContaining({ id: fx.clientPeople[0] }),
        isPrimary: true,
      },
    ]);
    dataOf(await run({ opportunityId: id, leadId: null, contacts: [] }));
    expect(await readOpportunity(server, id)).toMatchObject({ lead: null, associatedContacts: [] });
    expect((await readOpportunity(server, id))?.associatedPrincipals).toHaveLength(2);
  });

  it('refuses non-employees as lead or principal and two primaries, changing nothing', async () => {
    const id = await fresh({ leadId: fx.employees[0] });
    const res = dataOf(
      await run({
        opportunityId: id,
        leadId: fx.clientPeople[0],
        principals: [{ leadId: fx.clientPeople[1] }],
        contacts: [
          { contactId: fx.clientPeople[0], isPrimary: true },
          { contactId: fx.clientPeople[1], isPrimary: true },
        ],
      }),
    ).updateOpportunityPeople;
    expect(res.id).toBeNull();
    expect(res.validationErrors.map((e) => e.propertyName).sort()).toEqual([
      'contacts',
      'leadId',
      'principals[0].leadId',
    ]);
    expect((await readOpportunity(server, id))?.lead?.id).toBe(fx.employees[0]);
  });
});

describe('updateOpportunityStageInstances (A-48, A-55)', () => {
  const run = (input: Record<string, unknown>) =>
    mutate<{ opportunityId: string }>(
      'updateOpportunityStageInstances',
      'UpdateOpportunityStageInstanceInput',
      '{ opportunityId }',
      input,
    );

  it('enters a stage of the template, which becomes currentStage; times and events follow', async () => {
    const id = await fresh();
    const entered = new Date(clock).toISOString();
    clock += 3 * DAY_MS + 3_600_000;
    expect(dataOf(await run({ opportunityId: id, stageOrder: 3 })).updateOpportunityStageInstances).toEqual({
      opportunityId: id,
    });
    clock += 2 * DAY_MS;
    const opp = (await readAll(server)).find((o) => o.id === id)!;
    expect(opp.stageInstances.map((s) => [s.stageOrder, s.timeSpent])).toEqual([
      [1, 3],
      [3, 2],
    ]);
    expect(opp.stageInstances[0]!.timeEntered).toBe(entered);
    expect(opp.currentStage).toEqual(opp.stageInstances[1]);
    expect(opp.currentStage?.stageName).toBe('Proposal');
    // Entering the current stage again changes nothing.
    dataOf(await run({ opportunityId: id, stageOrder: 3 }));
    expect((await readOpportunity(server, id))?.stageInstances).toHaveLength(2);
    // An explicit timeEntered between the current entry and now.
    const at = new Date(clock - DAY_MS).toISOString();
    dataOf(await run({ opportunityId: id, stageOrder: 2, timeEntered: at }));
    expect((await readOpportunity(server, id))?.currentStage).toMatchObject({
      stageOrder: 2,
      timeEntered: at,
      timeSpent: 1,
    });
    expect(await eventTypes(server, id)).toEqual([
      'DateOpenedChanged',
      'CurrentStageChanged',
      'StatusChanged',
      'CurrentStageChanged',
      'CurrentStageChanged',
    ]);
  });

  it('refuses a stage not in the template and a time before the current stage or in the future', async () => {
    const id = await fresh();
    const res = await run({
      opportunityId: id,
      stageOrder: 99,
      timeEntered: new Date(clock + DAY_MS).toISOString(),
    });
    expect(res.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
    expect(ruleErrors(res).map((e) => e.propertyName)).toEqual(['stageOrder', 'timeEntered']);
    const early = await run({ opportunityId: id, stageOrder: 2, timeEntered: '2020-01-01T00:00:00Z' });
    expect(ruleErrors(early).map((e) => e.propertyName)).toEqual(['timeEntered']);
    expect((await readOpportunity(server, id))?.stageInstances).toHaveLength(1);
    expect(await eventTypes(server, id)).toHaveLength(3);
  });
});

describe('updateOpportunityStatus (A-43, A-62)', () => {
  const run = (input: Record<string, unknown>) =>
    mutate<{ id: string | null; validationErrors: Array<{ propertyName: string }> }>(
      'updateOpportunityStatus',
      'UpdateOpportunityStatusInput',
      '{ id validationErrors { propertyName message } }',
      input,
    );
  const outcome = () => seeded.find((o) => o.actualOutcome)!.actualOutcome!;

  it('closes with an outcome, reasons and actualCloseDate (default today), and reopens clearing them', async () => {
    const id = await fresh();
    const won = outcome();
    const reason = won.reasons[0]!;
    expect(
      dataOf(
        await run({ opportunityId: id, status: 'closed', outcomeId: won.id, outcomeReasonIds: [reason.id] }),
      ).updateOpportunityStatus,
    ).toEqual({
      id,
      validationErrors: [],
    });
    const closed = (await readAll(server)).find((o) => o.id === id)!;
    expect(closed).toMatchObject({
      status: 'closed',
      actualCloseDate: new Date(clock).toISOString().slice(0, 10),
      actualOutcome: { id: won.id },
      actualOutcomeReason: { id: reason.id },
      associatedOutcomeReasons: [
        expect.objectContaining({ id: reason.id, opportunityId: id, outcomeId: won.id }),
      ],
    });
    const closedList = dataOf(
      await server.gql<{ opportunities: { models: Array<{ id: string }> } }>(
        '{ opportunities(limit: 1000, filter: { statuses: [closed] }) { models { id } } }',
      ),
    ).opportunities.models;
    expect(closedList.map((o) => o.id)).toContain(id);

    dataOf(await run({ opportunityId: id, status: 'open' }));
    expect(await readOpportunity(server, id)).toMatchObject({
      status: 'open',
      actualCloseDate: null,
      actualOutcome: null,
      actualOutcomeReason: null,
      associatedOutcomeReasons: [],
    });
    // Setting the status it already has is a no-op: no event.
    dataOf(await run({ opportunityId: id, status: 'open' }));
    expect(await eventTypes(server, id)).toEqual([
      'DateOpenedChanged',
      'CurrentStageChanged',
      'StatusChanged',
      'StatusChanged',
      'StatusChanged',
    ]);
  });

  it('needs an outcome to close, reasons of that outcome, and a close date not before dateOpened', async () => {
    const id = await fresh();
    const missing = dataOf(await run({ opportunityId: id, status: 'closed' })).updateOpportunityStatus;
    expect(missing).toEqual({
      id: null,
      validationErrors: [{ propertyName: 'outcomeId', message: expect.any(String) }],
    });
    const won = outcome();
    const res = dataOf(
      await run({
        opportunityId: id,
        status: 'closed',
        outcomeId: won.id,
        outcomeReasonIds: ['nope'],
        actualCloseDate: '2026-05-01',
      }),
    ).updateOpportunityStatus;
    expect(res.validationErrors.map((e) => e.propertyName)).toEqual([
      'outcomeReasonIds[0]',
      'actualCloseDate',
    ]);
    expect((await readOpportunity(server, id))?.status).toBe('open');
  });
});

describe('updateOpportunitySummary (A-47)', () => {
  const run = (input: Record<string, unknown>) =>
    mutate<{ opportunityId: string }>(
      'updateOpportunitySummary',
      'UpdateOpportunitySummaryInput',
      '{ opportunityId }',
      input,
    );

  it('changes title, description, dates and tags; DateOpenedChanged only when dateOpened changes', async () => {
    const id = await fresh({ description: 'Old', tags: ['old'] });
    dataOf(
      await run({
        opportunityId: id,
        title: ' New title ',
        description: null,
        tags: ['fresh', 'key client'],
        estimatedCloseDate: '2026-09-30',
      }),
    );
    expect((await readAll(server)).find((o) => o.id === id)).toMatchObject({
      title: 'New title',
      description: null,
      tags: ['fresh', 'key client'],
      estimatedCloseDate: '2026-09-30',
      dateOpened: '2026-06-01',
    });
    expect(await eventTypes(server, id)).toHaveLength(3);
    dataOf(await run({ opportunityId: id, dateOpened: '2026-05-15' }));
    expect((await readOpportunity(server, id))?.dateOpened).toBe('2026-05-15');
    expect((await eventTypes(server, id)).slice(3)).toEqual(['DateOpenedChanged']);
    const byDate = dataOf(
      await server.gql<{ opportunities: { models: Array<{ id: string }> } }>(
        '{ opportunities(filter: { dateOpened: { from: "2026-05-15", to: "2026-05-15" } }) { models { id } } }',
      ),
    ).opportunities.models;
    expect(byDate.map((o) => o.id)).toContain(id);
  });

  it('refuses an empty title, a cleared dateOpened and a close estimate before opening', async () => {
    const id = await fresh();
    const res = await run({
      opportunityId: id,
      title: '',
      dateOpened: null,
      estimatedCloseDate: '2026-01-01',
    });
    expect(ruleErrors(res).map((e) => e.propertyName)).toEqual(['title', 'dateOpened', 'estimatedCloseDate']);
    expect((await readOpportunity(server, id))?.title).toBe('Update target');
  });
});
