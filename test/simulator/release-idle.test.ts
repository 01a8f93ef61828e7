import { describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Simulator, SimulatorSetupError } from '../../src/simulator/index.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Simulator releaseIdleStoresMs', () => {
  it('closes a store no request used for that long, releasing its lock; a store in use stays open', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sim-idle-'));
    const simulator = new Simulator({ dataDir: dir, profile: 'small', releaseIdleStoresMs: 1000 });
    try {
      await simulator.store('dev-firm', 'us');
      await simulator.store('dev-firm', 'eu');
      expect((await readdir(dir)).filter((f) => f.endsWith('.lock')).sort()).toEqual([
        'dev-firm-eu.lock',
        'dev-firm-us.lock',
      ]);
      // eu is used every 200 ms, us not at all.
      for (let i = 0; i < 12; i += 1) {
        await sleep(200);
        await simulator.store('dev-firm', 'eu');
      }
      expect([...simulator.openStores()]).toEqual([['dev-firm', ['eu']]]);
      expect((await readdir(dir)).filter((f) => f.endsWith('.lock'))).toEqual(['dev-firm-eu.lock']);
    } finally {
      await simulator.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses less than a second', () => {
    expect(() => new Simulator({ dataDir: '/tmp', releaseIdleStoresMs: 10 })).toThrow(SimulatorSetupError);
  });
});
