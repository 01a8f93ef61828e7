// (b), (c) and (d) of the replica set: one owner per store, a killed replica's tenants served elsewhere
// within the lease with every acknowledged write kept, and handed back when it returns, never answered by
// two owners. Short lease, idle release and fail timeout, so the file runs in about a minute or two.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { RunningNginx } from '../../bench/nginx.js';
import type { TenantConfig } from '../../src/simulator/index.js';
import type { ServingProcess } from '../helpers/process.js';
import {
  admin,
  describeWithNginx,
  graphql,
  portOf,
  startReplica,
  startRouter,
  writeTenants,
  type Routed,
} from './helpers/replica-set.js';

const LEASE_S = 5;
const IDLE_S = 4;
const FAIL_TIMEOUT_S = 2;
const IDS = ['r1', 'r2', 'r3'];
const ADD = `mutation Add($name: String) {
  addCompany(input: { companyName: $name }) { validationErrors { propertyName message } item { id } }
}`;
const READ = 'query Read($id: ID!) { company(id: $id) { id } }';
const LANGUAGE = '{ regionalSettings { language { name } } }';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One write's outcome: acknowledged when answered 200 with the new company's id and no error. */
interface Write {
  tenant: string;
  /** When it was sent. */
  at: number;
  replica: string | null;
  id?: string;
}

/** The id of the company a write created, when the write was acknowledged. */
function acknowledged(answer: Routed): string | undefined {
  const data = answer.body.data as { addCompany?: { item?: { id?: string } | null } } | undefined;
  return answer.status === 200 && !answer.body.errors ? data?.addCompany?.item?.id : undefined;
}

/**
 * Reads an acknowledged write's company back through the router, as a client would: retrying while the
 * tenant's store is being handed over (503 `STORE_LOCKED`, for at most the lease).
 */
async function readBack(url: string, token: string, id: string): Promise<unknown> {
  const until = Date.now() + 30_000;
  for (;;) {
    const read = await graphql(url, token, READ, { variables: { id } });
    if (read.status !== 503 || Date.now() > until) return { status: read.status, ...read.body };
    await sleep(250);
  }
}

