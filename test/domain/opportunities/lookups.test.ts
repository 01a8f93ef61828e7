import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestServer, type TestServer } from '../../helpers/server.js';
import { addOpportunity, eventTypes, readAll, readOpportunity, ruleErrors, type Opp } from './helpers.js';

let server: TestServer;
let seeded: Opp[];

beforeAll(async () => {
  server = await startTestServer();
  seeded = await readAll(server);
});
afterAll(async () => {
  await server.close();
});

type Item = { id: string; name: string; description: string | null; isActive: boolean; outcomeId?: string };
type Patch = {
  validationErrors: Array<{ propertyName: string; message: string }>;
  addItems: Item[];
  updateItems: Item[];
};

async function patch(name: string, inputType: string, items: unknown[], withOutcome = false): Promise<Patch> {
  const fields = `id name description isActive${withOutcome ? ' outcomeId' : ''}`;
  const res = await server.gql<Record<string, Patch>>(
    `mutation($input: ${inputType}!) { ${name}(input: $input) {
       validationErrors { propertyName message } addItems { ${fields} } updateItems { ${fields} } } }`,
    { input: { items } },
  );
  return dataOf(res)[name]!;
}

const patchType = (items: unknown[]) => patch('patchOpportunityType', 'OpportunityTypeInput', items);
const patchSource = (items: unknown[]) =>
  patch('patchOpportunityOriginationSource', 'OpportunityOriginationSourceInput', items);
const patchReason = (items: unknown[]) =>
  patch('patchOpportunityOutcomeReason', 'OpportunityOutcomeReasonInput', items, true);

describe('patchOpportunityType (A-46, A-48)', () => {
  it('adds a type (with the default stage template), updates it, and deactivating keeps it on its opportunities', async () => {
    const added = await patchType([{ name: 'Secondment', description: 'Lawyer on loan to a client.' }]);
    expect(added.validationErrors).toEqual([]);
    expect(added.updateItems).toEqual([]);
    const type = added.addItems[0]!;
    expect(type).toEqual({
      id: expect.any(String),
      name: 'Secondment',
      description: 'Lawyer on loan to a client.',
      isActive: true,
    });

    const id = await addOpportunity(server, { title: 'Secondment for Harbour', opportunityTypeId: type.id });
    expect(await readOpportunity(server, id)).toMatchObject({
      opportunityType: type,
      currentStage: { stageOrder: 1, stageName: 'Identified' },
    });

    const updated = await patchType([{ id: type.id, name: 'Client Secondment', isActive: false }]);
    expect(updated).toEqual({
      validationErrors: [],
      addItems: [],
      updateItems: [
        {
          id: type.id,
          name: 'Client Secondment',
          description: 'Lawyer on loan to a client.',
          isActive: false,
        },
      ],
    });
    // The opportunity keeps its now inactive type, shown with the new values.
    expect((await readAll(server)).find((o) => o.id === id)?.opportunityType).toEqual(updated.updateItems[0]);
    // …but new opportunities cannot use it.
    const refused = await server.gql(
      'mutation($t: ID!) { addOpportunity(input: { title: "x", opportunityTypeId: $t }) { id } }',
      { t: type.id },
    );
    expect(ruleErrors(refused)).toEqual([
      { propertyName: 'opportunityTypeId', message: expect.stringMatching(/inactive/) },
    ]);
    // Re-saving the details with the inactive type it already has is allowed.
    const kept = await server.gql(
      'mutation($id: ID!, $t: ID!) { updateOpportunityDetails(input: { opportunityId: $id, opportunityTypeId: $t }) { opportunityId } }',
      {
        id,
        t: type.id,
      },
    );
    expect(dataOf(kept)).toEqual({ updateOpportunityDetails: { opportunityId: id } });
  });

  it('reports unknown ids, missing and duplicate names at once, and writes nothing', async () => {
    const existing = seeded[0]!.opportunityType!;
    const res = await patchType([
      { name: 'Brand new' },
      { id: 'nope', name: 'x' },
      { description: 'no name' },
      { name: existing.name.toUpperCase() },
    ]);
    expect(res.addItems).toEqual([]);
    expect(res.updateItems).toEqual([]);
    expect(res.validationErrors.map((e) => e.propertyName)).toEqual([
      'items[1].id',
      'items[2].name',
      'items[3].name',
    ]);
    const again = await patchType([{ name: 'Brand new' }]);
    expect(again.validationErrors).toEqual([]);
  });
});

