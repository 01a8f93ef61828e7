// The commands' own logic fed directly: which commands a contract yields, their preconditions, the
// references they choose, the removal steps, and what an answer to an invalid input must be.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { buildRevisionSchema } from '../../src/contract/generate.js';
import { commandArbitraries, decideInvalid } from '../../src/fuzz/commands.js';
import {
  chooseRefs,
  entityArbitraries,
  generatedEntities,
  removeStep,
} from '../../src/fuzz/entity-commands.js';
import { emptyModel, type EntityHandle, type FuzzModel } from '../../src/fuzz/model.js';

const schema = buildRevisionSchema('1.4.0');
const entities = generatedEntities(schema, true);

/** The names (first word of `toString`) of many commands drawn from the arbitraries. */
function commandNames(arbs: fc.Arbitrary<{ toString(): string }>[]): Set<string> {
  const all = fc.oneof(...arbs);
  return new Set(fc.sample(all, { numRuns: 400, seed: 1 }).map((c) => c.toString().split(' ')[0] ?? ''));
}

const handle = (type: string, capture: string, refs: EntityHandle['refs'] = []): EntityHandle => ({
  type,
  capture,
  name: capture,
  refs,
});

describe('commandArbitraries', () => {
  it('reads only without mutations, and writes, links and crosses regions when allowed', () => {
    expect([...commandNames(commandArbitraries(schema, false))].sort()).toEqual([
      'default',
      'paging',
      'read',
      'sorted',
    ]);
    const all = commandNames(commandArbitraries(schema, true, entities, true));
    for (const name of [
      'addList',
      'removeList',
      'link',
      'invalid',
      'isolation',
      'create',
      'remove',
      'region',
    ])
      expect(all).toContain(name);
    expect(commandNames(commandArbitraries(schema, true, entities, false))).not.toContain('region');
  });
});

describe('sorted reads', () => {
  it('sort every paged query with an enum sort field by each of its values found on the items, in both directions and none', () => {
    const sorted = fc
      .sample(fc.oneof(...commandArbitraries(schema, false)), { numRuns: 3000, seed: 3 })
      .map((c) => c.toString())
      .filter((t) => t.startsWith('sorted '));
    for (const expected of [
      'sorted activities by Date Descending',
      'sorted activities by Date (no direction)',
      'sorted firmContactEventViews by eventDate Ascending',
      'sorted opportunities by dateOpened Descending',
      'sorted objectives by name Ascending',
    ])
      expect(sorted).toContain(expected);
    // A generic SortInput names its field as a String the contract does not enumerate: not sorted blindly.
    expect(
      sorted.some((t) => t.startsWith('sorted searchFirmContacts') || t.startsWith('sorted lists')),
    ).toBe(false);
  });
});

describe('entity commands', () => {
  const objectiveRemovals = fc
    .sample(fc.oneof(...entityArbitraries(schema, entities)), { numRuns: 600, seed: 2 })
    .filter((c) => c.toString().startsWith('remove Objective'));

  it('never remove an entity another one requires', () => {
    expect(objectiveRemovals.length).toBeGreaterThan(0);
    const m: FuzzModel = emptyModel();
    m.entities = [handle('Objective', 'objective1')];
    expect(objectiveRemovals.every((c) => c.check(m))).toBe(true);
    m.entities.push(
      handle('Initiative', 'initiative1', [
        { field: 'objectiveId', type: 'Objective', capture: 'objective1', required: true },
      ]),
    );
    expect(objectiveRemovals.some((c) => c.check(m))).toBe(false);
  });

  it('choose required references always, optional ones on odd picks, never a restricted one (a lead)', () => {
    const m = emptyModel();
    m.entities = [handle('Company', 'company9'), handle('Company', 'company8')];
    m.seeded = { Company: ['company1'], Person: ['person1'] };
    const refs = [
      { field: 'objectiveId', type: 'Objective', required: true, list: false },
      { field: 'targetCompanyId', type: 'Company', required: false, list: false },
      { field: 'leadId', type: 'Person', required: false, list: false },
    ];
    expect(chooseRefs(m, refs, [0, 2, 1])).toEqual([]);
    expect(chooseRefs(m, refs, [0, 1, 1])).toEqual([
      { field: 'targetCompanyId', type: 'Company', capture: 'company8', required: false, list: false },
    ]);
    expect(chooseRefs(m, refs, [0, 3, 1])[0]?.capture).toBe('company9');
    expect(chooseRefs(m, refs, [0, 5, 1])[0]?.capture).toBe('company1');
    m.entities.push(handle('Objective', 'objective1'));
    expect(chooseRefs(m, refs, [2, 0, 1]).map((r) => r.capture)).toEqual(['objective1']);
  });

  it('remove with an asserted result in a test, and without one in the teardown', () => {
    const objective = entities.find((e) => e.type === 'Objective');
    if (!objective) throw new Error('no Objective links');
    const h = handle('Objective', 'objective1');
    const test = removeStep(objective, h, 'test');
    expect(test).toMatchObject({ id: 'removeObjective', variables: { id: '${captures.objective1}' } });
    expect(test.document).toMatch(/r: removeObjective\(\w+: \$id\)/);
    expect(test.expect?.length).toBe(1);
    expect(removeStep(objective, h, 'teardown')).toMatchObject({
      id: 'cleanObjective',
      phase: 'teardown',
      expect: [],
    });
    const company = entities.find((e) => e.type === 'Company');
    if (company) expect(() => removeStep(company, handle('Company', 'c'), 'test')).toThrow(/no removal/);
  });
});

describe('decideInvalid', () => {
  const accepted = (body: unknown): boolean =>
    (body as { data?: { addWorkingList?: { success?: boolean } } }).data?.addWorkingList?.success === true;
  const decide = (kind: 'graphql' | 'reject' | 'either', body: unknown) =>
    decideInvalid(
      kind,
      'addWorkingList',
      accepted,
    )(body).map((e) => {
      const { basis, ...rest } = e as { basis?: string[] };
      expect(basis).toEqual(['A-173']);
      return rest;
    });
  const ok = { data: { addWorkingList: { success: true, item: { id: '1' } } } };

  it('holds a type error to a GraphQL error, whatever came back', () => {
    expect(decide('graphql', ok)).toEqual([{ error: {} }]);
    expect(decide('reject', { errors: [{ message: 'bad' }], data: null })).toEqual([{ error: {} }]);
  });

  it('holds a refusal by validationErrors or success: false to what it said', () => {
    const refused = {
      data: { addWorkingList: { validationErrors: [{ propertyName: 'name', message: 'x' }] } },
    };
    expect(decide('reject', refused)).toEqual([{ validationErrors: ['name'] }]);
    expect(decide('reject', { data: { addWorkingList: { success: false } } })).toEqual([
      { path: 'data.addWorkingList.success', equals: false },
    ]);
  });

  it('lets an either-kind value be accepted, and never a rejected one', () => {
    expect(decide('either', ok)).toEqual([]);
    expect(decide('reject', ok)).toEqual([{ path: 'data.addWorkingList', equals: null }]);
  });
});
