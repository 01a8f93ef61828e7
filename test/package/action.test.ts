import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { parseDocument } from 'yaml';
import { commands } from '../../src/cli/commands/index.js';
import { fakeIo } from '../helpers/cli-io.js';
import { runCli } from '../../src/cli/run.js';

// action.yml against the keys GitHub documents for action metadata ("Metadata syntax for GitHub
// Actions"): name, description and runs are required; every input has a description; a composite
// action's outputs need a value, and each of its `run` steps a shell.

interface Step {
  id?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
}
interface Action {
  name?: string;
  description?: string;
  inputs?: Record<string, { description?: string; required?: boolean; default?: string }>;
  outputs?: Record<string, { description?: string; value?: string }>;
  runs?: { using?: string; steps?: Step[] };
}

const doc = parseDocument(readFileSync('action.yml', 'utf8'));
const action = doc.toJS() as Action;
const steps = action.runs?.steps ?? [];
const script = steps.map((s) => s.run ?? '').join('\n');
const conformScript = steps.find((s) => s.id === 'conform')?.run ?? '';
const everything = JSON.stringify(action);

/** Flags `conform --help` lists. */
async function conformFlags(): Promise<string[]> {
  const { io, out } = fakeIo();
  await runCli(['conform', '--help'], io);
  return [...out.stdout.matchAll(/--([a-z][\w-]*)/g)].map((m) => m[1] ?? '');
}

describe('action.yml', () => {
  it('is YAML with the required keys of a composite action', () => {
    expect(doc.errors).toEqual([]);
    expect(action.name).toEqual(expect.any(String));
    expect(action.description).toEqual(expect.any(String));
    expect(action.runs?.using).toBe('composite');
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) {
      expect(Boolean(step.uses) !== Boolean(step.run)).toBe(true);
      if (step.run) expect(step.shell).toBe('bash');
    }
  });

  it('takes target, version, tokens, baseline, min coverage, report dir and shard, each described', () => {
    expect(Object.keys(action.inputs ?? {})).toEqual(
      expect.arrayContaining([
        'target',
        'version',
        'token',
        'limited-token',
        'baseline',
        'min-coverage',
        'report-dir',
        'shard',
      ]),
    );
    for (const [name, input] of Object.entries(action.inputs ?? {})) {
      expect({ name, described: Boolean(input.description) }).toEqual({ name, described: true });
    }
    // Every input the steps read is declared, and every declared one is used.
    const used = new Set([...everything.matchAll(/inputs\.([\w-]+)/g)].map((m) => m[1]));
    expect([...used].sort()).toEqual(Object.keys(action.inputs ?? {}).sort());
  });

  it('passes tokens through the environment conform reads, not its command line', () => {
    const conform = steps.find((s) => s.id === 'conform');
    expect(conform?.env).toMatchObject({
      RM_HARNESS_TOKEN: '${{ inputs.token }}',
      RM_HARNESS_LIMITED_TOKEN: '${{ inputs.limited-token }}',
    });
    expect(script).not.toMatch(/--(limited-)?token/);
  });

  it('sets a verdict and the report paths from the conform step, each output with a value', () => {
    expect(Object.keys(action.outputs ?? {})).toEqual(
      expect.arrayContaining(['verdict', 'report-json', 'report-dir']),
    );
    for (const [name, output] of Object.entries(action.outputs ?? {})) {
      expect(output.description).toEqual(expect.any(String));
      expect(output.value).toBe(`\${{ steps.conform.outputs.${name} }}`);
      expect(script).toContain(`echo "${name}=`);
    }
  });

  it('runs an rm-harness command and flags the CLI has', async () => {
    const names = commands.map((c) => String(c({ io: fakeIo().io, exitCode: 0 }).command).split(' ')[0]);
    const command = /"\$\{args\[@\]\}"/.test(conformScript)
      ? /args=\((\w[\w-]*)/.exec(conformScript)?.[1]
      : undefined;
    expect(names).toContain(command);
    const known = await conformFlags();
    const flags = [...conformScript.matchAll(/(?<![\w-])--([a-z][\w-]*)/g)].map((m) => m[1] ?? '');
    expect(flags.length).toBeGreaterThan(3);
    expect(flags.filter((f) => !known.includes(f))).toEqual([]);
  });

  it('runs the built package with production dependencies only: no sources, no tsx, no dev tree at run time', () => {
    expect(conformScript).toContain('bin="$RUNNER_TEMP/rm-harness-package/bin/rm-harness.js"');
    expect(conformScript).toContain('node "$bin" "${args[@]}"');
    expect(everything).not.toMatch(/\btsx\b/);
    const build = steps.find((s) => s.run?.includes('npm pack'));
    expect(build?.run).toMatch(/npm ci --omit=dev --ignore-scripts/);
    // Built once per version of the action: the build step runs only when the cache missed.
    expect((build as { if?: string } | undefined)?.if).toBe("steps.cache.outputs.cache-hit != 'true'");
    const cache = steps.find((s) => s.uses?.startsWith('actions/cache@'));
    expect(JSON.stringify(cache)).toContain('rm-harness-package');
    expect(JSON.stringify(cache)).toContain('~/.npm');
  });

  it("keeps the caller's Node when it satisfies engines, and sets up Node only otherwise", () => {
    const setup = steps.filter((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(setup).toHaveLength(1);
    expect((setup[0] as { if?: string }).if).toBe("steps.env.outputs.node-ok != 'true'");
    const check = steps.find((s) => s.id === 'env');
    expect(check?.run).toContain('scripts/action-env.mjs');
  });

  it('uses no GNU-only tools (macOS runners have BSD ones)', () => {
    const gnuOnly = /\brealpath\b|readlink -f|sed -i|date -d|\bsha256sum\b|grep -P|\bxargs -r\b|\bstat -c\b/;
    expect(script).not.toMatch(gnuOnly);
  });
});
