/**
 * The "replicas" section (a replica set sharded by tenant behind nginx): read throughput of twelve
 * tenants' reads through nginx to 1, 2 and 3 `rm-harness serve` replicas, against one replica loaded
 * directly. The figures that matter on 2 cores: the router's overhead (nginx → 1 replica against the
 * replica direct) and that 2 replicas answer more than 1. Every replica keeps its stores in memory: the
 * section measures routing and request work, not the disk. Skipped, with a line saying so, without nginx.
 *
 * Two reads, because on two cores the load generator and nginx share the cores the replicas would scale
 * onto. The light read (a 5-contact page, ~0.1 ms of a replica's CPU) is the router's worst case: it gives
 * the overhead, and there a second replica only takes CPU from the load generator. The page read (100
 * contacts with their e-mail addresses and addresses, ~1.2 ms of a replica's CPU, so about five sixths of
 * each request's CPU is the replica's) is where a second replica has work to take: it gives the scaling.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { nginxRouterConfig } from '../../src/cli/nginx-router.js';
import type { TenantConfig } from '../../src/simulator/index.js';
import type { BenchConfig } from '../config.js';
import { log } from '../log.js';
import { freePort, hasNginx, NGINX_PATH, startNginx } from '../nginx.js';
import { BENCH_PATH } from '../queries.js';
import { startServeChild } from '../serve-cli.js';
import { median } from '../stats.js';

/** Tenants the load cycles through: enough that the ring gives every replica a share. */
const TENANTS = 12;
const LIGHT_READ = JSON.stringify({
  query: '{ searchFirmContacts(limit: 5) { totalModels models { id displayName } } }',
});
const PAGE_READ = JSON.stringify({
  query: `{ searchFirmContacts(limit: 100) { totalModels models { id displayName ... on Person {
    firstName lastName currentJobTitle emailAddresses { address } addresses { city country } } } } }`,
});

/** Requests per second of each setup (medians over the runs). */
export interface ReplicaFigures {
  /** The light read, one replica loaded directly. */
  direct: number;
  /** The light read through nginx to 1, 2 and 3 replicas. */
  nginx1: number;
  nginx2: number;
  nginx3: number;
  /** 1 − nginx1 / direct: the share of the light read's throughput the router costs. */
  routerOverhead: number;
  /** nginx2 / nginx1 on the light read. */
  twoOverOneLight: number;
  /** The page read through nginx to 1, 2 and 3 replicas. */
  page1: number;
  page2: number;
  page3: number;
  /** page2 / page1: what a second replica adds where the replica does the work. */
  twoOverOne: number;
}

function tenants(): TenantConfig[] {
  return Array.from({ length: TENANTS }, (_, i) => ({
    id: `bench-${i + 1}`,
    name: `Bench firm ${i + 1}`,
    token: `bench-token-${i + 1}`,
    fullCloud: true,
    languageSpecificInformation: true,
    auditFeature: true,
  }));
}

/** Loads `url` with every tenant's read in turn for `duration` seconds; requests per second. */
async function load(
  url: string,
  all: readonly TenantConfig[],
  body: string,
  config: BenchConfig,
  duration: number,
) {
  const result = await autocannon({
    url,
    connections: config.connections,
    duration,
    requests: all.map((t) => ({
      method: 'POST' as const,
      path: BENCH_PATH,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.token}` },
      body,
    })),
  });
  if (result.non2xx > 0) throw new Error(`replicas: ${result.non2xx} answers were not 2xx at ${url}`);
  return result.requests.average;
}

/**
 * One read per tenant, awaited: a replica seeds a tenant's store on its first request, which must not
 * fall inside a measurement.
 */
async function prime(url: string, all: readonly TenantConfig[]): Promise<void> {
  for (const tenant of all) {
    const res = await fetch(`${url}${BENCH_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tenant.token}` },
      body: LIGHT_READ,
    });
    if (res.status !== 200) throw new Error(`replicas: ${tenant.id} answered ${res.status} at ${url}`);
    await res.arrayBuffer();
  }
}

/** The section's figures, or undefined (and a log line) where nginx is not installed. */
export async function measureReplicas(config: BenchConfig): Promise<ReplicaFigures | undefined> {
  if (!hasNginx) {
    log(`replicas: skipped, no nginx at ${NGINX_PATH} (apt-get install nginx, or set NGINX_PATH)`);
    return undefined;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'rm-bench-replicas-'));
  const all = tenants();
  const tenantsFile = path.join(dir, 'tenants.json');
  writeFileSync(tenantsFile, JSON.stringify(all));
  const replicas = await Promise.all(
    ['r1', 'r2', 'r3'].map((id) =>
      startServeChild(
        ['--quiet', '--tenants', tenantsFile, '--replica-id', id],
        ['--in-memory', '--profile', 'small'],
      ),
    ),
  );
  const stops: Array<() => Promise<void>> = [];
  try {
    /** The median requests per second at `url` after a warm-up (which also seeds the stores). */
    const measure = async (name: string, url: string, body: string) => {
      await load(url, all, body, config, config.warmup);
      const runs: number[] = [];
      for (let run = 0; run < config.runs; run += 1)
        runs.push(await load(url, all, body, config, config.duration));
      const rps = median(runs);
      log(`replicas: ${name} ${Math.round(rps)} req/s (runs ${runs.map(Math.round).join(', ')})`);
      return rps;
    };
    /** nginx in front of the first `count` replicas. */
    const through = async (count: number) => {
      const port = await freePort();
      const routerDir = mkdtempSync(path.join(dir, `nginx-${count}-`));
      const text = nginxRouterConfig({
        tenants: all,
        replicas: replicas
          .slice(0, count)
          .map((r) => ({ host: '127.0.0.1', port: Number(new URL(r.url).port) })),
        listen: `127.0.0.1:${port}`,
        failTimeout: 10,
        source: 'the bench',
      });
      if (typeof text !== 'string') throw new Error(text.error);
      const nginx = await startNginx(text, routerDir, port);
      stops.push(nginx.stop);
      try {
        await prime(nginx.url, all);
        return {
          light: await measure(`light read, nginx → ${count} replica(s)`, nginx.url, LIGHT_READ),
          page: await measure(`page read, nginx → ${count} replica(s)`, nginx.url, PAGE_READ),
        };
      } finally {
        await nginx.stop();
      }
    };
    await prime(replicas[0]!.url, all);
    const direct = await measure('light read, 1 replica direct', replicas[0]!.url, LIGHT_READ);
    const one = await through(1);
    const two = await through(2);
    const three = await through(3);
    const figures: ReplicaFigures = {
      direct,
      nginx1: one.light,
      nginx2: two.light,
      nginx3: three.light,
      routerOverhead: 1 - one.light / direct,
      twoOverOneLight: two.light / one.light,
      page1: one.page,
      page2: two.page,
      page3: three.page,
      twoOverOne: two.page / one.page,
    };
    log(
      `replicas: router overhead ${(figures.routerOverhead * 100).toFixed(1)}% (light read); 2 replicas ${figures.twoOverOne.toFixed(2)}× 1 on the page read (${figures.twoOverOne > 1 ? 'more' : 'not more'}), ${figures.twoOverOneLight.toFixed(2)}× on the light read`,
    );
    return figures;
  } finally {
    await Promise.all(stops.map((stop) => stop()));
    for (const { child } of replicas) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}
