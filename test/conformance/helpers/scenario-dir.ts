import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runConformance } from '../../../src/conformance/run/session.js';

/** A scenario written to a temp scenarios folder, run as `conform --target URL` runs it (dev-token, us, 1.4.0). */
export interface ScenarioDir {
  run(target: string, report: string): ReturnType<typeof runConformance>;
  remove(): void;
}

/** Writes `yaml` as `scenarios/<file>` in a new temp folder named after `prefix`. */
export function scenarioDir(prefix: string, file: string, yaml: string): ScenarioDir {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  mkdirSync(path.join(dir, 'scenarios'));
  writeFileSync(path.join(dir, 'scenarios', file), yaml);
  return {
    run: (target, report) =>
      runConformance({
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
