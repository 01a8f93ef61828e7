/**
 * The throughput section's own result (issue "at the floor"): the simulator as users run it — a real
 * `rm-harness serve` child with the default settings (`npm start`: the request log on, JSON lines on a
 * pipe) and the same with `--quiet` — beside the baselines, loaded in the same interleaved rounds.
 */
import { BASELINES, type BaselineKey } from './baselines.js';
import { REQUEST_NAMES, type RequestName } from './queries.js';
import { startServeLoadChild } from './serve-cli.js';
import type { LoadTable, ServerSpec } from './sections/load-phase.js';
import { ratio } from './stats.js';

/** The two ways the simulator is measured here. */
export type ServeMode = 'default' | 'quiet';

/** The flags of each mode: none (what `npm start` runs), or `--quiet` (no per-request log line). */
const MODES: Record<ServeMode, readonly string[]> = { default: [], quiet: ['--quiet'] };

/** A simulator's key in the load table, e.g. `serve@bench-1k`, `serve-quiet@bench-1k`. */
export function serveKey(mode: ServeMode, profile: string): string {
  return `${mode === 'default' ? 'serve' : 'serve-quiet'}@${profile}`;
}

/** What `reports/bench.json` holds under `throughput`. */
export interface ThroughputFigures {
  /** The profile every server's data was seeded from. */
  profile: string;
  /** Requests per second (the median over the rounds) of each simulator mode and baseline, per request. */
  rps: Record<ServeMode | BaselineKey, Record<RequestName, number>>;
  /** A simulator mode's requests per second over a baseline's, per request (0.8 = 80%). */
  ratios: Record<ServeMode, Record<RequestName, Record<BaselineKey, number>>>;
}

/** The load specs of the two `serve` children, each on its own copy of the seeded data dir. */
export function serveSpecs(profile: string, dataDir: string): ServerSpec[] {
  return (Object.keys(MODES) as ServeMode[]).map((mode) => ({
    key: serveKey(mode, profile),
    args: [],
    profile,
    start: () => startServeLoadChild(profile, dataDir, MODES[mode]),
  }));
}

/** The section's figures from the load table (undefined when a server is missing from it). */
export function throughputFigures(load: LoadTable, profile: string): ThroughputFigures | undefined {
  const modes = Object.keys(MODES) as ServeMode[];
  const keys = [...modes.map((m) => serveKey(m, profile)), ...BASELINES.map((b) => b.key)];
  if (keys.some((key) => !load[key])) return undefined;
  const perRequest = <T>(f: (name: RequestName) => T) =>
    Object.fromEntries(REQUEST_NAMES.map((n) => [n, f(n)])) as Record<RequestName, T>;
  const rpsOf = (key: string) => perRequest((n) => load[key]![n].rps);
  const rps = Object.fromEntries([
    ...modes.map((m) => [m, rpsOf(serveKey(m, profile))]),
    ...BASELINES.map((b) => [b.key, rpsOf(b.key)]),
  ]) as ThroughputFigures['rps'];
  const ratios = Object.fromEntries(
    modes.map((m) => [
      m,
      perRequest(
        (n) =>
          Object.fromEntries(BASELINES.map((b) => [b.key, ratio(rps[m][n], rps[b.key][n])])) as Record<
            BaselineKey,
            number
          >,
      ),
    ]),
  ) as ThroughputFigures['ratios'];
  return { profile, rps, ratios };
}

/** The section's table for `reports/bench.md`. */
export function throughputLines(figures: ThroughputFigures): string[] {
  const pct = (r: number) => `${Math.round(r * 100)}%`;
  const lines = [
    '',
    `\`rm-harness serve\` as users run it (profile ${figures.profile}): default settings (request log on, JSON ` +
      'lines to a pipe) and `--quiet`, share of each baseline:',
    '',
    `| request | mode | req/s | ${BASELINES.map((b) => `of ${b.key}`).join(' | ')} |`,
    `| --- | --- | ---: | ${BASELINES.map(() => '---:').join(' | ')} |`,
  ];
  for (const name of REQUEST_NAMES) {
    for (const mode of ['default', 'quiet'] as const) {
      const cells = BASELINES.map((b) => pct(figures.ratios[mode][name][b.key]));
      lines.push(`| ${name} | ${mode} | ${Math.round(figures.rps[mode][name])} | ${cells.join(' | ')} |`);
    }
  }
  return lines;
}
