import { startChild, type Child } from '../child.js';
import type { BenchConfig } from '../config.js';
import { loadOnce, verify, type LoadResult } from '../load.js';
import { log } from '../log.js';
import {
  REQUEST_NAMES,
  type BenchFixture,
  type BenchRequestName,
  type GrowthReadName,
  type RequestName,
} from '../queries.js';
import { median } from '../stats.js';

/** Idle time before each server's measurements in a round (see `runLoadPhase`). */
const SETTLE_MS = 3000;

/** A server under load: what it is and how to start it. */
export interface ServerSpec {
  /** Key in the report, e.g. `sim@bench-1k`, `bare`, `mock`. */
  key: string;
  /** Arguments of `bench/serve.ts` (ignored when `start` is given). */
  args: string[];
  /** Starts the server another way (a real `rm-harness serve` child). */
  start?: () => Promise<Child<Announced>>;
  /** The requests it is measured with (default the throughput section's three, which every server answers). */
  requests?: readonly BenchRequestName[];
  /**
   * The seeded profile it holds: servers of one profile hold the same records and must answer alike;
   * the growth section's other profiles hold other records (another first person), so are not compared.
   */
  profile?: string;
}

/** Median figures of one server and request over the rounds, and the worst round's p99. */
export interface LoadSummary extends LoadResult {
  p99Worst: number;
}

/** Median figures of each server and request (the growth section's reads only for the servers it loads). */
export type LoadTable = Record<
  string,
  Record<RequestName, LoadSummary> & Partial<Record<GrowthReadName, LoadSummary>>
>;

/** What a server child says once it listens. */
export interface Announced {
  url: string;
  fixture: BenchFixture | null;
}

/**
 * Starts every server (each its own child process, so the load generator has the other core), warms each,
 * then measures in rounds: every round loads every server with every request once, so slow drift of the
 * machine touches all of them alike. Each round starts with the next request in turn: the first load after a
 * server resumes is the one that meets a major GC the idle time has made due (every round, on the 100k
 * store's 600 MB heap), and a fixed order would pin that GC on the same request every time. Reports the
 * medians over the rounds, and each request's worst round.
 */
export async function runLoadPhase(specs: readonly ServerSpec[], config: BenchConfig): Promise<LoadTable> {
  const children: Array<{ spec: ServerSpec; child: Child<Announced> }> = [];
  try {
    for (const spec of specs) {
      const started = performance.now();
      const child = spec.start ? await spec.start() : await startChild<Announced>('serve.ts', spec.args);
      children.push({ spec, child });
      log(`started ${spec.key} in ${Math.round(performance.now() - started)} ms`);
    }
    const fixture = children.find((c) => c.child.message.fixture)?.child.message.fixture;
    if (!fixture) throw new Error('no server reported a fixture');
    const options = { duration: config.duration, connections: config.connections };
    // Like is compared with like: every server that holds one profile's seeded data (all but the
    // stateless mock) must answer the by-id read with the very bytes the first one of that profile does.
    const readBytes = new Map<string, { key: string; text: string }>();
    for (const { spec, child } of children) {
      const own = child.message.fixture ?? fixture;
      for (const name of spec.requests ?? REQUEST_NAMES) {
        const text = await verify(child.message.url, name, own);
        if (name === 'read' && child.message.fixture) {
          const profile = spec.profile ?? '';
          const first = readBytes.get(profile) ?? { key: spec.key, text };
          readBytes.set(profile, first);
          if (text !== first.text)
            throw new Error(`${spec.key} answers the by-id read with other bytes than ${first.key}`);
        }
        await loadOnce(child.message.url, name, own, { ...options, duration: config.warmup });
      }
      log(`warmed ${spec.key}`);
    }
    const rounds: Record<string, Partial<Record<BenchRequestName, LoadResult[]>>> = {};
    // Only the server being measured runs: the others are frozen (SIGSTOP), so the garbage collection an
    // idle server does after its load (V8's memory reducer: major GCs for seconds on a 600 MB heap) does
    // not take one of the two cores from the measured server and the load generator.
    for (const { child } of children) child.pause();
    for (let round = 0; round < config.runs; round += 1) {
      for (const { spec, child } of children) {
        const own = child.message.fixture ?? fixture;
        const names = spec.requests ?? REQUEST_NAMES;
        rounds[spec.key] ??= {};
        const order = names.map((_, i) => names[(i + round) % names.length]!);
        child.resume();
        // A resumed server first runs what its timers held back (its own memory reducer): a short idle
        // lets that finish. Then an unrecorded warm-up lets a server that sat idle grow its young
        // generation back before the recorded requests.
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        await loadOnce(child.message.url, order[0]!, own, { ...options, duration: config.warmup });
        for (const name of order) {
          (rounds[spec.key]![name] ??= []).push(await loadOnce(child.message.url, name, own, options));
        }
        child.pause();
      }
      log(`round ${round + 1}/${config.runs} done`);
    }
    return Object.fromEntries(
      Object.entries(rounds).map(([key, byName]) => [
        key,
        Object.fromEntries(
          Object.entries(byName).map(([n, results]) => [n, summarise(results ?? [])]),
        ) as LoadTable[string],
      ]),
    );
  } finally {
    await Promise.all(children.map(({ child }) => child.stop()));
  }
}

/** Medians over the rounds, and the worst round's p99; errors summed. */
function summarise(results: readonly LoadResult[]): LoadSummary {
  return {
    rps: Math.round(median(results.map((r) => r.rps))),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    p99Worst: Math.max(...results.map((r) => r.p99)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
  };
}
