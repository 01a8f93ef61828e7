/**
 * The "log-cost" section (issue "at the floor": logging off the hot path, ≤ 5% cost): the same
 * simulator with the per-request log on (the default on a pipe: JSON lines, written asynchronously) and
 * off (`--quiet`), loaded in interleaved rounds; the cost is 1 − median(on) / median(off).
 */
import autocannon from 'autocannon';
import type { BenchConfig } from '../config.js';
import { log } from '../log.js';
import { startServeChild } from '../serve-cli.js';
import { median } from '../stats.js';

const COST_TARGET = 0.05;
const QUERY = JSON.stringify({ query: '{ regionalSettings { language { name } } }' });

/** The section's figures: requests per second per round, and the cost of the log. */
export interface LogCostFigures {
  rpsOn: number[];
  rpsOff: number[];
  /** 1 − median(on) / median(off); negative when the log-on runs were faster (noise). */
  cost: number;
  holds: boolean;
}

async function rps(url: string, config: BenchConfig, duration: number): Promise<number> {
  const result = await autocannon({
    url: `${url}/public-api/graphql`,
    connections: config.connections,
    duration,
    method: 'POST',
    headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
    body: QUERY,
  });
  return result.requests.average;
}

/** Both servers, warmed, then `config.runs` interleaved rounds of `config.duration` seconds each. */
export async function measureLogCost(config: BenchConfig): Promise<LogCostFigures> {
  const on = await startServeChild([]);
  const off = await startServeChild(['--quiet']);
  try {
    await rps(on.url, config, config.warmup);
    await rps(off.url, config, config.warmup);
    const rpsOn: number[] = [];
    const rpsOff: number[] = [];
    for (let round = 0; round < config.runs; round += 1) {
      rpsOn.push(await rps(on.url, config, config.duration));
      rpsOff.push(await rps(off.url, config, config.duration));
    }
    const cost = 1 - median(rpsOn) / median(rpsOff);
    const holds = cost <= COST_TARGET;
    log(
      `log-cost: log on ${Math.round(median(rpsOn))} req/s, off ${Math.round(median(rpsOff))} req/s: cost ${(cost * 100).toFixed(1)}% (≤ ${COST_TARGET * 100}%) → ${holds ? 'holds' : 'does not hold'}`,
    );
    return { rpsOn, rpsOff, cost, holds };
  } finally {
    on.child.kill('SIGKILL');
    off.child.kill('SIGKILL');
  }
}
