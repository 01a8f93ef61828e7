import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestServer, type TestServer } from '../../helpers/server.js';
import {
  OPPORTUNITY_FIELDS,
  addOpportunity,
  eventTypes,
  fixtures,
  readAll,
  readOpportunity,
  ruleErrors,
  type Fixtures,
  type Opp,
} from './helpers.js';

let server: TestServer;
let fx: Fixtures;

beforeAll(async () => {
  server = await startTestServer();
  fx = await fixtures(server);
});
afterAll(async () => {
  await server.close();
});

const ADD = `mutation($input: AddOpportunityInput!) { addOpportunity(input: $input) { ${OPPORTUNITY_FIELDS} } }`;

describe('addOpportunity (A-47, A-10)', () => {
  it('adds an open opportunity in the first stage of its type, created by the API user, visible everywhere', async () => {
    const before = (await readAll(server)).length;
    const input = {
      title: '  Harbour Logistics: Acquisition advisory  ',
      description: 'Advising on the purchase of a regional carrier.',
      opportunityTypeId: fx.activeTypeId,
      targetCompanyId: fx.companies[0],
      leadId: fx.employees[0],
      originationSourceContactId: fx.clientPeople[0],
      originationSourceCompanyId: fx.companies[1],
      estimatedCloseDate: '2026-12-31',
      dateOpened: '2026-05-01',
      isConfidential: false,
      practiceGroupIds: [fx.practiceGroupIds[0]],
      industryIds: [fx.industryIds[0], fx.industryIds[1]],
      workTypeId: 'wt-advisory',
      tags: ['priority', ' pitch ', 'PRIORITY'],
    };
    const added = dataOf(await server.gql<{ addOpportunity: Opp }>(ADD, { input })).addOpportunity;
    expect(added).toMatchObject({
      title: 'Harbour Logistics: Acquisition advisory',
      description: input.description,
      creatorId: fx.apiUserId,
      status: 'open',
      isConfidential: false,
      shouldBeHidden: false,
      isCurrentUserInvolved: true,
      dateOpened: '2026-05-01',
      estimatedCloseDate: '2026-12-31',
      actualCloseDate: null,
      actualOutcome: null,
      workTypeId: 'wt-advisory',
      tags: ['priority', 'pitch'],
      targetCompany: { id: fx.companies[0] },
      opportunityType: { id: fx.activeTypeId, isActive: true },
      lead: { id: fx.employees[0], isEmployee: true },
      originationSourceContact: { id: fx.clientPeople[0] },
      originationSourceCompany: { id: fx.companies[1] },
      practiceGroups: [{ id: fx.practiceGroupIds[0] }],
      industries: [{ id: fx.industryIds[0] }, { id: fx.industryIds[1] }],
      associatedPrincipals: [],
      associatedContacts: [],
      locations: [],
      activities: { totalModels: 0, models: [] },
    });
    expect(added.stageInstances).toHaveLength(1);
    expect(added.currentStage).toMatchObject({ stageOrder: 1, stageName: 'Identified', timeSpent: 0 });
    expect(await readOpportunity(server, added.id)).toEqual(added);
    const all = await readAll(server);
    expect(all).toHaveLength(before + 1);
    expect(all.find((o) => o.id === added.id)).toEqual(added);
    // Opening sets all three reported values (§6): one event each.
    expect(await eventTypes(server, added.id)).toEqual([
      'DateOpenedChanged',
      'CurrentStageChanged',
      'StatusChanged',
    ]);
  });

  it('defaults dateOpened to today and isConfidential to false', async () => {
    const id = await addOpportunity(server, { title: 'Defaults', opportunityTypeId: fx.activeTypeId });
    const opp = await readOpportunity(server, id);
    expect(opp?.dateOpened).toBe(new Date().toISOString().slice(0, 10));
    expect(opp?.isConfidential).toBe(false);
    expect(opp?.lead).toBeNull();
  });

  it('reports every failure at once as a GraphQL error and writes nothing', async () => {
    const before = await readAll(server);
    const res = await server.gql(ADD, {
      input: {
        title: '   ',
        opportunityTypeId: 'no-such-type',
        targetCompanyId: fx.clientPeople[0],
        leadId: fx.clientPeople[0],
        originationSourceId: 'no-such-source',
        dateOpened: '2026-05-10',
        estimatedCloseDate: '2026-05-01',
        practiceGroupIds: ['no-such-group'],
        tags: [''],
      },
    });
    expect(res.data?.addOpportunity ?? null).toBeNull();
    expect(res.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
    expect(
      ruleErrors(res)
        .map((e) => e.propertyName)
        .sort(),
    ).toEqual(
      [
        'estimatedCloseDate',
        'leadId',
        'opportunityTypeId',
        'originationSourceId',
        'practiceGroupIds[0]',
        'tags[0]',
        'targetCompanyId',
        'title',
      ].sort(),
    );
    expect(await readAll(server)).toEqual(before);
  });

  it('refuses a lead who is not a firm employee', async () => {
    const res = await server.gql(ADD, {
      input: { title: 'x', opportunityTypeId: fx.activeTypeId, leadId: fx.clientPeople[0] },
    });
    expect(ruleErrors(res)).toEqual([
      { propertyName: 'leadId', message: expect.stringMatching(/not an employee/) },
    ]);
  });
});

describe('addOpportunityActivity (A-47)', () => {
  const ADD_ACTIVITY = `mutation($input: AddOpportunityActivityInput!) {
    addOpportunityActivity(input: $input) { opportunityId activityId } }`;

  it('adds one activity per opportunity, visible from the opportunity and through activity(id)', async () => {
    const first = await addOpportunity(server, { title: 'First', opportunityTypeId: fx.activeTypeId });
    const second = await addOpportunity(server, { title: 'Second', opportunityTypeId: fx.activeTypeId });
    const results = dataOf(
      await server.gql<{ addOpportunityActivity: Array<{ opportunityId: string; activityId: string }> }>(
        ADD_ACTIVITY,
        {
          input: {
            opportunityIds: [first, second],
            activity: {
              typeId: fx.activityTypeId,
              activityDate: '2026-05-20 14:30:00',
              subject: 'Pitch meeting',
              summary: 'Presented the team.',
              linkedEntityIds: [fx.clientPeople[0]],
            },
          },
        },
      ),
    ).addOpportunityActivity;
    expect(results.map((r) => r.opportunityId)).toEqual([first, second]);
    expect(new Set(results.map((r) => r.activityId)).size).toBe(2);
    for (const { opportunityId, activityId } of results) {
      const opp = await readOpportunity(server, opportunityId);
      expect(opp?.activities).toEqual({
        totalModels: 1,
        models: [expect.objectContaining({ id: activityId, subject: 'Pitch meeting', date: '2026-05-20' })],
      });
      const activity = dataOf(
        await server.gql<{
          activity: {
            id: string;
            subject: string;
            regarding: string;
            activityStartDate: string;
            linkedActivityContacts: Array<{ id: string }>;
          };
        }>(
          'query($id: ID!) { activity(id: $id) { id subject regarding activityStartDate linkedActivityContacts { id } } }',
          { id: activityId },
        ),
      ).activity;
      expect(activity).toEqual({
        id: activityId,
        subject: 'Pitch meeting',
        regarding: 'Opportunities',
        activityStartDate: '2026-05-20T14:30:00.000Z',
        linkedActivityContacts: [{ id: fx.clientPeople[0] }],
      });
    }
  });

  it('pages the activities of an opportunity, newest first (A-15)', async () => {
    const id = await addOpportunity(server, { title: 'Busy', opportunityTypeId: fx.activeTypeId });
    for (const day of ['10', '12', '11']) {
      const res = await server.gql(ADD_ACTIVITY, {
        input: {
          opportunityIds: [id],
          activity: {
            typeId: fx.activityTypeId,
            activityDate: `2026-05-${day} 09:00:00`,
            subject: `Call ${day}`,
          },
        },
      });
      dataOf(res);
    }
    const page = dataOf(
      await server.gql<{
        opportunity: { activities: { totalModels: number; models: Array<{ subject: string }> } };
      }>(
        'query($id: ID!) { opportunity(id: $id) { activities(skip: 1, limit: 1) { totalModels models { subject } } } }',
        { id },
      ),
    ).opportunity.activities;
    expect(page).toEqual({ totalModels: 3, models: [{ subject: 'Call 11' }] });
  });

  it('refuses an unknown opportunity or a bad activity, naming each, and adds nothing', async () => {
    const id = await addOpportunity(server, { title: 'Target', opportunityTypeId: fx.activeTypeId });
    const total = async () =>
      dataOf(await server.gql<{ activities: { totalModels: number } }>('{ activities { totalModels } }'))
        .activities.totalModels;
    const before = await total();
    const res = await server.gql(ADD_ACTIVITY, {
      input: {
        opportunityIds: [id, 'no-such-opportunity'],
        activity: { typeId: 'no-such-type', activityDate: '2026-05-20T14:30', subject: '' },
      },
    });
    expect(res.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
    expect(
      ruleErrors(res)
        .map((e) => e.propertyName)
        .sort(),
    ).toEqual(['activity.activityDate', 'activity.subject', 'activity.typeId', 'opportunityIds[1]'].sort());
    expect(await total()).toBe(before);
    expect((await readOpportunity(server, id))?.activities?.totalModels).toBe(0);
  });
});

describe('removeOpportunity', () => {
  const REMOVE =
    'mutation($id: ID!) { removeOpportunity(id: $id) { isSuccessful validationErrors { propertyName message } } }';

  it('removes the opportunity from opportunity and opportunities', async () => {
    const id = await addOpportunity(server, { title: 'Short-lived', opportunityTypeId: fx.activeTypeId });
    const res = dataOf(await server.gql<{ removeOpportunity: unknown }>(REMOVE, { id })).removeOpportunity;
    expect(res).toEqual({ isSuccessful: true, validationErrors: [] });
    expect(await readOpportunity(server, id)).toBeNull();
    expect((await readAll(server)).some((o) => o.id === id)).toBe(false);
  });

  it('reports an unknown id and a hidden confidential opportunity, removing nothing', async () => {
    const before = await readAll(server);
    const unknown = dataOf(
      await server.gql<{ removeOpportunity: unknown }>(REMOVE, { id: 'nope' }),
    ).removeOpportunity;
    expect(unknown).toEqual({
      isSuccessful: false,
      validationErrors: [{ propertyName: 'id', message: 'No opportunity exists with id "nope".' }],
    });
    const hidden = before.find((o) => o.shouldBeHidden)!;
    const refused = dataOf(
      await server.gql<{ removeOpportunity: { isSuccessful: boolean; validationErrors: unknown[] } }>(
        REMOVE,
        { id: hidden.id },
      ),
    ).removeOpportunity;
    expect(refused.isSuccessful).toBe(false);
    expect(refused.validationErrors).toEqual([
      { propertyName: 'id', message: expect.stringMatching(/confidential/) },
    ]);
    expect(await readAll(server)).toEqual(before);
  });
});
