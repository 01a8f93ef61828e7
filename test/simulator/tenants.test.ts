// Tenants as units (src/simulator/tenants.ts and the Simulator's tenant methods): configuration checks,
// lookup by token, changes through the admin API's calls, one store per (tenant, region), one clock per
// tenant. The admin routes over HTTP are tested under test/server.
import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import {
  checkTenant,
  checkTenantPatch,
  DEFAULT_TENANTS,
  loadTenantsFile,
  parseTenants,
  Simulator,
  SimulatorSetupError,
  TenantConfigError,
  type TenantConfig,
} from '../../src/simulator/index.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

const firm = (overrides: Partial<TenantConfig> = {}): TenantConfig => ({
  id: 'acme',
  name: 'Acme LLP',
  token: 'acme-token-1',
  fullCloud: true,
  languageSpecificInformation: true,
  auditFeature: true,
  ...overrides,
});

describe('parseTenants', () => {
  it('fills the switches a tenant leaves out with true, without changing the input', () => {
    const input = [{ id: 'acme', name: 'Acme LLP', token: 'acme-token-1', auditFeature: false }];
    const parsed = parseTenants(input, 'tenants.json');
    expect(parsed).toEqual([firm({ auditFeature: false })]);
    expect(input[0]).not.toHaveProperty('fullCloud');
  });

  it('refuses two tenants with one id, or with one token, naming the source', () => {
    expect(() => parseTenants([firm(), firm({ token: 'other-token' })], 'f.json')).toThrow(
      new TenantConfigError('f.json: duplicate tenant id "acme"'),
    );
    expect(() => parseTenants([firm(), firm({ id: 'other' })], 'f.json')).toThrow(
      'f.json: two tenants share one token',
    );
  });

  it('refuses what the schema refuses, with the path of each fault', () => {
    expect(() => parseTenants([], 'f.json')).toThrow('f.json: (root) must NOT have fewer than 1 items');
    expect(() => parseTenants([firm({ token: 'short' })], 'f.json')).toThrow(
      'f.json: /0/token must NOT have fewer than 8 characters',
    );
    expect(() => parseTenants([firm({ id: 'a b' })], 'f.json')).toThrow(/\/0\/id must match pattern/);
    expect(() => parseTenants([{ ...firm(), secret: 1 }], 'f.json')).toThrow(
      /\/0 must NOT have additional properties/,
    );
  });
});

describe('loadTenantsFile', () => {
  it('reads a JSON array of tenants, and says why a file cannot be used', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tenants-'));
    dirs.push(dir);
    const good = join(dir, 'tenants.json');
    await writeFile(good, JSON.stringify([firm()]));
    expect(loadTenantsFile(good)).toEqual([firm()]);
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '[{');
    expect(() => loadTenantsFile(broken)).toThrow(`tenants file ${broken} is not valid JSON`);
    expect(() => loadTenantsFile(join(dir, 'none.json'))).toThrow(/^cannot read tenants file .*none\.json/);
    const invalid = join(dir, 'invalid.json');
    await writeFile(invalid, JSON.stringify({ id: 'acme' }));
    expect(() => loadTenantsFile(invalid)).toThrow(`${invalid}: (root) must be array`);
  });
});

describe('checkTenant and checkTenantPatch (the admin API)', () => {
  it('returns a new tenant with its defaults, or a message', () => {
    expect(checkTenant({ id: 'acme', name: 'Acme LLP', token: 'acme-token-1' })).toEqual(firm());
    expect(checkTenant({ id: 'acme', name: '', token: 'acme-token-1' })).toBe(
      '/name must NOT have fewer than 1 characters',
    );
    expect(checkTenant({ id: 'acme' })).toMatch(/must have required property 'name'/);
  });

  it('lets a patch change switches and the name, never the id or the token, and never nothing', () => {
    expect(checkTenantPatch({ fullCloud: false })).toEqual({ fullCloud: false });
    expect(checkTenantPatch({})).toBe('(root) must NOT have fewer than 1 properties');
    expect(checkTenantPatch({ token: 'new-token-123' })).toBe('(root) must NOT have additional properties');
    expect(checkTenantPatch({ id: 'x' })).toBe('(root) must NOT have additional properties');
    expect(checkTenantPatch({ auditFeature: 'yes' })).toBe('/auditFeature must be boolean');
  });
});

