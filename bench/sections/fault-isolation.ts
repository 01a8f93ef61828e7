/**
 * The "fault-isolation" section: a fault rule set for one tenant must not cost another tenant anything.
 * One `serve` child (its defaults, the request log on); the other tenant's reads are loaded in
 * interleaved rounds, without fault rules and with rules for the first tenant (latency, failures and
 * event-feed faults), so that drift of the machine falls on both alike. Reported: the medians of each and
 * their ratio (with rules ÷ without), judged ≥ 0.9.
 */
import autocannon from 'autocannon';
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import type { BenchConfig } from '../config.js';
import { log } from '../log.js';
import { BENCH_PATH } from '../queries.js';
import { startServeChild } from '../serve-cli.js';
import { median } from '../stats.js';

/** The first tenant's rules: every kind a partner sets while testing its error handling. */
const RULES = {
  seed: 1,
  rules: [
    { tenant: 'dev-firm', latencyMs: 20 },
    { tenant: 'dev-firm', operations: ['searchFirmContacts'], errorRate: 0.5, errorKind: 'http503' },
  ],
  eventFeed: [{ tenant: 'dev-firm', lagSeconds: 30, duplicateRate: 0.2, reorderWithinPage: true }],
};
const READ = JSON.stringify({
  query: '{ searchFirmContacts(limit: 5) { totalModels models { id displayName } } }',
});
const ADMIN = { authorization: 'Bearer admin-token', 'content-type': 'application/json' };

/** Requests per second of the other tenant's reads. */
export interface FaultIsolationFigures {
  withoutRules: number;
  withRules: number;
  /** withRules ÷ withoutRules. */
  ratio: number;
  /** Every round, in order, for the report. */
  rounds: Array<{ rules: boolean; rps: number }>;
}

async function setRules(url: string, on: boolean): Promise<void> {
  const res = await fetch(`${url}/__admin/faults`, {
    method: on ? 'PUT' : 'DELETE',
    headers: ADMIN,
    ...(on ? { body: JSON.stringify(RULES) } : {}),
  });
  if (!res.ok)
    throw new Error(`fault-isolation: ${on ? 'PUT' : 'DELETE'} /__admin/faults answered ${res.status}`);
  await res.arrayBuffer();
}

async function load(url: string, config: BenchConfig, duration: number): Promise<number> {
  const result = await autocannon({
    url: `${url}${BENCH_PATH}`,
    method: 'POST',
    connections: config.connections,
    duration,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${DEV_TOKENS.limited}` },
    body: READ,
  });
  if (result.non2xx > 0)
    throw new Error(`fault-isolation: ${result.non2xx} of the other tenant's answers were not 2xx`);
  return result.requests.average;
}

/** The section's figures. */
export async function measureFaultIsolation(config: BenchConfig): Promise<FaultIsolationFigures> {
  const { child, url } = await startServeChild([]);
  try {
    // The rules must really be in force for the first tenant, or the figure says nothing.
    await setRules(url, true);
    const probe = await fetch(`${url}${BENCH_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${DEV_TOKENS.full}` },
      body: READ,
    });
    await probe.arrayBuffer();
    const seen = (await (await fetch(`${url}/__admin/faults`, { headers: ADMIN })).json()) as {
      rules?: unknown[];
    };
    if ((seen.rules?.length ?? 0) !== RULES.rules.length)
      throw new Error('fault-isolation: the rules were not set');
    await setRules(url, false);
    await load(url, config, config.warmup);
    const rounds: FaultIsolationFigures['rounds'] = [];
    for (let run = 0; run < config.runs; run += 1) {
      for (const rules of [false, true]) {
        await setRules(url, rules);
        rounds.push({ rules, rps: await load(url, config, config.duration) });
      }
    }
    const withoutRules = median(rounds.filter((r) => !r.rules).map((r) => r.rps));
    const withRules = median(rounds.filter((r) => r.rules).map((r) => r.rps));
    const figures = { withoutRules, withRules, ratio: withRules / withoutRules, rounds };
    log(
      `fault-isolation: the other tenant's reads ${Math.round(withoutRules)} req/s without rules, ` +
        `${Math.round(withRules)} with the first tenant's rules (${(figures.ratio * 100).toFixed(0)}%)`,
    );
    return figures;
  } finally {
    child.kill('SIGKILL');
  }
}
