import { describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Simulator, SimulatorSetupError } from '../../src/simulator/index.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Simulator releaseIdleStoresMs', () => {
  it('closes a store no request used for that long, releasing its lock; a store in use stays open', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sim-idle-'));
    const simulator = new Simulator({ dataDir: dir, profile: 'small', releaseIdleStoresMs: 2000 });
    const locks = async () => (await readdir(dir)).filter((f) => f.endsWith('.lock')).sort();
    try {
      await simulator.store('dev-firm', 'us');
      expect(await locks()).toEqual(['dev-firm-us.lock']);
      // eu is used every 200 ms from now on, us not at all, until us is released (seeding eu may take a while).
      await simulator.store('dev-firm', 'eu');
      const until = Date.now() + 20_000;
      while ((await locks()).includes('dev-firm-us.lock') && Date.now() < until) {
        await sleep(200);
        await simulator.store('dev-firm', 'eu');
      }
      expect([...simulator.openStores()]).toEqual([['dev-firm', ['eu']]]);
      expect(await locks()).toEqual(['dev-firm-eu.lock']);
      // Still open after more than the idle time of use.
      for (let i = 0; i < 15; i += 1) {
        await sleep(200);
        await simulator.store('dev-firm', 'eu');
      }
      expect([...simulator.openStores()]).toEqual([['dev-firm', ['eu']]]);
    } finally {
      await simulator.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses less than a second', () => {
    expect(() => new Simulator({ dataDir: '/tmp', releaseIdleStoresMs: 10 })).toThrow(SimulatorSetupError);
  });
});
