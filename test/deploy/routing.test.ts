// (a) of the replica set: every request of a tenant, GraphQL or admin, reaches one replica through nginx.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import pLimit from 'p-limit';
import type { RunningNginx } from '../../bench/nginx.js';
import type { TenantConfig } from '../../src/simulator/index.js';
import type { ServingProcess } from '../helpers/process.js';
import {
  admin,
  describeWithNginx,
  graphql,
  startReplica,
  startRouter,
  writeTenants,
} from './helpers/replica-set.js';

const LANGUAGE = '{ regionalSettings { language { name } } }';
const REPLICAS = ['r1', 'r2', 'r3'];

describeWithNginx('three replicas behind nginx, sharded by tenant', () => {
  let dir: string;
  let tenants: TenantConfig[];
  let replicas: ServingProcess[] = [];
  let router: RunningNginx | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rm-deploy-routing-'));
    const written = writeTenants(dir, 50);
    tenants = written.tenants;
    const dataDir = path.join(dir, 'data');
    replicas = await Promise.all(
      REPLICAS.map((id) => startReplica(id, { dataDir, tenantsFile: written.file })),
    );
    router = await startRouter(dir, tenants, replicas);
  }, 60_000);

  afterAll(async () => {
    await router?.stop();
    for (const replica of replicas) replica.child.kill('SIGTERM');
    await Promise.all(replicas.map((r) => r.exited));
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends all 50 tenants’ GraphQL and admin requests to one replica each, and each replica serves only those', async () => {
    const url = router!.url;
    const answeredBy = new Map<string, Set<string | null>>();
    // Both revisions by token (one region: each store a replica opens is seeded, which takes time) and
    // admin routes by the id in the path; six tenants at a time.
    const limit = pLimit(6);
    await Promise.all(
      tenants.map((tenant) =>
        limit(async () => {
          const answers = [
            await graphql(url, tenant.token, LANGUAGE, { version: '1.4.0' }),
            await graphql(url, tenant.token, LANGUAGE, { version: '1.2.0' }),
            await admin(url, 'GET', `/tenants/${tenant.id}/clock`),
            await admin(url, 'DELETE', `/tenants/${tenant.id}/clock`),
            await graphql(url, tenant.token, LANGUAGE, { version: '1.4.0' }),
          ];
          expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
          answeredBy.set(tenant.id, new Set(answers.map((a) => a.replica)));
        }),
      ),
    );
    const owner = new Map([...answeredBy].map(([id, by]) => [id, [...by]]));
    expect([...owner.values()].filter((by) => by.length !== 1)).toEqual([]);
    // The ring spreads them: every replica owns some tenants.
    const counts = REPLICAS.map((id) => [...owner.values()].filter((by) => by[0] === id).length);
    expect(counts.every((n) => n > 0)).toBe(true);

    // Each replica reports the tenants it serves: exactly those routed to it.
    for (const [index, replica] of replicas.entries()) {
      const report = await admin(replica.url, 'GET', '/replica');
      const served = (report.body as unknown as { tenants: Array<{ tenant: string; regions: string[] }> })
        .tenants;
      const routedHere = tenants.filter((t) => owner.get(t.id)![0] === REPLICAS[index]).map((t) => t.id);
      expect(served.map((s) => s.tenant).sort()).toEqual(routedHere.sort());
      expect(served.every((s) => s.regions.join() === 'us')).toBe(true);
    }
  }, 240_000);
});
