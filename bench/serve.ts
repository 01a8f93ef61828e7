/**
 * Child process of the bench: starts one server and prints one JSON line `{ url, fixture }`; SIGTERM stops it.
 * `serve.ts sim <profile> <dataDir>` | `serve.ts raw|express|fair|mercurius <profile>` | `serve.ts mock`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findProfile, fixtureProfiles } from '../src/domain/profile.js';
import { startServer } from '../src/server/index.js';
import { DEFAULT_TENANTS, seedSnapshot, type TenantConfig } from '../src/simulator/index.js';
import { pickFixture, pickGrowthFixture } from './fixture.js';
import type { BenchFixture } from './queries.js';
import { fairApp } from './servers/fair.js';
import { mercuriusApp } from './servers/mercurius.js';
import { expressApp, precomputedBodies, rawServer } from './servers/precomputed.js';
import { mockApp } from './servers/mock.js';

async function listen(server: Server): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The seeded snapshot of the bench tenant's US store, as the simulator seeds it. */
async function seeded(profileName: string) {
  const profile = findProfile(profileName);
  if (!profile) throw new Error(`unknown profile ${profileName}`);
  const snapshot = await seedSnapshot({ tenant, region: 'us', seed: fixtureProfiles().defaultSeed, profile });
  return { snapshot, fixture: pickFixture((name) => snapshot.collections[name] ?? []) };
}

const tenant = DEFAULT_TENANTS[0]!;

/** `count` tenants like the first default one (audit on, so every view records events), each its own token. */
function soakTenants(count: number): TenantConfig[] {
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return { ...tenant, id: `soak-${n}`, name: `Soak tenant ${n}`, token: `soak-token-${n}` };
  });
}

async function main(): Promise<void> {
  const [kind, profileName = 'bench-1k', dataDir] = process.argv.slice(2);
  let url: string;
  let close: () => Promise<void>;
  let fixture: BenchFixture | null = null;
  if (kind === 'sim') {
    // startServer's defaults, as `serve --quiet` runs: the request journal on, no per-request log line.
    const server = await startServer({ port: 0, dataDir, profile: profileName, log: () => undefined });
    const store = await server.simulator.store(tenant.id, 'us');
    fixture = { ...pickFixture((name) => store.all(name)), ...pickGrowthFixture((name) => store.all(name)) };
    ({ url, close } = server);
  } else if (kind === 'soak') {
    // `serve.ts soak <profile> <dataDir> <tenants>`: many full-cloud tenants, each with its own fixture.
    const count = Number(process.argv[5] ?? '20');
    const tenants = soakTenants(count);
    const server = await startServer({
      port: 0,
      dataDir,
      profile: profileName,
      tenants,
      log: () => undefined,
    });
    const stores = [];
    for (const t of tenants) {
      const store = await server.simulator.store(t.id, 'us');
      const read = (name: string) => store.all(name);
      stores.push({
        token: t.token,
        events: store.count('events'),
        fixture: { ...pickFixture(read), ...pickGrowthFixture(read) },
      });
    }
    ({ url, close } = server);
    (globalThis as { gc?: () => void }).gc?.();
    process.once('SIGTERM', () => {
      void close().then(() => process.exit(0));
    });
    process.stdout.write(`${JSON.stringify({ url, fixture: null, tenants: stores })}\n`);
    return;
  } else if (kind === 'fair') {
    const data = await seeded(profileName);
    fixture = data.fixture;
    ({ url, close } = await listen(createServer(fairApp(data.snapshot))));
  } else if (kind === 'mercurius') {
    const data = await seeded(profileName);
    fixture = data.fixture;
    const app = await mercuriusApp(data.snapshot);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    url = address;
    close = () => app.close();
  } else if (kind === 'raw' || kind === 'express') {
    const data = await seeded(profileName);
    fixture = data.fixture;
    const bodies = await precomputedBodies(data.snapshot, data.fixture);
    ({ url, close } = await listen(kind === 'raw' ? rawServer(bodies) : createServer(expressApp(bodies))));
  } else if (kind === 'mock') {
    ({ url, close } = await listen(createServer(mockApp())));
  } else {
    throw new Error(`unknown server kind "${kind}"`);
  }
  process.once('SIGTERM', () => {
    void close().then(() => process.exit(0));
  });
  // Every server alike: the load measures a steady state, so the garbage of start-up (the store file's
  // text, the fixture scan) is collected now rather than by a major GC during the first measurement.
  (globalThis as { gc?: () => void }).gc?.();
  process.stdout.write(`${JSON.stringify({ url, fixture })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
