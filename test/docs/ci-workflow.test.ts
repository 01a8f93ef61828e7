// The example CI workflow the README links is valid YAML of the GitHub Actions shape, and everything it
// runs exists: npm scripts in package.json, rm-harness commands in the CLI.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { commands } from '../../src/cli/commands/index.js';
import { PROJECT_ROOT } from './sandbox.js';

const WORKFLOW = 'docs/examples/conformance.github-workflow.yml';

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

const text = readFileSync(join(PROJECT_ROOT, WORKFLOW), 'utf8');
const doc = parseDocument(text);
const workflow = doc.toJS() as Workflow;
const steps = Object.values(workflow.jobs ?? {}).flatMap((job) => job.steps ?? []);
const scripts = Object.keys(
  (
    JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts,
);
/** The command names `rm-harness` accepts (the first word of each command's yargs definition). */
const cliCommands = commands.map((c) => String(c({ io: process, exitCode: 0 }).command).split(' ')[0]);

describe(WORKFLOW, () => {
  it('is YAML without errors and has the shape of a GitHub Actions workflow', () => {
    expect(doc.errors).toEqual([]);
    expect(workflow.name).toBe('conformance');
    expect(Object.keys(workflow.on ?? {})).toEqual(expect.arrayContaining(['push', 'pull_request']));
    for (const [name, job] of Object.entries(workflow.jobs ?? {})) {
      expect({ name, runsOn: job['runs-on'], steps: (job.steps ?? []).length > 0 }).toEqual({
        name,
        runsOn: 'ubuntu-latest',
        steps: true,
      });
    }
  });

  it('checks out, sets up Node 20, installs with npm ci, runs the gate and uploads reports/ even on failure', () => {
    const uses = steps.map((s) => s.uses?.split('@')[0]);
    expect(uses).toEqual(
      expect.arrayContaining(['actions/checkout', 'actions/setup-node', 'actions/upload-artifact']),
    );
    for (const setup of steps.filter((s) => s.uses?.startsWith('actions/setup-node@'))) {
      expect(setup.with?.['node-version']).toBe(20);
    }
    expect(steps.some((s) => s.run === 'npm ci')).toBe(true);
    expect(steps.some((s) => s.run === 'npm run conform:ci')).toBe(true);
    for (const upload of steps.filter((s) => s.uses?.startsWith('actions/upload-artifact@'))) {
      expect({ path: upload.with?.['path'], if: upload.if }).toEqual({ path: 'reports/', if: 'always()' });
    }
  });

  it('runs only npm scripts that package.json has and rm-harness commands the CLI has', () => {
    const runs = steps.flatMap((s) => (s.run ? [s.run] : [])).join('\n');
    const npmScripts = [...runs.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]);
    const harness = [...runs.matchAll(/rm-harness ([\w-]+)/g)].map((m) => m[1]);
    expect(npmScripts.length + harness.length).toBeGreaterThan(0);
    expect(npmScripts.filter((s) => !scripts.includes(s ?? ''))).toEqual([]);
    expect(harness.filter((c) => !cliCommands.includes(c))).toEqual([]);
  });

  it("uses this repository's action.yml with inputs it declares", () => {
    const action = parseDocument(readFileSync(join(PROJECT_ROOT, 'action.yml'), 'utf8')).toJS() as {
      inputs: Record<string, unknown>;
    };
    const local = steps.filter((s) => s.uses === './');
    expect(local.length).toBeGreaterThan(0);
    for (const step of local) {
      expect(Object.keys(step.with ?? {}).filter((k) => !(k in action.inputs))).toEqual([]);
    }
  });
});
