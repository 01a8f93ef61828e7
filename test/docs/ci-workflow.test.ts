// The two workflows a consumer copies (a vendor-QA repository's nightly certification, a partner
// application's checks) are valid GitHub Actions workflows by @action-validator (GitHub's schemas), name
// the action in one marked line at the top, run on Node 22, pass only inputs action.yml declares and run
// only commands the CLI has. A newcomer changes that one line and the workflow still parses.
import { describe, expect, it } from '@jest/globals';
import { validateAction, validateWorkflow } from '@action-validator/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { commands } from '../../src/cli/commands/index.js';
import { PROJECT_ROOT } from './sandbox.js';

const WORKFLOWS = [
  'docs/examples/vendor-qa.github-workflow.yml',
  'docs/examples/partner-app.github-workflow.yml',
];
const PLACEHOLDER = '<owner>/rm-api-harness@<ref>';

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  if?: string;
}
interface Workflow {
  name?: string;
  on?: Record<string, unknown>;
  jobs?: Record<string, { 'runs-on'?: string; steps?: Step[] }>;
}

const read = (file: string): string => readFileSync(join(PROJECT_ROOT, file), 'utf8');
const action = parseDocument(read('action.yml')).toJS() as { inputs: Record<string, unknown> };
/** The command names `rm-harness` accepts (the first word of each command's yargs definition). */
const cliCommands = commands.map((c) => String(c({ io: process, exitCode: 0 }).command).split(' ')[0]);

/** The validator's complaints, as short lines (empty when the file is valid). */
function complaints(result: { errors: unknown[] }): string[] {
  return result.errors.map((e) => JSON.stringify(e).slice(0, 300));
}

it('action.yml is a valid action by @action-validator, and the validator notices a broken one', () => {
  expect(complaints(validateAction(read('action.yml')))).toEqual([]);
  const broken = read('action.yml').replace('runs:\n  using: composite', 'runs:\n  usin: composite');
  expect(complaints(validateAction(broken)).length).toBeGreaterThan(0);
});

describe.each(WORKFLOWS)('%s', (file) => {
  const text = read(file);
  const doc = parseDocument(text);
  const workflow = doc.toJS() as Workflow;
  const steps = Object.values(workflow.jobs ?? {}).flatMap((job) => job.steps ?? []);

  it('is a valid workflow by @action-validator, and the validator notices a broken one', () => {
    expect(doc.errors).toEqual([]);
    expect(complaints(validateWorkflow(text))).toEqual([]);
    expect(complaints(validateWorkflow(text.replace('runs-on:', 'runs-onn:'))).length).toBeGreaterThan(0);
  });

  it('names the action in one marked line near the top, which every harness step takes', () => {
    const lines = text.split('\n');
    const naming = lines.filter((l) => !l.trimStart().startsWith('#') && l.includes('rm-api-harness@'));
    expect(naming).toHaveLength(1);
    expect(naming[0]).toContain(PLACEHOLDER);
    expect(naming[0]).toContain('CHANGE ME');
    expect(lines.indexOf(naming[0] ?? '')).toBeLessThan(20);
    const harness = steps.filter((s) => !s.uses?.startsWith('actions/') && s.uses !== undefined);
    expect(harness.length).toBeGreaterThan(0);
    for (const step of harness) expect(step.uses).toBe(PLACEHOLDER);
  });

  it('still validates once that line names a real repository and ref', () => {
    // What a newcomer does: edit the marked line, nothing else.
    const copied = text
      .split('\n')
      .map((l) =>
        l.includes('CHANGE ME') && !l.trimStart().startsWith('#')
          ? l.replace(PLACEHOLDER, 'acme/rm-api-harness@v0.1.0')
          : l,
      )
      .join('\n');
    expect(complaints(validateWorkflow(copied))).toEqual([]);
    const uses = Object.values((parseDocument(copied).toJS() as Workflow).jobs ?? {})
      .flatMap((job) => job.steps ?? [])
      .map((s) => s.uses)
      .filter((u) => u?.includes('rm-api-harness'));
    expect(new Set(uses)).toEqual(new Set(['acme/rm-api-harness@v0.1.0']));
  });

  it('runs on Node 22 and passes only inputs action.yml declares', () => {
    const setups = steps.filter((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(setups.length).toBeGreaterThan(0);
    for (const setup of setups) expect(setup.with?.['node-version']).toBe(22);
    for (const step of steps.filter((s) => s.uses === PLACEHOLDER))
      expect(Object.keys(step.with ?? {}).filter((k) => !(k in action.inputs))).toEqual([]);
  });

  it('runs only rm-harness commands the CLI has, through the installed bin (no npm scripts of this repository)', () => {
    const runs = steps.flatMap((s) => (s.run ? [s.run] : [])).join('\n');
    const harness = [...runs.matchAll(/node "\$RM_HARNESS_BIN" ([\w-]+)/g)].map((m) => m[1]);
    expect(harness.length).toBeGreaterThan(0);
    expect(harness.filter((c) => !cliCommands.includes(c))).toEqual([]);
    expect(runs).not.toMatch(/npm run |npx rm-harness|uses: \.\//);
  });

  it('uploads its reports even when a step failed', () => {
    const uploads = steps.filter((s) => s.uses?.startsWith('actions/upload-artifact@'));
    expect(uploads.length).toBeGreaterThan(0);
    for (const upload of uploads) expect(upload.if).toBe('always()');
  });
});

describe(WORKFLOWS[1] ?? '', () => {
  const steps = Object.values(
    (parseDocument(read(WORKFLOWS[1] ?? '')).toJS() as Workflow).jobs ?? {},
  ).flatMap((job) => job.steps ?? []);
  const runs = steps.map((s) => s.run ?? '');

  it('checks the documents on both revisions, starts the simulator before the tests and stops it always', () => {
    const check = runs.findIndex((r) => r.includes('check-documents') && r.includes('--version all'));
    const start = runs.findIndex((r) => r.includes('serve --port 4000'));
    const tests = runs.findIndex((r) => r === 'npm test');
    const stop = steps.findIndex((s) => s.run?.includes('kill "$RM_SIMULATOR_PID"'));
    expect(check).toBeGreaterThan(-1);
    expect(start).toBeGreaterThan(check);
    expect(tests).toBeGreaterThan(start);
    expect(stop).toBeGreaterThan(tests);
    expect(steps[stop]?.if).toBe('always()');
  });
});
