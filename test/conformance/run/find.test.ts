// A step's `find`: the scenario runs on an item that has what it needs, and where the tenant holds none
// the rest is skipped with the author's reason (a skip the verdict counts), never a difference.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { conform } from '../../../src/conformance/run/conform.js';
import { verdictOf } from '../../../src/conformance/results/verdict.js';
import type { LoadedScenario, Scenario } from '../../../src/conformance/scenario/types.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { simulatorTargetOf } from '../helpers/any-data.js';

const SEARCH = 'query { searchFirmContacts(limit: 100) { models { id displayName contactEntity } } }';

const scenarioFinding = (where: string, expectOnFound: string): Scenario => ({
  id: 'find.person',
  title: 'a person found by a property',
  revisions: ['1.4.0'],
  tags: [],
  spec: [],
  assumptions: [],
  steps: [
    {
      id: 'search',
      document: SEARCH,
      find: {
        personId: {
          path: `data.searchFirmContacts.models[?${where}].id`,
          skip: 'no such person on the first page',
        },
      },
      expect: [{ path: `data.searchFirmContacts.models[?${where}].contactEntity`, equals: expectOnFound }],
    },
    {
      id: 'read',
      document: 'query Read($id: ID!) { contact(id: $id) { id } }',
      variables: { id: '${captures.personId}' },
      expect: [{ path: 'data.contact.id', equals: '${captures.personId}' }],
    },
    {
      id: 'undo',
      phase: 'teardown',
      document: 'query Read($id: ID!) { contact(id: $id) { id } }',
      variables: { id: '${captures.personId}' },
    },
  ],
});

describe('find', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });
  const run = (scenario: Scenario) =>
    conform({
      scenarios: [{ scenario, file: 'find.yaml' } satisfies LoadedScenario],
      target: simulatorTargetOf(server, 'us'),
      revisions: ['1.4.0'],
      allowMutations: true,
      http: { timeoutMs: 10_000, retries: 0 },
      drift: false,
    });

  it('runs the later steps on the item found, and judges the step’s expectations on it', async () => {
    const result = await run(scenarioFinding('contactEntity=Person', 'Person'));
    const [only] = result.scenarios;
    expect(only?.status).toBe('passed');
    expect(only?.steps.map((s) => s.status)).toEqual(['passed', 'passed', 'passed']);
    const broken = await run(scenarioFinding('contactEntity=Person', 'Company'));
    expect(broken.scenarios[0]?.steps[0]?.status).toBe('failed');
  });

  it('skips the rest with the named reason when nothing qualifies: a skip the verdict counts, no difference', async () => {
    // The expectation would fail on any item: with none found it is not judged.
    const result = await run(scenarioFinding('displayName=Nobody At All', 'Company'));
    const [only] = result.scenarios;
    expect(only?.status).toBe('passed');
    expect(only?.steps.map((s) => [s.stepId, s.status, s.note])).toEqual([
      ['search', 'skipped', 'no such person on the first page'],
      ['read', 'skipped', 'no such person on the first page'],
      ['undo', 'skipped', 'no such person on the first page'],
    ]);
    expect(only?.steps.flatMap((s) => s.differences)).toEqual([]);
    expect(result.skips?.runs.map((r) => [r.stepId, r.reason])).toContainEqual([
      'read',
      'no such person on the first page',
    ]);
    // `contact` was exercised by no step that ran.
    expect(result.skips?.uncovered).toEqual([{ revision: '1.4.0', operations: ['Query.contact'] }]);
    expect(verdictOf(result)).toBe('partial');
  });

  it('resolves references in find paths: the row of an id an earlier step answered, wherever it sits', async () => {
    const byId = (first: string): Scenario => ({
      ...scenarioFinding('contactEntity=Person', 'Person'),
      id: 'find.by-id',
      steps: [
        {
          id: 'first',
          document: 'query { searchFirmContacts(skip: 3, limit: 1) { models { id } } }',
          capture: { wanted: first },
        },
        {
          id: 'search',
          document: SEARCH,
          find: {
            entity: {
              path: 'data.searchFirmContacts.models[?id=${captures.wanted}].contactEntity',
              skip: 'the contact is not on the first page',
            },
          },
          expect: [
            {
              path: 'data.searchFirmContacts.models[?id=${captures.wanted}].id',
              equals: '${captures.wanted}',
            },
          ],
        },
      ],
    });
    const found = await run(byId('data.searchFirmContacts.models[0].id'));
    expect(found.scenarios[0]?.steps.map((s) => s.status)).toEqual(['passed', 'passed']);
    // Left unresolved, the find would look for the text `${captures.wanted}` and skip the step.
    // A reference to a capture never made is an error of that step, not a find that met nothing.
    const unresolved = await run(byId('data.nowhere'));
    expect(unresolved.scenarios[0]?.steps.map((s) => [s.stepId, s.status])).toEqual([
      ['first', 'passed'],
      ['search', 'error'],
    ]);
    expect(unresolved.scenarios[0]?.steps[1]?.note).toMatch(/wanted/);
  });
});