describeWithNginx('a replica set fails over and back by the store lock', () => {
  let dir: string;
  let dataDir: string;
  let tenantsFile: string;
  let tenants: TenantConfig[];
  const replicas = new Map<string, ServingProcess>();
  let router: RunningNginx | undefined;
  /** Each tenant's replica, as routing put it at the start. */
  const owner = new Map<string, string>();
  let victim: string;
  let victimTenants: TenantConfig[];
  const extra = ['--store-lease', String(LEASE_S), '--release-idle', String(IDLE_S)];

  /** Writes to `of` through the router, one after another per tenant, until `until()` is true. */
  async function writeUntil(of: readonly TenantConfig[], until: () => boolean, into: Write[]) {
    let n = 0;
    await Promise.all(
      of.map(async (tenant) => {
        while (!until()) {
          n += 1;
          const at = Date.now();
          const answer = await graphql(router!.url, tenant.token, ADD, {
            variables: { name: `${tenant.id} write ${n}` },
          }).catch(() => undefined);
          const id = answer ? acknowledged(answer) : undefined;
          into.push({
            tenant: tenant.id,
            at,
            replica: answer?.replica ?? null,
            ...(id ? { id } : {}),
          });
          if (!id) await sleep(100);
        }
      }),
    );
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rm-deploy-failover-'));
    dataDir = path.join(dir, 'data');
    ({ file: tenantsFile, tenants } = writeTenants(dir, 12));
    const started = await Promise.all(IDS.map((id) => startReplica(id, { dataDir, tenantsFile, extra })));
    started.forEach((replica, i) => replicas.set(IDS[i]!, replica));
    router = await startRouter(dir, tenants, started, FAIL_TIMEOUT_S);
    for (const tenant of tenants) {
      const answer = await graphql(router.url, tenant.token, LANGUAGE);
      expect(answer.status).toBe(200);
      owner.set(tenant.id, answer.replica!);
    }
    // The replica with the most tenants is the one killed.
    const counts = IDS.map((id) => [...owner.values()].filter((o) => o === id).length);
    victim = IDS[counts.indexOf(Math.max(...counts))]!;
    victimTenants = tenants.filter((t) => owner.get(t.id) === victim);
  }, 120_000);

  afterAll(async () => {
    await router?.stop();
    for (const replica of replicas.values()) replica.child.kill('SIGTERM');
    await Promise.all([...replicas.values()].map((r) => r.exited));
    rmSync(dir, { recursive: true, force: true });
  });

  it('(b) never lets two processes open one store: the second answers STORE_LOCKED and opens nothing', async () => {
    const tenant = victimTenants[0]!;
    const other = replicas.get(IDS.find((id) => id !== victim)!)!;
    // The owner has the store open (asked for just now, well within its idle release).
    expect((await graphql(router!.url, tenant.token, LANGUAGE)).replica).toBe(victim);
    const answer = await fetch(`${other.url}/us/1.4.0/public-api/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenant.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: LANGUAGE }),
    });
    const body = (await answer.json()) as { errors: Array<{ extensions: { code: string } }> };
    expect(answer.status).toBe(503);
    expect(body.errors[0]!.extensions.code).toBe('STORE_LOCKED');
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(retryAfter >= 1 && retryAfter <= LEASE_S).toBe(true);
    const report = await admin(other.url, 'GET', '/replica');
    const served = (report.body as unknown as { tenants: Array<{ tenant: string }> }).tenants;
    expect(served.map((s) => s.tenant)).not.toContain(tenant.id);
  }, 60_000);

  const writes: Write[] = [];
  let killedAt = 0;

  it('(c) serves a SIGKILLed replica’s tenants from another within the lease, with every acknowledged write', async () => {
    let stop = false;
    const load = writeUntil(victimTenants, () => stop, writes);
    // Writes acknowledged by the victim first, then it is killed under the load.
    while (writes.filter((w) => w.id && w.replica === victim).length < 2 * victimTenants.length)
      await sleep(50);
    killedAt = Date.now();
    replicas.get(victim)!.child.kill('SIGKILL');
    await replicas.get(victim)!.exited;
    const takenOver = () =>
      victimTenants.every((t) => writes.some((w) => w.tenant === t.id && w.id && w.at > killedAt));
    const until = Date.now() + 60_000;
    while (!takenOver() && Date.now() < until) await sleep(100);
    await sleep(500);
    stop = true;
    await load;

    for (const tenant of victimTenants) {
      const after = writes.filter((w) => w.tenant === tenant.id && w.id && w.at > killedAt);
      expect(after.length).toBeGreaterThan(0);
      expect(after.every((w) => w.replica !== victim)).toBe(true);
      // The lease runs out at most LEASE_S after the kill (its last renewal came before it); the write that
      // first lands was sent by a client that retries a refused write 100 ms after its answer, so a
      // second of scheduling slack is the client's, not the lease's.
      expect(after[0]!.at - killedAt).toBeLessThanOrEqual(LEASE_S * 1000 + 1000);
    }
    // Every write acknowledged before or after the kill is there, read through the router.
    for (const write of writes.filter((w) => w.id)) {
      const tenant = tenants.find((t) => t.id === write.tenant)!;
      const read = await graphql(router!.url, tenant.token, READ, { variables: { id: write.id } });
      expect({ id: write.id, data: read.body.data }).toEqual({
        id: write.id,
        data: { company: { id: write.id } },
      });
    }
  }, 180_000);

  it('(d) hands the tenants back to the restarted replica, never answered by two owners', async () => {
    expect(killedAt).toBeGreaterThan(0);
    const port = portOf(replicas.get(victim)!);
    replicas.set(victim, await startReplica(victim, { dataDir, tenantsFile, port, extra }));
    const after: Write[] = [];
    let stop = false;
    const back = () =>
      victimTenants.every((t) => after.some((w) => w.tenant === t.id && w.id && w.replica === victim));
    const load = writeUntil(victimTenants, () => stop, after);
    const until = Date.now() + 90_000;
    while (!back() && Date.now() < until) await sleep(100);
    await sleep(1000);
    stop = true;
    await load;

    for (const tenant of victimTenants) {
      // Acknowledged writes in order: those of the replica that took over, then only the owner's.
      const by = after.filter((w) => w.tenant === tenant.id && w.id).map((w) => w.replica);
      const firstBack = by.indexOf(victim);
      expect(firstBack).toBeGreaterThanOrEqual(0);
      expect(by.slice(firstBack).every((r) => r === victim)).toBe(true);
      expect(new Set(by.slice(0, firstBack)).size).toBeLessThanOrEqual(1);
    }
    const report = await admin(replicas.get(victim)!.url, 'GET', '/replica');
    const served = (report.body as unknown as { tenants: Array<{ tenant: string }> }).tenants.map(
      (s) => s.tenant,
    );
    expect(served.sort()).toEqual(victimTenants.map((t) => t.id).sort());
    for (const write of [...writes, ...after].filter((w) => w.id)) {
      const tenant = tenants.find((t) => t.id === write.tenant)!;
      expect(await readBack(router!.url, tenant.token, write.id!)).toEqual({
        status: 200,
        data: { company: { id: write.id } },
      });
    }
  }, 180_000);
});
