// action.yml run as a GitHub runner runs a composite action: the action checked out at a tag into a
// folder of its own (GITHUB_ACTION_PATH), the steps run in a throw-away consumer folder (the workspace)
// with RUNNER_TEMP and GITHUB_OUTPUT, `${{ }}` expressions and `if:` conditions evaluated by GitHub's own
// expression library (@actions/expressions), and `uses:` steps standing in for what they do on a runner
// (Node is already there; the cache misses the first time and hits the second).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { data, Evaluator, Lexer, Parser } from '@actions/expressions';
import { truthy } from '@actions/expressions/result';
import { parseDocument } from 'yaml';
import { ROOT } from './packed-project.js';

const run = promisify(execFile);
const TAG = 'v0.0.0-runner-test';
/** The name of action.yml's build step, which runs only when the cache missed. */
const BUILD = 'Build the package (only when the cache has none)';

interface ActionStep {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
  'working-directory'?: string;
}
interface ActionFile {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { steps: ActionStep[] };
}

/** A context tree of strings as the expression library wants it. */
function dictionary(value: Record<string, unknown>): data.Dictionary {
  const dict = new data.Dictionary();
  for (const [key, v] of Object.entries(value))
    dict.add(key, typeof v === 'string' ? new data.StringData(v) : dictionary(v as Record<string, unknown>));
  return dict;
}

/** Evaluates one expression (the text inside `${{ }}`, or an `if:`) against the context. */
function evaluate(expression: string, context: Record<string, unknown>): data.ExpressionData {
  const lexed = new Lexer(expression).lex();
  const tree = new Parser(lexed.tokens, Object.keys(context), []).parse();
  return new Evaluator(tree, dictionary(context)).evaluate();
}

const asText = (value: data.ExpressionData): string => value.coerceString();
const substitute = (text: string, context: Record<string, unknown>): string =>
  text.replace(/\$\{\{(.*?)\}\}/g, (_m, expr: string) => asText(evaluate(expr.trim(), context)));

