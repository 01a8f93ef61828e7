import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { VERSIONS } from '../../../src/contract/versions.js';
import { buildRunResult, coverageOf, type RunFacts } from '../../../src/conformance/results/build.js';
import { summarize } from '../../../src/conformance/results/summary.js';

const SRC = path.resolve('src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') ? [path.relative(SRC, full).split(path.sep).join('/')] : [];
  });
}

/** Assembling a run result by hand: its summary computed in place, as conform, the journal, fuzz and merge each did. */
const ASSEMBLES_A_RESULT = /summary:\s*summarize\(/;

const revision = VERSIONS[0];
const facts: RunFacts = {
  tool: 'rm-harness proxy',
  runId: 'run-1',
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:00:01.000Z',
  target: { label: 'upstream', isSimulator: false },
  revisions: [revision],
  options: { allowMutations: true, tags: [], scenarios: [] },
  scenarios: [
    {
      scenarioId: 'proxy.getContact',
      title: 'getContact through the proxy',
      file: '',
      area: 'proxy',
      tags: ['proxy'],
      revision,
      status: 'failed',
      steps: [],
      durationMs: 3,
    },
  ],
  drift: [],
  coverage: coverageOf([], [], [revision]),
};

describe('buildRunResult', () => {
  it('adds the format version and the summary derived from the facts, and keeps the facts as given', () => {
    const result = buildRunResult(facts);
    expect(result).toMatchObject({ ...facts, formatVersion: 1 });
    expect(result.summary).toEqual(summarize({ ...facts, formatVersion: 1 }));
    expect(result.summary).toMatchObject({ total: 1, failed: 1 });
  });

  it('is the only place a run result is assembled in src/', () => {
    const assembling = sourceFiles(SRC).filter((file) =>
      ASSEMBLES_A_RESULT.test(readFileSync(path.join(SRC, file), 'utf8')),
    );
    expect(assembling).toEqual(['conformance/results/build.ts']);
  });

  it('catches a result assembled by hand', () => {
    expect(ASSEMBLES_A_RESULT.test('return { ...partial, summary: summarize(partial) };')).toBe(true);
  });
});
