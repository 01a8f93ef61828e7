import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ConformSettings } from '../../../src/conformance/settings.js';

/** A scenario written to a temp scenarios folder, and the options `conform --target URL` would run it with. */
export interface ScenarioDir {
  /** dev-token, us, 1.4.0, writes allowed, the report in `report` under the folder. */
  options(target: string, report: string): ConformSettings;
  remove(): void;
}

/** Writes `yaml` as `scenarios/<file>` in a new temp folder named after `prefix`. */
export function scenarioDir(prefix: string, file: string, yaml: string): ScenarioDir {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  mkdirSync(path.join(dir, 'scenarios'));
  writeFileSync(path.join(dir, 'scenarios', file), yaml);
  return {
    options: (target, report) => ({
      scenariosDir: path.join(dir, 'scenarios'),
      scenarioGlobs: [],
      tags: [],
      target: { target, token: 'dev-token', headers: [], region: 'us' },
      revisions: ['1.4.0'],
      allowMutations: true,
      http: { timeoutMs: 10000, retries: 0 },
      drift: false,
      reportDir: path.join(dir, report),
    }),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
