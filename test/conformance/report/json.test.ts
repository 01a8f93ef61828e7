import { describe, expect, it } from '@jest/globals';
import { renderJson } from '../../../src/conformance/report/json.js';
import { buildRunResult, coverageOf } from '../../../src/conformance/results/build.js';
import type { RunResult, ScenarioResult } from '../../../src/conformance/results/run-result.js';

const CATALOGUES = { specRules: [], assumptions: [] };

/** A run of one passed step whose request and response carry `texts`, under run id `runId`. */
function runWith(runId: string, texts: string[]): RunResult {
  const scenario: ScenarioResult = {
    scenarioId: 'lists.masking',
    title: 'masking',
    file: 'lists/masking.yaml',
    area: 'lists',
    tags: [],
    revision: '1.4.0',
    status: 'passed',
    durationMs: 3,
    steps: [
      {
        stepId: 'add',
        phase: 'test',
        status: 'passed',
        request: {
          method: 'POST',
          url: 'http://127.0.0.1/1.4.0/public-api/graphql',
          headers: {},
          body: { query: 'mutation { addList { id } }', variables: { names: texts } },
        },
        response: {
          status: 200,
          contentType: 'application/json',
          body: { texts },
          durationMs: 1,
          attempts: 1,
        },
        differences: [],
      },
    ],
  };
  return buildRunResult({
    tool: 'rm-harness conform',
    runId,
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:00:01.000Z',
    target: { label: 'sim', isSimulator: true },
    revisions: ['1.4.0'],
    options: { allowMutations: false, tags: [], scenarios: [] },
    scenarios: [scenario],
    drift: [],
    coverage: coverageOf([], [scenario], ['1.4.0'], CATALOGUES),
  });
}

describe('renderJson masking', () => {
  it('masks every generated value and the run id wherever they occur, and nothing else', () => {
    const generated = ['a.b', 'x+y', 'dup', 'dup'];
    const texts = ['a.b and a.b', 'axb stays', 'x+y/xxy', 'dup', 'run-7 then a.bx+y', 'plain'];
    const parsed = JSON.parse(renderJson(runWith('run-7', texts), { generated })) as {
      runId: string;
      scenarios: { steps: { response: { body: { texts: string[] } } }[] }[];
    };
    expect(parsed.runId).toBe('<run-id>');
    expect(parsed.scenarios[0]?.steps[0]?.response.body.texts).toEqual([
      '<generated-1> and <generated-1>',
      // A value with pattern characters is matched as text: `a.b` does not match `axb`.
      'axb stays',
      '<generated-2>/xxy',
      // A value generated twice is masked with its first number.
      '<generated-3>',
      '<run-id> then <generated-1><generated-2>',
      'plain',
    ]);
  });

  it('masks the run id alone when nothing was generated', () => {
    const json = renderJson(runWith('run-8', ['run-8', 'other']));
    expect(json).toContain('"<run-id>"');
    expect(json).not.toContain('run-8');
  });
});
