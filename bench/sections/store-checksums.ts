import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { DEFAULT_TENANTS, fixtureProfiles, seedStoreFile } from '../../src/simulator/index.js';
import { FileBackend, Store } from '../../src/store/index.js';
import type { BenchConfig } from '../config.js';
import { log } from '../log.js';
import { median } from '../stats.js';

/** What the store's checksums (CRC-32 per log record, per snapshot collection) cost. */
export interface StoreChecksumFigures {
  writes: number;
  /** Wall time of the writes (group-committed, 32 in flight), ms. */
  writeMs: number;
  /** Time to checksum the same log lines, ms. */
  writeCrcMs: number;
  profile: string;
  snapshotMb: number;
  /** `Store.open` of the seeded store (lazy: only the first line's checksum is checked), ms. */
  openMs: number;
  /** Open, then the first read of every collection (each checksummed, then parsed), ms. */
  openReadAllMs: number;
  /** Time to checksum the whole snapshot file, ms. */
  snapshotCrcMs: number;
}

const WRITES = 4000;

const time = (fn: () => void): number => {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
};

function entity(i: number): Record<string, unknown> & { id: string } {
  return {
    id: `bench-${i}`,
    kind: 'Person',
    firstName: 'Ada',
    lastName: `Lovelace ${i}`,
    emails: [`ada${i}@example.com`],
    notes: 'x'.repeat(300),
  };
}

async function measureWrites(dir: string): Promise<{ ms: number; crcMs: number }> {
  const store = await Store.open(new FileBackend(dir, 'writes'));
  const t0 = performance.now();
  for (let i = 0; i < WRITES; i += 32) {
    await Promise.all(
      Array.from({ length: 32 }, (_, j) => store.transact((tx) => void tx.put('contacts', entity(i + j)))),
    );
  }
  const ms = performance.now() - t0;
  await store.close();
  // The same lines' JSON as the log writes it; only the CRC over it is the checksums' own work.
  const lines = Array.from({ length: WRITES }, (_, i) =>
    JSON.stringify({ seq: i + 1, ops: [{ op: 'put', c: 'contacts', e: entity(i) }] }),
  );
  const crcMs = time(() => {
    for (const line of lines) crc32(line);
  });
  return { ms, crcMs };
}

async function measureOpen(dir: string, profileName: string) {
  const profile = { ...fixtureProfiles().profiles[profileName]!, name: profileName };
  const tenant = DEFAULT_TENANTS[0]!;
  const seeded = await seedStoreFile({ tenant, region: 'us', seed: 1, profile }, dir);
  const name = `${tenant.id}-us`;
  const t0 = performance.now();
  const store = await Store.open(new FileBackend(dir, name));
  const openMs = performance.now() - t0;
  for (const collection of store.deferredCollections()) for (const _ of store.all(collection)) break;
  const openReadAllMs = performance.now() - t0;
  await store.close();
  const bytes = readFileSync(seeded.file);
  const snapshotCrcMs = time(() => void crc32(bytes));
  return { openMs, openReadAllMs, snapshotCrcMs, snapshotMb: bytes.length / 1024 / 1024 };
}

/**
 * The checksums' share of write time and of opening (and first reading) a large store, in process:
 * the time of the CRC-32 work itself set against the whole operation's, `startupRuns` times (medians).
 * There is no switch to turn checksums off, so this is their cost measured directly, not an A/B run.
 */
export async function measureStoreChecksums(
  profile: string,
  config: BenchConfig,
): Promise<StoreChecksumFigures> {
  const runs: Array<Omit<StoreChecksumFigures, 'writes' | 'profile'>> = [];
  for (let i = 0; i < config.startupRuns; i += 1) {
    const dir = mkdtempSync(join(tmpdir(), 'rm-bench-checksums-'));
    try {
      const writes = await measureWrites(dir);
      const open = await measureOpen(dir, profile);
      runs.push({ writeMs: writes.ms, writeCrcMs: writes.crcMs, ...open });
      log(
        `checksums: ${WRITES} writes ${Math.round(writes.ms)} ms (CRC ${writes.crcMs.toFixed(1)} ms); ` +
          `${profile} open+read ${Math.round(open.openReadAllMs)} ms (CRC ${open.snapshotCrcMs.toFixed(1)} ms)`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const pick = (f: (r: (typeof runs)[number]) => number) => median(runs.map(f));
  return {
    writes: WRITES,
    profile,
    writeMs: pick((r) => r.writeMs),
    writeCrcMs: pick((r) => r.writeCrcMs),
    snapshotMb: pick((r) => r.snapshotMb),
    openMs: pick((r) => r.openMs),
    openReadAllMs: pick((r) => r.openReadAllMs),
    snapshotCrcMs: pick((r) => r.snapshotCrcMs),
  };
}