describe('Simulator tenants', () => {
  it('starts with the default tenants and finds each by its token; an unknown token finds none', () => {
    const simulator = new Simulator();
    expect(simulator.listTenants()).toEqual(DEFAULT_TENANTS);
    expect(simulator.tenantByToken(DEV_TOKENS.full)?.id).toBe('dev-firm');
    expect(simulator.tenantByToken(DEV_TOKENS.limited)?.id).toBe('limited-firm');
    expect(simulator.tenantByToken('dev-token ')).toBeUndefined();
    expect(simulator.tenantByToken('')).toBeUndefined();
    expect(simulator.tenant('nobody')).toBeUndefined();
  });

  it('keeps copies: changing what was passed in or handed out changes no tenant', () => {
    const mine = firm();
    const simulator = new Simulator({ tenants: [mine] });
    mine.token = 'changed-token';
    simulator.listTenants()[0]!.name = 'Renamed';
    simulator.updateTenant('acme', { fullCloud: false })!.name = 'Renamed';
    expect(simulator.tenantByToken('acme-token-1')).toEqual(firm({ fullCloud: false }));
    expect(simulator.tenantByToken('changed-token')).toBeUndefined();
  });

  it('adds a tenant unless its id or token is taken', () => {
    const simulator = new Simulator();
    expect(simulator.addTenant(firm())).toBe(true);
    expect(simulator.tenantByToken('acme-token-1')?.id).toBe('acme');
    expect(simulator.addTenant(firm({ token: 'another-token' }))).toBe(false);
    expect(simulator.addTenant(firm({ id: 'other', token: DEV_TOKENS.full }))).toBe(false);
    expect(simulator.listTenants().map((t) => t.id)).toEqual(['dev-firm', 'limited-firm', 'acme']);
  });

  it('applies a change of switches to the next lookup, and removal stops the token at once', () => {
    const simulator = new Simulator();
    expect(simulator.updateTenant('nobody', { fullCloud: false })).toBeUndefined();
    expect(simulator.updateTenant('dev-firm', { fullCloud: false })).toMatchObject({ fullCloud: false });
    expect(simulator.tenantByToken(DEV_TOKENS.full)?.fullCloud).toBe(false);
    expect(simulator.removeTenant('dev-firm')).toBe(true);
    expect(simulator.tenantByToken(DEV_TOKENS.full)).toBeUndefined();
    expect(simulator.removeTenant('dev-firm')).toBe(false);
    expect(simulator.clock('dev-firm')).toBeUndefined();
  });

  it('hands out one token set per generation of the tenants: the same object until a change', () => {
    const simulator = new Simulator();
    const first = simulator.tenantTokens();
    expect([...first].sort()).toEqual([DEV_TOKENS.full, DEV_TOKENS.limited]);
    expect(simulator.tenantTokens()).toBe(first);
    simulator.addTenant(firm());
    const second = simulator.tenantTokens();
    expect(second).not.toBe(first);
    expect(second.has('acme-token-1')).toBe(true);
    // A refused add is no change.
    simulator.addTenant(firm());
    expect(simulator.tenantTokens()).toBe(second);
    simulator.updateTenant('acme', { auditFeature: false });
    const third = simulator.tenantTokens();
    expect(third).not.toBe(second);
    simulator.removeTenant('acme');
    expect(simulator.tenantTokens()).not.toBe(third);
    expect(simulator.tenantTokens().has('acme-token-1')).toBe(false);
  });

  it('gives each tenant one clock for all its regions, and none to an unknown tenant', async () => {
    const fixed = new Date('2030-01-01T00:00:00Z');
    const simulator = new Simulator({ profile: 'small', now: () => fixed });
    try {
      const clock = simulator.clock('dev-firm');
      expect(clock).toBe(simulator.clock('dev-firm'));
      expect(simulator.clock('limited-firm')).not.toBe(clock);
      expect(simulator.clock('nobody')).toBeUndefined();
      clock!.change({ now: '2099-01-01T00:00:00Z' });
      const tenant = simulator.tenant('dev-firm')!;
      for (const region of ['us', 'eu'] as const) {
        const context = await simulator.context(tenant, region, '1.4.0');
        expect(context.now().toISOString()).toBe('2099-01-01T00:00:00.000Z');
      }
      const other = await simulator.context(simulator.tenant('limited-firm')!, 'us', '1.4.0');
      expect(other.now()).toEqual(fixed);
    } finally {
      await simulator.close();
    }
  });
});

describe('Simulator stores by region', () => {
  it('opens one seeded store per (tenant, region), the same one on every use', async () => {
    const simulator = new Simulator({ profile: 'small', seed: 7 });
    try {
      const us = await simulator.store('dev-firm', 'us');
      const eu = await simulator.store('dev-firm', 'eu');
      const limited = await simulator.store('limited-firm', 'us');
      expect(eu).not.toBe(us);
      expect(limited).not.toBe(us);
      expect(await simulator.store('dev-firm', 'us')).toBe(us);
      expect(us.meta).toMatchObject({ tenantId: 'dev-firm', region: 'us', seed: 7, profile: 'small' });
      expect(eu.meta).toMatchObject({ tenantId: 'dev-firm', region: 'eu' });
      expect(limited.meta).toMatchObject({ tenantId: 'limited-firm', region: 'us' });
      // Regions keep their own data: a write in one is not seen in another.
      await us.transact((tx) => tx.setMeta('touched', true));
      expect(eu.meta['touched']).toBeUndefined();
      const context = await simulator.context(simulator.tenant('dev-firm')!, 'eu', '1.2.0');
      expect(context).toMatchObject({ region: 'eu', version: '1.2.0' });
      expect(context.store).toBe(eu);
    } finally {
      await simulator.close();
    }
  });

  it('refuses the store of an unknown tenant, and a later use tries again', async () => {
    const simulator = new Simulator({ profile: 'small' });
    try {
      await expect(simulator.store('acme', 'us')).rejects.toThrow(
        new SimulatorSetupError('unknown tenant "acme"'),
      );
      await expect(simulator.reset('acme', ['us'])).rejects.toThrow('unknown tenant "acme"');
      simulator.addTenant(firm());
      expect((await simulator.store('acme', 'us')).meta).toMatchObject({ tenantId: 'acme' });
    } finally {
      await simulator.close();
    }
  });

  it('refuses an unknown profile and a page-size limit below the spec default', () => {
    expect(() => new Simulator({ profile: 'huge' })).toThrow(/^unknown profile "huge" \(expected small, /);
    expect(() => new Simulator({ limits: { maxPageSize: 499 } })).toThrow(
      'limits.maxPageSize must be at least 500',
    );
  });
});