describe('patchOpportunityOriginationSource (A-46)', () => {
  it('adds and updates sources; an inactive source stays on its opportunities but is refused for new ones', async () => {
    const added = (
      await patchSource([{ name: 'Podcast', description: 'Heard us on a podcast.', isActive: true }])
    ).addItems[0]!;
    expect(added).toMatchObject({ name: 'Podcast', isActive: true });
    const typeId = seeded.find((o) => o.opportunityType?.isActive)!.opportunityType!.id;
    const id = await addOpportunity(server, {
      title: 'From the podcast',
      opportunityTypeId: typeId,
      originationSourceId: added.id,
    });
    expect((await readOpportunity(server, id))?.originationSource).toEqual(added);

    const updated = await patchSource([{ id: added.id, isActive: false, description: null }]);
    expect(updated.updateItems).toEqual([
      { id: added.id, name: 'Podcast', description: null, isActive: false },
    ]);
    expect((await readOpportunity(server, id))?.originationSource).toEqual(updated.updateItems[0]);
    const refused = await server.gql(
      'mutation($t: ID!, $s: ID!) { addOpportunity(input: { title: "x", opportunityTypeId: $t, originationSourceId: $s }) { id } }',
      { t: typeId, s: added.id },
    );
    expect(ruleErrors(refused).map((e) => e.propertyName)).toEqual(['originationSourceId']);
  });

  it('reports an empty name on update', async () => {
    const source = seeded.find((o) => o.originationSource)!.originationSource!;
    const res = await patchSource([{ id: source.id, name: '  ' }]);
    expect(res.validationErrors).toEqual([{ propertyName: 'items[0].name', message: expect.any(String) }]);
    expect(
      (await readOpportunity(server, seeded.find((o) => o.originationSource)!.id))?.originationSource?.name,
    ).toBe(source.name);
  });
});

describe('patchOpportunityOutcomeReason (A-46)', () => {
  const outcomeOf = () => seeded.find((o) => o.actualOutcome)!;

  it('adds a reason to an outcome (listed in reasons), deactivating hides it there but keeps it on opportunities', async () => {
    const outcome = outcomeOf().actualOutcome!;
    const added = (await patchReason([{ name: 'Partner chemistry', outcomeId: outcome.id }])).addItems[0]!;
    expect(added).toMatchObject({ name: 'Partner chemistry', outcomeId: outcome.id, isActive: true });
    const reasonIds = async (oppId: string) =>
      ((await readOpportunity(server, oppId))?.actualOutcome?.reasons ?? []).map((r) => r.id);
    expect(await reasonIds(outcomeOf().id)).toContain(added.id);

    const typeId = seeded.find((o) => o.opportunityType?.isActive)!.opportunityType!.id;
    const id = await addOpportunity(server, {
      title: 'Closed with the new reason',
      opportunityTypeId: typeId,
    });
    const close = (reason: string) =>
      server.gql<{
        updateOpportunityStatus: { id: string | null; validationErrors: Array<{ propertyName: string }> };
      }>(
        'mutation($id: ID!, $o: ID!, $r: ID!) { updateOpportunityStatus(input: { opportunityId: $id, status: closed, outcomeId: $o, outcomeReasonIds: [$r] }) { id validationErrors { propertyName } } }',
        { id, o: outcome.id, r: reason },
      );
    expect(dataOf(await close(added.id)).updateOpportunityStatus.id).toBe(id);

    const deactivated = await patchReason([{ id: added.id, isActive: false }]);
    expect(deactivated.updateItems).toEqual([{ ...added, isActive: false }]);
    expect(await reasonIds(outcomeOf().id)).not.toContain(added.id);
    expect((await readOpportunity(server, id))?.actualOutcomeReason).toMatchObject({ id: added.id });
    // Closing again with it is fine for the opportunity that has it; another one is refused.
    expect(dataOf(await close(added.id)).updateOpportunityStatus.id).toBe(id);
    const other = await addOpportunity(server, { title: 'Other', opportunityTypeId: typeId });
    const refused = await server.gql<{
      updateOpportunityStatus: { validationErrors: Array<{ propertyName: string }> };
    }>(
      'mutation($id: ID!, $o: ID!, $r: ID!) { updateOpportunityStatus(input: { opportunityId: $id, status: closed, outcomeId: $o, outcomeReasonIds: [$r] }) { validationErrors { propertyName } } }',
      { id: other, o: outcome.id, r: added.id },
    );
    expect(dataOf(refused).updateOpportunityStatus.validationErrors).toEqual([
      { propertyName: 'outcomeReasonIds[0]' },
    ]);
  });

  it('needs an existing outcome for a new reason', async () => {
    const res = await patchReason([{ name: 'No outcome' }, { name: 'Bad outcome', outcomeId: 'nope' }]);
    expect(res.validationErrors.map((e) => e.propertyName)).toEqual([
      'items[0].outcomeId',
      'items[1].outcomeId',
    ]);
    expect(res.addItems).toEqual([]);
  });
});

