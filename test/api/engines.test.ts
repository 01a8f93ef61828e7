// Issue 33, compiled execution: every scenario's documents (conformance/**/*.yaml, with their variables,
// steps in order so captured ids flow on) run through graphql-jit and through graphql-js against the
// in-process simulator, and the answers must be the same bytes: data, errors, extensions, key order.
import { afterAll, describe, expect, it } from '@jest/globals';
import { createSimulator, type InMemorySimulator, type Region, type Version } from '../../src/index.js';
import { getAtPath } from '../../src/conformance/index.js';
import { interpolate } from '../../src/conformance/scenario/interpolate.js';
import { loadScenarios } from '../../src/conformance/scenario/load.js';

const NOW = new Date('2026-03-02T09:30:00.000Z');
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** One engine's simulator and what its answers are compared with: ids it generated, by first appearance. */
class Run {
  readonly sim: InMemorySimulator;
  private readonly ids = new Map<string, string>();
  private uuids = 0;

  constructor(engine: 'jit' | 'graphql-js') {
    this.sim = createSimulator({ profile: 'small', seed: 7, engine, now: () => NOW });
  }

  /** The answer as bytes, with generated ids (random UUIDs) numbered in the order they first appear. */
  bytes(answer: unknown): string {
    return JSON.stringify(answer).replace(UUID, (id) => {
      if (!this.ids.has(id)) this.ids.set(id, `<id ${this.ids.size}>`);
      return this.ids.get(id)!;
    });
  }

  /** `${random.uuid}` of a scenario: the same sequence for both engines. */
  uuid = (): string => `00000000-0000-4000-8000-${String((this.uuids += 1)).padStart(12, '0')}`;
}

// A fresh pair per scenario: contacts other scenarios added carry random ids, and a page that ties two of
// them (the same display name) orders them by id, which differs between two simulators.
let runs = { js: new Run('graphql-js'), jit: new Run('jit') };
const fresh = async () => {
  await runs.js.sim.stop();
  await runs.jit.sim.stop();
  runs = { js: new Run('graphql-js'), jit: new Run('jit') };
};
afterAll(async () => {
  await runs.js.sim.stop();
  await runs.jit.sim.stop();
});

const { scenarios, errors } = loadScenarios();

describe('graphql-jit and graphql-js answer every scenario document with the same bytes', () => {
  it('loads the scenarios', () => {
    expect(errors).toEqual([]);
    expect(scenarios.length).toBeGreaterThan(50);
  });

  it.each(scenarios.map((s) => [s.file, s] as const))('%s', async (_file, { scenario }) => {
    await fresh();
    const differences: string[] = [];
    let compared = 0;
    for (const version of scenario.revisions as Version[]) {
      const state = {
        js: { steps: {} as Record<string, unknown>, captures: {} as Record<string, unknown> },
        jit: { steps: {} as Record<string, unknown>, captures: {} as Record<string, unknown> },
      };
      for (const step of scenario.steps) {
        if (step.revisions && !step.revisions.includes(version)) continue;
        const answers: Record<'js' | 'jit', unknown> = { js: undefined, jit: undefined };
        for (const engine of ['js', 'jit'] as const) {
          const run = runs[engine];
          const { steps, captures } = state[engine];
          const variables = interpolate(step.variables ?? {}, {
            steps,
            captures,
            runId: 'engines',
            uuid: run.uuid,
          });
          if (!variables.ok) continue;
          const answer = await run.sim.execute(step.document, {
            token: step.as === 'limited' ? 'dev-token-limited' : 'dev-token',
            region: (step.region ?? 'us') as Region,
            version,
            variables: variables.value as Record<string, unknown>,
            ...(step.operationName ? { operationName: step.operationName } : {}),
          });
          const body = JSON.parse(JSON.stringify(answer)) as unknown;
          steps[step.id] = body;
          for (const [name, path] of Object.entries(step.capture ?? {}))
            captures[name] = getAtPath(body, path).value;
          answers[engine] = answer;
        }
        if (answers.js === undefined && answers.jit === undefined) continue;
        compared += 1;
        const js = runs.js.bytes(answers.js);
        const jit = runs.jit.bytes(answers.jit);
        if (js !== jit) differences.push(`${version} ${step.id}:\n  graphql-js ${js}\n  jit        ${jit}`);
      }
    }
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(0);
  });
});
