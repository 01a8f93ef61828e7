import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { scenarioIndex } from '../../src/cli/conform-precheck.js';
import { loadScenarios } from '../../src/conformance/scenario/load.js';
import { SCENARIO_DIR } from '../../src/conformance/scenario/paths.js';

// conform checks --scenario/--tag against ids and tags read from the `id:` and `tags:` lines alone; they
// must be the ones the full loader reads, or a good filter would be refused.

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'precheck-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('scenarioIndex', () => {
  it("reads the same ids, tags and files as the loader from the repository's scenarios", () => {
    const load = loadScenarios(SCENARIO_DIR);
    expect(load.errors).toEqual([]);
    const full = load.scenarios.map(({ scenario, file }) => ({ id: scenario.id, tags: scenario.tags, file }));
    const light = scenarioIndex(SCENARIO_DIR)?.map(({ scenario, file }) => ({ ...scenario, file }));
    expect(light).toEqual(full);
  });

  it('reads quoted ids, flow lists and block lists at column 0, ignoring keys that look alike below', () => {
    const dir = folder({
      'a.yaml': 'id: "contacts.a"\ntitle: x\ntags: [read, "b"]\nsteps:\n  - id: nested\n    tags: no\n',
      'b.yml': "# a comment\ntags:\n- one\n- 'two'\nid: lists.b # trailing comment\nsteps: []\n",
    });
    expect(scenarioIndex(dir)).toEqual([
      { scenario: { id: 'contacts.a', tags: ['read', 'b'] }, file: 'a.yaml' },
      { scenario: { id: 'lists.b', tags: ['one', 'two'] }, file: 'b.yml' },
    ]);
  });

  it('leaves the verdict to the loader when a file has no id or tags, or no folder exists', () => {
    expect(
      scenarioIndex(folder({ 'a.yaml': 'id: x\ntags: [t]\n', 'b.yaml': 'title: no id\n' })),
    ).toBeUndefined();
    expect(scenarioIndex(path.join(os.tmpdir(), 'no-such-precheck-folder'))).toBeUndefined();
  });
});
