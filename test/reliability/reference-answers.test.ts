// The simulator is the reference every comparison is made against, so a mutation's answer must be its
// own: what this request wrote, not whatever the store holds once the grouped disk write is done. Writes
// to a file-backed store are acknowledged in groups (one fsync for many transactions), which is where
// an answer read back from the live store after the wait picks up another request's write, or nothing
// at all when an admin reset replaced the data meanwhile.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestServer, type GqlResponse, type TestServer } from '../helpers/server.js';

const ADD_ACTIVITY = `mutation($input: AddActivityInput!) { addActivity(input: $input) { id subject } }`;
const UPDATE_ACTIVITY = `mutation($input: UpdateActivityInput!) {
  updateActivity(input: $input) { validationErrors { propertyName message } item { id subject } } }`;
const ACTIVITY_TYPE = `{ activityTypes(limit: 1) { models { id } } }`;
const ADD_OPPORTUNITY = `mutation($input: AddOpportunityInput!) { addOpportunity(input: $input) { id title } }`;

type AddActivity = { addActivity: { id: string; subject: string } | null };
type UpdateActivity = {
  updateActivity: {
    validationErrors: Array<{ propertyName: string; message: string }>;
    item: { id: string; subject: string } | null;
  };
};
type AddOpportunity = { addOpportunity: { id: string; title: string } | null };

describe('a mutation answers with its own write (file-backed store, grouped disk writes)', () => {
  let dataDir: string;
  let server: TestServer;
  let typeId: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'rm-reference-'));
    server = await startTestServer({ dataDir, inMemory: false });
    const types = dataOf(
      await server.gql<{ activityTypes: { models: Array<{ id: string }> } }>(ACTIVITY_TYPE),
    );
    typeId = types.activityTypes.models[0]!.id;
  });

  afterAll(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const addActivity = (subject: string) =>
    server.gql<AddActivity>(ADD_ACTIVITY, {
      input: { typeId, activityDate: '2026-01-02 03:04:05', subject },
    });

  it('200 concurrent updates of one activity: each answer carries the subject it wrote', async () => {
    const added = dataOf(await addActivity('before the race')).addActivity!;
    const subjects = Array.from({ length: 200 }, (_, i) => `concurrent subject ${i}`);
    const answers = await Promise.all(
      subjects.map((subject) =>
        server.gql<UpdateActivity>(UPDATE_ACTIVITY, { input: { id: added.id, subject } }),
      ),
    );
    const wrong = answers
      .map((answer, i) => ({ asked: subjects[i], got: dataOf(answer).updateActivity.item?.subject }))
      .filter(({ asked, got }) => asked !== got);
    expect(wrong).toEqual([]);
  });

  it('writes racing an admin reset: each answers an error or its own write, never a silent null', async () => {
    const subjects = Array.from({ length: 60 }, (_, i) => `racing a reset ${i}`);
    const writes = subjects.map(addActivity);
    const reset = server.admin('POST', '/tenants/dev-firm/reset', { regions: ['us'] });
    const answers: GqlResponse<AddActivity>[] = await Promise.all(writes);
    expect((await reset).status).toBe(200);
    const silent = answers.filter((answer) => !answer.errors?.length && !answer.data?.addActivity);
    expect(silent).toEqual([]);
    const mismatched = answers
      .map((answer, i) => ({ asked: subjects[i], got: answer.data?.addActivity?.subject }))
      .filter(({ got, asked }) => got !== undefined && got !== asked);
    expect(mismatched).toEqual([]);
  });

  it('addOpportunity racing an admin reset: an error or its own write, never a silent null', async () => {
    const found = dataOf(
      await server.gql<{ opportunities: { models: Array<{ opportunityType: { id: string } | null }> } }>(
        `{ opportunities(limit: 100) { models { opportunityType { id } } } }`,
      ),
    ).opportunities.models.find((opportunity) => opportunity.opportunityType);
    expect(found).toBeDefined();
    const titles = Array.from({ length: 60 }, (_, i) => `opportunity racing a reset ${i}`);
    const writes = titles.map((title) =>
      server.gql<AddOpportunity>(ADD_OPPORTUNITY, {
        input: { title, opportunityTypeId: found!.opportunityType!.id },
      }),
    );
    const reset = server.admin('POST', '/tenants/dev-firm/reset', { regions: ['us'] });
    const answers = await Promise.all(writes);
    expect((await reset).status).toBe(200);
    expect(answers.filter((answer) => !answer.errors?.length && !answer.data?.addOpportunity)).toEqual([]);
    const mismatched = answers
      .map((answer, i) => ({ asked: titles[i], got: answer.data?.addOpportunity?.title }))
      .filter(({ got, asked }) => got !== undefined && got !== asked);
    expect(mismatched).toEqual([]);
  });
});
