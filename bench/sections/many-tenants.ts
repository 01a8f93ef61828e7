/**
 * The "many-tenants" section: a shared sandbox with 1,000 tenants, one region each, the default profile,
 * each read once through `rm-harness serve` with its default budgets (open stores, store memory, idle
 * close): the serve process's RSS (now and its peak) must stay under 1 GB, and every tenant must still
 * answer its next read as it answered the first. The stores are one seeded store copied to every tenant's
 * name (the same bytes a `seed` of each would write, for a fraction of the time), so the section measures
 * the budget, not the seeding.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixtureProfiles, seedStoreFile, type TenantConfig } from '../../src/simulator/index.js';
import { log } from '../log.js';
import { BENCH_PATH } from '../queries.js';
import { startServeChild } from '../serve-cli.js';

const READ = JSON.stringify({
  query: '{ searchFirmContacts(limit: 5) { totalModels models { id displayName } } }',
});

/** What the section measured. */
export interface ManyTenantsFigures {
  tenants: number;
  /** The serve process's resident set once every tenant was read once, and its peak (VmHWM), MB. */
  rssMb: number;
  peakRssMb: number;
  /** Tenants whose second read answered exactly what their first did. */
  answeredAgain: number;
  /** Wall seconds of the first round of reads (each opens a store, most close another). */
  firstRoundSeconds: number;
}

/** A /proc/<pid>/status field in kB, as MB. */
function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const found = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!found) throw new Error(`many-tenants: no ${field} in /proc/${pid}/status`);
  return Number(found[1]) / 1024;
}

/** The section's figures for `count` tenants (BENCH_TENANTS, default 1,000). */
export async function measureManyTenants(count: number): Promise<ManyTenantsFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rm-bench-tenants-'));
  try {
    const tenants: TenantConfig[] = Array.from({ length: count }, (_, i) => ({
      id: `tenant-${i}`,
      name: `Tenant ${i}`,
      token: `token-of-tenant-${i}`,
      fullCloud: true,
      languageSpecificInformation: true,
      auditFeature: true,
    }));
    const dataDir = path.join(dir, 'data');
    const profile = { ...fixtureProfiles().profiles['default']!, name: 'default' };
    const seeded = await seedStoreFile({ tenant: tenants[0]!, region: 'us', seed: 1, profile }, dataDir);
    for (let i = 1; i < count; i++) copyFileSync(seeded.file, path.join(dataDir, `tenant-${i}-us.json`));
    const tenantsFile = path.join(dir, 'tenants.json');
    writeFileSync(tenantsFile, JSON.stringify(tenants));
    const { child, url } = await startServeChild(
      ['--quiet', '--tenants', tenantsFile],
      ['--data-dir', dataDir, '--profile', 'default'],
    );
    try {
      const read = async (i: number): Promise<string> => {
        const res = await fetch(`${url}${BENCH_PATH}`, {
          method: 'POST',
          headers: { authorization: `Bearer token-of-tenant-${i}`, 'content-type': 'application/json' },
          body: READ,
        });
        const text = await res.text();
        if (res.status !== 200 || text.includes('"errors"'))
          throw new Error(`many-tenants: tenant-${i} answered ${res.status}: ${text.slice(0, 200)}`);
        return text;
      };
      const started = performance.now();
      const first: string[] = [];
      for (let i = 0; i < count; i++) first.push(await read(i));
      const firstRoundSeconds = (performance.now() - started) / 1000;
      const rssMb = statusMb(child.pid!, 'VmRSS');
      let answeredAgain = 0;
      for (let i = 0; i < count; i++) if ((await read(i)) === first[i]) answeredAgain++;
      const figures = {
        tenants: count,
        rssMb,
        peakRssMb: statusMb(child.pid!, 'VmHWM'),
        answeredAgain,
        firstRoundSeconds,
      };
      log(
        `many-tenants: ${count} tenants read once in ${firstRoundSeconds.toFixed(0)} s: RSS ${rssMb.toFixed(0)} MB ` +
          `(peak ${figures.peakRssMb.toFixed(0)} MB); ${answeredAgain} answered their next read as the first`,
      );
      return figures;
    } finally {
      child.kill('SIGKILL');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
