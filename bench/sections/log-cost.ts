/**
 * The "log-cost" section (issue "at the floor": logging off the hot path, ≤ 5% cost): `rm-harness serve`
 * with the per-request log on (the default on a pipe: JSON lines, written asynchronously) and off
 * (`--quiet`), both loaded with the throughput section's by-id read. Rounds are interleaved, the order
 * alternating, and only the server being measured runs (the other is frozen, as in the throughput
 * section). Two costs, each from medians over the rounds: 1 − req/s(on) / req/s(off), and CPU time per
 * request (the server process's, from the kernel) on over off − 1, the figure a loaded machine moves least.
 */
import autocannon from 'autocannon';
import type { BenchConfig } from '../config.js';
import { cpuMicros } from '../cpu.js';
import { log } from '../log.js';
import { BENCH_HEADERS, BENCH_PATH, requestBody } from '../queries.js';
import { startServeChild } from '../serve-cli.js';
import { median } from '../stats.js';

const COST_TARGET = 0.05;
/** At least this many rounds, whatever BENCH_RUNS says: the cost is a difference of two noisy figures. */
const MIN_ROUNDS = 5;

/** The section's figures. */
export interface LogCostFigures {
  /** Requests per second of each round, log on and off. */
  rpsOn: number[];
  rpsOff: number[];
  /** CPU microseconds per request of each round (empty where `/proc` is missing). */
  cpuUsOn: number[];
  cpuUsOff: number[];
  /** 1 − median(rpsOn) / median(rpsOff); negative when the log-on runs were faster (noise). */
  cost: number;
  /** median(cpuUsOn) / median(cpuUsOff) − 1; null without `/proc`. */
  cpuCost: number | null;
  /** Whether the throughput cost is within the target (the CPU cost is reported beside it). */
  holds: boolean;
}

/** A person of the in-memory store to read: the by-id read of the throughput section. */
async function personId(url: string): Promise<string> {
  const response = await fetch(`${url}${BENCH_PATH}`, {
    method: 'POST',
    headers: BENCH_HEADERS,
    body: JSON.stringify({ query: '{ searchFirmContacts(limit: 20) { models { id __typename } } }' }),
  });
  const { data } = (await response.json()) as {
    data: { searchFirmContacts: { models: Array<{ id: string; __typename: string }> } };
  };
  const person = data.searchFirmContacts.models.find((m) => m.__typename === 'Person');
  if (!person) throw new Error('log-cost: no person in the store to read');
  return person.id;
}

/** Loads `url` for `duration` seconds; returns requests per second and how many were sent. */
async function load(url: string, body: string, config: BenchConfig, duration: number) {
  const result = await autocannon({
    url: `${url}${BENCH_PATH}`,
    connections: config.connections,
    duration,
    method: 'POST',
    headers: BENCH_HEADERS,
    body,
  });
  return { rps: result.requests.average, sent: result.requests.total };
}

/** Both servers, warmed, then at least {@link MIN_ROUNDS} interleaved rounds of `config.duration` seconds. */
export async function measureLogCost(config: BenchConfig): Promise<LogCostFigures> {
  const on = await startServeChild([]);
  const off = await startServeChild(['--quiet']);
  const servers = { on, off };
  try {
    const body = requestBody('read', { personId: await personId(on.url), lastName: '' });
    await load(on.url, body, config, config.warmup);
    await load(off.url, body, config, config.warmup);
    const figures = {
      on: { rps: [] as number[], cpu: [] as number[] },
      off: { rps: [] as number[], cpu: [] as number[] },
    };
    on.child.kill('SIGSTOP');
    off.child.kill('SIGSTOP');
    const rounds = Math.max(MIN_ROUNDS, config.runs);
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const);
      for (const mode of order) {
        const { child, url } = servers[mode];
        child.kill('SIGCONT');
        // A resumed server first runs what its timers held back; then an unrecorded second of load.
        await new Promise((resolve) => setTimeout(resolve, 500));
        await load(url, body, config, 1);
        const before = cpuMicros(child.pid!);
        const { rps, sent } = await load(url, body, config, config.duration);
        const after = cpuMicros(child.pid!);
        child.kill('SIGSTOP');
        figures[mode].rps.push(rps);
        if (before !== undefined && after !== undefined && sent > 0)
          figures[mode].cpu.push((after - before) / sent);
      }
    }
    const cost = 1 - median(figures.on.rps) / median(figures.off.rps);
    const cpuCost = figures.on.cpu.length > 0 ? median(figures.on.cpu) / median(figures.off.cpu) - 1 : null;
    const holds = cost <= COST_TARGET;
    const cpuText =
      cpuCost === null
        ? ''
        : `; CPU per request ${median(figures.on.cpu).toFixed(0)} vs ${median(figures.off.cpu).toFixed(0)} µs: +${(cpuCost * 100).toFixed(1)}%`;
    log(
      `log-cost (${rounds} rounds): log on ${Math.round(median(figures.on.rps))} req/s, off ${Math.round(median(figures.off.rps))} req/s: cost ${(cost * 100).toFixed(1)}% (≤ ${COST_TARGET * 100}%) → ${holds ? 'holds' : 'does not hold'}${cpuText}`,
    );
    return {
      rpsOn: figures.on.rps,
      rpsOff: figures.off.rps,
      cpuUsOn: figures.on.cpu,
      cpuUsOff: figures.off.cpu,
      cost,
      cpuCost,
      holds,
    };
  } finally {
    for (const { child } of [on, off]) {
      child.kill('SIGCONT');
      child.kill('SIGKILL');
    }
  }
}
