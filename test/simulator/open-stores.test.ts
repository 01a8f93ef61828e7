import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TenantConfig } from '../../src/simulator/index.js';
import type { StoreBudget } from '../../src/simulator/index.js';
import { dataOf, startTestServer, type TestServer } from '../helpers/server.js';

const servers: TestServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const tenants = (n: number): TenantConfig[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `t${i}`,
    name: `Tenant ${i}`,
    token: `token-of-t${i}`,
    fullCloud: true,
    languageSpecificInformation: true,
    auditFeature: true,
  }));

/** A server on a data dir of its own with `n` tenants (small profile) and a store budget. */
async function serve(n: number, storeBudget: Partial<StoreBudget>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'open-stores-'));
  dirs.push(dataDir);
  const server = await startTestServer({ inMemory: false, dataDir, tenants: tenants(n), storeBudget });
  servers.push(server);
  // An open store is one whose lock file is there: what another process would be refused.
  const open = () =>
    readdirSync(dataDir)
      .filter((f) => f.endsWith('.lock'))
      .sort();
  return { server, open };
}

/** `read()` once it satisfies `ok` (closing a store writes its snapshot first), or after 10 s as it is. */
async function settled<T>(read: () => T, ok: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 10_000;
  let value = read();
  while (!ok(value) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    value = read();
  }
  return value;
}

const ADD = `mutation($input: AddPersonInput!) { addPerson(input: $input) { item { id lastName } validationErrors { message } } }`;
const FIND = `query($name: String!) { searchFirmContacts(limit: 100, filter: [{ field: lastName, value: $name }]) { totalModels models { id } } }`;

type Added = {
  addPerson: { item: { id: string; lastName: string } | null; validationErrors: unknown[] | null };
};
type Found = { searchFirmContacts: { totalModels: number; models: Array<{ id: string }> } };

describe('the store budget (A-462)', () => {
  it('keeps at most max-open-stores open, closing the least recently used, and reopens them transparently', async () => {
    const { server, open } = await serve(5, { maxOpenStores: 2 });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const added = dataOf(
        await server.gql<Added>(
          ADD,
          { input: { firstName: 'Ada', lastName: `Budget${i}` } },
          { token: `token-of-t${i}` },
        ),
      );
      ids.push(added.addPerson.item!.id);
      expect((await settled(open, (o) => o.length <= 2)).length).toBeLessThanOrEqual(2);
    }
    expect(open()).toEqual(['t3-us.lock', 't4-us.lock']);
    // t0 was closed three stores ago: its write was flushed and is there when it opens again.
    for (let i = 0; i < 5; i++) {
      const found = dataOf(
        await server.gql<Found>(FIND, { name: `Budget${i}` }, { token: `token-of-t${i}` }),
      );
      expect(found.searchFirmContacts.models.map((m) => m.id)).toEqual([ids[i]]);
    }
  }, 60_000);

  it('keeps open the store used last even when it alone is over the memory budget, closing the others', async () => {
    // A store larger than the whole budget (the large profile's 387 MB against the default 256 MB) was
    // closed after every request and opened again by the next: a second per read.
    const { server, open } = await serve(2, { storeMemoryBudget: 1 });
    const added = dataOf(
      await server.gql<Added>(
        ADD,
        { input: { firstName: 'Ada', lastName: 'Over' } },
        { token: 'token-of-t0' },
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(open()).toEqual(['t0-us.lock']);
    await server.gql(FIND, { name: 'x' }, { token: 'token-of-t1' });
    expect(await settled(open, (o) => o.length === 1 && o[0] === 't1-us.lock')).toEqual(['t1-us.lock']);
    const found = dataOf(await server.gql<Found>(FIND, { name: 'Over' }, { token: 'token-of-t0' }));
    expect(found.searchFirmContacts.models.map((m) => m.id)).toEqual([added.addPerson.item!.id]);
    expect(await settled(open, (o) => o.length === 1 && o[0] === 't0-us.lock')).toEqual(['t0-us.lock']);
  }, 60_000);

  it('with 0 open stores every request closes its store, and concurrent writes each answer their own write', async () => {
    const { server, open } = await serve(3, { maxOpenStores: 0 });
    const writes = Array.from({ length: 30 }, (_, i) =>
      server.gql<Added>(
        ADD,
        { input: { firstName: `W${i}`, lastName: `Racer${i % 3}` } },
        { token: `token-of-t${i % 3}` },
      ),
    );
    const answers = await Promise.all(writes);
    for (const answer of answers) {
      expect(answer.errors).toBeUndefined();
      expect(dataOf(answer).addPerson.item?.lastName).toMatch(/^Racer\d$/);
    }
    expect(await settled(open, (o) => o.length === 0)).toEqual([]);
    for (let t = 0; t < 3; t++) {
      const found = dataOf(await server.gql<Found>(FIND, { name: `Racer${t}` }, { token: `token-of-t${t}` }));
      expect(found.searchFirmContacts.totalModels).toBe(10);
    }
  }, 60_000);

  it('a write racing an admin reset answers its own write or an error, never a null', async () => {
    const { server } = await serve(1, { maxOpenStores: 0 });
    const token = 'token-of-t0';
    for (let round = 0; round < 5; round++) {
      const write = server.gql<Added>(
        ADD,
        { input: { firstName: 'R', lastName: `Reset${round}` } },
        { token },
      );
      const reset = server.admin('POST', '/tenants/t0/reset');
      const [answer, done] = await Promise.all([write, reset]);
      expect(done.status).toBe(200);
      if (answer.errors) expect(answer.errors.length).toBeGreaterThan(0);
      else expect(dataOf(answer).addPerson.item?.lastName).toBe(`Reset${round}`);
    }
  }, 60_000);

  it('closes a store no request used for the idle time, and the stores of a removed tenant', async () => {
    const { server, open } = await serve(2, { storeIdleCloseMs: 1_000 });
    await server.gql(FIND, { name: 'x' }, { token: 'token-of-t0' });
    expect(open()).toEqual(['t0-us.lock']);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await settled(open, (o) => o.length === 0)).toEqual([]);

    const kept = await serve(2, {});
    await kept.server.gql(FIND, { name: 'x' }, { token: 'token-of-t1' });
    expect(kept.open()).toEqual(['t1-us.lock']);
    expect(kept.server.simulator.removeTenant('t1')).toBe(true);
    expect(await settled(kept.open, (o) => o.length === 0)).toEqual([]);
  }, 60_000);
});
