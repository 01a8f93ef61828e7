// A reload of the tenants as a unit (src/cli/serve-reload.ts, applyTenants): what each generation of the
// tenants file does to the simulator's tenants and stores. `serve --watch` end to end is serve-watch.test.ts.
import { describe, expect, it } from '@jest/globals';
import { applyTenants } from '../../src/cli/serve-reload.js';
import { DEFAULT_TENANTS, Simulator, type TenantConfig } from '../../src/simulator/index.js';

const [firm, limited] = DEFAULT_TENANTS as [TenantConfig, TenantConfig];
const acme: TenantConfig = { ...firm, id: 'acme', name: 'Acme LLP', token: 'acme-token-1' };

describe('applyTenants', () => {
  it('changes nothing when the next generation is the same', () => {
    const simulator = new Simulator();
    const tokens = simulator.tenantTokens();
    expect(applyTenants(simulator, DEFAULT_TENANTS)).toEqual({ added: [], changed: [], removed: [] });
    expect(simulator.tenantTokens()).toBe(tokens);
  });

  it('adds, changes and removes tenants by id', () => {
    const simulator = new Simulator();
    const changes = applyTenants(simulator, [{ ...firm, auditFeature: false, name: 'Renamed' }, acme]);
    expect(changes).toEqual({ added: ['acme'], changed: ['dev-firm'], removed: ['limited-firm'] });
    expect(simulator.listTenants()).toEqual([{ ...firm, auditFeature: false, name: 'Renamed' }, acme]);
    expect(simulator.tenantByToken(limited.token)).toBeUndefined();
  });

  it('keeps the stores of a tenant whose token changed: it answers on the new token only', async () => {
    const simulator = new Simulator({ profile: 'small' });
    try {
      const store = await simulator.store('dev-firm', 'us');
      const changes = applyTenants(simulator, [{ ...firm, token: 'rotated-token' }, limited]);
      // Re-added under the same id: a change of the tenant, not a new one.
      expect(changes).toEqual({ added: [], changed: ['dev-firm'], removed: [] });
      expect(simulator.tenantByToken(firm.token)).toBeUndefined();
      expect(simulator.tenantByToken('rotated-token')?.id).toBe('dev-firm');
      expect(await simulator.store('dev-firm', 'us')).toBe(store);
    } finally {
      await simulator.close();
    }
  });

  it('lets a token move from a removed tenant to a new one in one generation', () => {
    const simulator = new Simulator();
    const changes = applyTenants(simulator, [firm, { ...acme, token: limited.token }]);
    expect(changes).toEqual({ added: ['acme'], changed: [], removed: ['limited-firm'] });
    expect(simulator.tenantByToken(limited.token)?.id).toBe('acme');
  });
});