describe('updateOpportunityStageTemplates (A-48)', () => {
  const run = (input: Record<string, unknown>) =>
    server.gql<{
      updateOpportunityStageTemplates: {
        id: string | null;
        validationErrors: Array<{ propertyName: string }>;
      };
    }>(
      'mutation($input: UpdateOpportunityStageTemplateInput!) { updateOpportunityStageTemplates(input: $input) { id validationErrors { propertyName message } } }',
      { input },
    );

  it('replaces the stages; stage names of existing instances follow by stageOrder, and moves use the new stages', async () => {
    const type = (await patchType([{ name: 'Template test' }])).addItems[0]!;
    const id = await addOpportunity(server, { title: 'Follows the template', opportunityTypeId: type.id });
    const res = await run({
      id: type.id,
      stageTemplates: [
        { stageOrder: 2, stageName: 'Scoping' },
        { stageOrder: 1, stageName: 'Lead' },
        { stageOrder: 5, stageName: 'Won' },
      ],
    });
    expect(dataOf(res).updateOpportunityStageTemplates).toEqual({ id: type.id, validationErrors: [] });
    expect((await readOpportunity(server, id))?.currentStage).toMatchObject({
      stageOrder: 1,
      stageName: 'Lead',
    });
    // The renamed current stage is a change of currentStage (§6).
    expect(await eventTypes(server, id)).toEqual([
      'DateOpenedChanged',
      'CurrentStageChanged',
      'StatusChanged',
      'CurrentStageChanged',
    ]);
    const moved = await server.gql(
      'mutation($id: ID!) { updateOpportunityStageInstances(input: { opportunityId: $id, stageOrder: 5 }) { opportunityId } }',
      { id },
    );
    expect(dataOf(moved)).toEqual({ updateOpportunityStageInstances: { opportunityId: id } });
    expect((await readAll(server)).find((o) => o.id === id)?.stageInstances.map((s) => s.stageName)).toEqual([
      'Lead',
      'Won',
    ]);
    const oldStage = await server.gql(
      'mutation($id: ID!) { updateOpportunityStageInstances(input: { opportunityId: $id, stageOrder: 4 }) { opportunityId } }',
      { id },
    );
    expect(ruleErrors(oldStage).map((e) => e.propertyName)).toEqual(['stageOrder']);
  });

  it('reports an unknown template, duplicate orders and empty names, changing nothing', async () => {
    const opp = seeded.find((o) => !o.shouldBeHidden)!;
    const res = dataOf(
      await run({
        id: opp.opportunityType!.id,
        stageTemplates: [
          { stageOrder: 1, stageName: 'A' },
          { stageOrder: 1, stageName: 'B' },
          { stageOrder: 2, stageName: ' ' },
          { stageOrder: 0, stageName: 'Zero' },
        ],
      }),
    ).updateOpportunityStageTemplates;
    expect(res.id).toBeNull();
    expect(res.validationErrors.map((e) => e.propertyName)).toEqual([
      'stageTemplates[1].stageOrder',
      'stageTemplates[2].stageName',
      'stageTemplates[3].stageOrder',
    ]);
    const unknown = dataOf(await run({ id: 'nope', stageTemplates: [] })).updateOpportunityStageTemplates;
    expect(unknown.validationErrors.map((e) => e.propertyName)).toEqual(['id', 'stageTemplates']);
    expect((await readOpportunity(server, opp.id))?.stageInstances).toEqual(
      opp.stageInstances.map((s) => expect.objectContaining({ stageName: s.stageName })),
    );
  });
});
