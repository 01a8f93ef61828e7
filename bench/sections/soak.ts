/**
 * The soak section (issue 41, "cost that does not grow with age"): one simulator (file-backed, as `serve`
 * runs) with many tenants under the same mixed load (80% reads: by id, searches by last name and by term,
 * the unfiltered page, a list's members, an event page and an event poll; 20% writes), run until every
 * store holds ten times the events it was seeded with. CPU per request (the server process's, every
 * thread) is measured over a window of that load at the start and again at the end: their ratio is the
 * figure, against ≤ 1.2×.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startChild } from '../child.js';
import type { BenchConfig } from '../config.js';
import { cpuMicros } from '../cpu.js';
import { log } from '../log.js';
import {
  BENCH_HEADERS,
  BENCH_PATH,
  requestBody,
  type BenchFixture,
  type BenchRequestName,
} from '../queries.js';

/** One request slot in ten of the mix: eight reads, two writes. */
const MIX: readonly BenchRequestName[] = [
  'read',
  'search',
  'eventPoll',
  'read',
  'termSearch',
  'eventPage',
  'page',
  'members',
  'mutation',
  'mutation',
];
const WRITES_PER_ROUND = MIX.filter((n) => n === 'mutation').length;

/** One tenant as the soak server announces it. */
interface SoakTenant {
  token: string;
  /** Events in its store when the server started (seeded). */
  events: number;
  fixture: BenchFixture;
}

/** CPU of the server per request over one window of the mixed load. */
export interface SoakWindow {
  requests: number;
  errors: number;
  cpuMs: number;
  cpuPerRequestUs: number;
}

/** The section's figures. */
export interface SoakFigures {
  profile: string;
  tenants: number;
  /** Events of the smallest and largest seeded store. */
  seededEvents: { min: number; max: number };
  /** Writes sent to each tenant between the windows (each records one event). */
  writesPerTenant: number;
  /** How many times its seeded events the largest store held at the end (BENCH_SOAK_GROWTH). */
  growthFactor: number;
  start: SoakWindow;
  end: SoakWindow;
  /** `end.cpuPerRequestUs / start.cpuPerRequestUs`. */
  cpuPerRequestRatio: number;
  /** Wall time of the growth between the windows. */
  growMs: number;
}

/** Sends `amount` requests of the mix (or for `duration` seconds), tenants and kinds in turn. */
async function mixed(
  url: string,
  tenants: readonly SoakTenant[],
  counter: { n: number },
  limits: { amount?: number; duration?: number },
  connections: number,
) {
  const result = await autocannon({
    url: `${url}${BENCH_PATH}`,
    connections,
    ...(limits.amount === undefined ? { duration: limits.duration ?? 1 } : { amount: limits.amount }),
    method: 'POST',
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const i = (counter.n += 1);
          const tenant = tenants[i % tenants.length]!;
          const name = MIX[Math.floor(i / tenants.length) % MIX.length]!;
          return {
            ...request,
            headers: { ...BENCH_HEADERS, authorization: `Bearer ${tenant.token}` },
            body: requestBody(name, tenant.fixture, i),
          };
        },
      },
    ],
  });
  return { requests: result.requests.total, errors: result.errors + result.timeouts + result.non2xx };
}

/** One measured window: the mix for `seconds`, the server's CPU over it. */
async function window(
  url: string,
  pid: number,
  tenants: readonly SoakTenant[],
  counter: { n: number },
  seconds: number,
  connections: number,
): Promise<SoakWindow> {
  const before = cpuMicros(pid);
  const { requests, errors } = await mixed(url, tenants, counter, { duration: seconds }, connections);
  const after = cpuMicros(pid);
  if (before === undefined || after === undefined) throw new Error('the soak needs /proc to read CPU time');
  const cpuMs = (after - before) / 1000;
  return { requests, errors, cpuMs, cpuPerRequestUs: (cpuMs * 1000) / Math.max(1, requests) };
}

/**
 * Runs the section (BENCH_SOAK_PROFILE, default `small`; BENCH_SOAK_TENANTS, default 20; BENCH_SOAK_GROWTH,
 * how many times its seeded events each store holds before the end is measured, default 10).
 */
export async function measureSoak(config: BenchConfig): Promise<SoakFigures> {
  const profile = process.env['BENCH_SOAK_PROFILE'] || 'small';
  const count = Number(process.env['BENCH_SOAK_TENANTS'] || '20');
  const growthFactor = Number(process.env['BENCH_SOAK_GROWTH'] || '10');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rm-bench-soak-'));
  const child = await startChild<{ url: string; tenants: SoakTenant[] }>('serve.ts', [
    'soak',
    profile,
    dataDir,
    String(count),
  ]);
  try {
    const { url, tenants } = child.message;
    const counter = { n: 0 };
    const seconds = Math.max(5, config.duration * 2);
    // Warm-up, unrecorded: every tenant's documents compiled, the young generation grown.
    await mixed(url, tenants, counter, { duration: config.warmup + 2 }, config.connections);
    const start = await window(url, child.pid, tenants, counter, seconds, config.connections);
    log(`soak: start ${start.cpuPerRequestUs.toFixed(0)} µs CPU per request (${start.requests} requests)`);
    // Every tenant gets the same share of each slot, so the writes needed by the largest store decide.
    const most = Math.max(...tenants.map((t) => t.events));
    const writesPerTenant = (growthFactor - 1) * most;
    const rounds = Math.ceil(writesPerTenant / WRITES_PER_ROUND);
    const amount = rounds * MIX.length * tenants.length;
    const grown = performance.now();
    const growth = await mixed(url, tenants, counter, { amount }, config.connections);
    const growMs = performance.now() - grown;
    log(
      `soak: grew by ${growth.requests} requests in ${Math.round(growMs / 1000)} s (${growth.errors} errors)`,
    );
    const end = await window(url, child.pid, tenants, counter, seconds, config.connections);
    log(`soak: end ${end.cpuPerRequestUs.toFixed(0)} µs CPU per request (${end.requests} requests)`);
    return {
      profile,
      tenants: tenants.length,
      seededEvents: { min: Math.min(...tenants.map((t) => t.events)), max: most },
      writesPerTenant: rounds * WRITES_PER_ROUND,
      growthFactor,
      start,
      end,
      cpuPerRequestRatio: Math.round((end.cpuPerRequestUs / start.cpuPerRequestUs) * 100) / 100,
      growMs,
    };
  } finally {
    await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