/** `KEY=value` lines of a GITHUB_OUTPUT file (the action writes no multi-line values). */
function outputsOf(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

interface Runner {
  actionPath: string;
  workspace: string;
  temp: string;
  /** Whether the Actions cache holds the built package (after a first run). */
  cached: boolean;
}

/** Runs action.yml's steps with `inputs` as a runner does; returns the action's outputs and exit code. */
async function runAction(
  runner: Runner,
  inputs: Record<string, string>,
): Promise<{ code: number; outputs: Record<string, string>; log: string; ran: string[] }> {
  const action = parseDocument(
    readFileSync(path.join(runner.actionPath, 'action.yml'), 'utf8'),
  ).toJS() as ActionFile;
  const withDefaults = Object.fromEntries(
    Object.entries(action.inputs).map(([name, input]) => [name, inputs[name] ?? input.default ?? '']),
  );
  const steps: Record<string, { outputs: Record<string, string> }> = {};
  const context = (): Record<string, unknown> => ({
    inputs: withDefaults,
    steps,
    runner: { os: 'Linux', temp: runner.temp },
    github: { action_path: runner.actionPath, workspace: runner.workspace },
  });
  let log = '';
  const ran: string[] = [];
  for (const [index, step] of action.runs.steps.entries()) {
    const id = step.id ?? `__${index}`;
    if (step.if !== undefined && !truthy(evaluate(step.if, context()))) {
      steps[id] = { outputs: {} };
      continue;
    }
    if (step.uses?.startsWith('actions/setup-node@')) {
      // On a runner it puts Node 22 on the PATH; here the machine's Node stays (Node 20 still runs the
      // harness), and the test checks the step ran only because that Node does not satisfy engines.
      ran.push('actions/setup-node');
      steps[id] = { outputs: {} };
      continue;
    }
    if (step.uses?.startsWith('actions/cache@')) {
      steps[id] = { outputs: { 'cache-hit': runner.cached ? 'true' : 'false' } };
      continue;
    }
    if (step.uses) throw new Error(`no stand-in for ${step.uses}`);
    ran.push(step.name ?? id);
    const output = path.join(runner.temp, `output-${id}`);
    rmSync(output, { force: true });
    // A runner's steps see no npm_* variables; under `npm test --ignore-scripts` they would carry
    // npm_config_ignore_scripts into the action's `npm pack`, which then skips the package's prepack.
    const inherited = Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_'));
    const env: Record<string, string> = {
      ...(Object.fromEntries(inherited) as Record<string, string>),
      GITHUB_ACTION_PATH: runner.actionPath,
      GITHUB_WORKSPACE: runner.workspace,
      GITHUB_OUTPUT: output,
      RUNNER_TEMP: runner.temp,
      ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, substitute(v, context())])),
    };
    const cwd = step['working-directory']
      ? substitute(step['working-directory'], context())
      : runner.workspace;
    const script = path.join(runner.temp, `step-${id}.sh`);
    writeFileSync(script, substitute(step.run ?? '', context()));
    try {
      const done = await run('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
        cwd,
        env,
        maxBuffer: 64 * 1024 * 1024,
      });
      log += done.stdout + done.stderr;
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      log += `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
      steps[id] = { outputs: outputsOf(output) };
      return { code: failed.code ?? 1, outputs: actionOutputs(action, context()), log, ran };
    }
    steps[id] = { outputs: outputsOf(output) };
  }
  return { code: 0, outputs: actionOutputs(action, context()), log, ran };
}

function actionOutputs(action: ActionFile, context: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(action.outputs).map(([name, output]) => [name, substitute(output.value, context)]),
  );
}

describe('action.yml, run as a runner runs it from a clean checkout at a tag', () => {
  let root: string;
  let runner: Runner;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'rm-action-run-'));
    // The repository as it is (uncommitted edits included, ignored files not), committed and tagged in a
    // repository of its own, then cloned at the tag as the runner fetches `<owner>/rm-api-harness@<tag>`.
    const origin = path.join(root, 'origin');
    const git = (...args: string[]) =>
      run('git', ['-c', 'user.name=test', '-c', 'user.email=test@local', ...args], { maxBuffer: 1 << 26 });
    await git('init', '--quiet', origin);
    await git(`--git-dir=${origin}/.git`, `--work-tree=${ROOT}`, 'add', '--all');
    await git('-C', origin, 'commit', '--quiet', '-m', 'action under test');
    await git('-C', origin, 'tag', TAG);
    const actionPath = path.join(root, 'action');
    await git('clone', '--quiet', '--depth', '1', '--branch', TAG, `file://${origin}`, actionPath);
    rmSync(origin, { recursive: true, force: true });
    const workspace = path.join(root, 'consumer');
    const temp = path.join(root, 'runner-temp');
    mkdirSync(workspace);
    mkdirSync(temp);
    runner = { actionPath, workspace, temp, cached: false };
  }, 120_000);

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('builds the package, runs conform against the simulator and sets the outputs', async () => {
    const done = await runAction(runner, {
      target: 'sim',
      version: '1.4.0',
      shard: '1/8',
      'report-dir': 'reports',
    });
    if (done.code !== 0) throw new Error(`the action failed (${done.code}):\n${done.log.slice(-3000)}`);
    expect(done.ran).toContain(BUILD);
    const nodeOk = (await run(process.execPath, [path.join(ROOT, 'scripts/action-env.mjs')])).stdout;
    expect(done.ran.includes('actions/setup-node')).toBe(nodeOk.includes('node-ok=false'));
    expect(done.outputs).toMatchObject({
      verdict: 'conforms',
      'exit-code': '0',
      'report-dir': path.join(runner.workspace, 'reports'),
      bin: path.join(runner.temp, 'rm-harness-package/bin/rm-harness.js'),
    });
    const report = JSON.parse(readFileSync(done.outputs['report-json'] ?? '', 'utf8')) as {
      shard: { index: number; count: number };
    };
    expect(report.shard).toMatchObject({ index: 1, count: 8 });
    for (const file of ['report-junit', 'report-markdown', 'report-html'])
      expect(existsSync(done.outputs[file] ?? '')).toBe(true);
    // What runs is the packed package with production dependencies only.
    expect(existsSync(path.join(runner.temp, 'rm-harness-package/src'))).toBe(false);
    expect(existsSync(path.join(runner.temp, 'rm-harness-package/node_modules/typescript'))).toBe(false);
  }, 900_000);

  it('with install-only, sets `bin` from the cached package and runs nothing else; the bin runs other commands', async () => {
    runner.cached = true;
    rmSync(path.join(runner.workspace, 'reports'), { recursive: true, force: true });
    const done = await runAction(runner, { 'install-only': 'true' });
    expect(done.code).toBe(0);
    expect(done.ran).not.toContain(BUILD);
    expect(existsSync(path.join(runner.workspace, 'reports'))).toBe(false);
    const bin = done.outputs.bin ?? '';
    const help = await run(process.execPath, [bin, 'check-documents', '--help'], { cwd: runner.workspace });
    expect(help.stdout).toContain('rm-harness check-documents');
  }, 120_000);
});
