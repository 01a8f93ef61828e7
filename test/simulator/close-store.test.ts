import { describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Simulator } from '../../src/simulator/index.js';

describe('Simulator.closeStore', () => {
  it('closes one store and forgets it; its next use reopens it from its files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sim-close-'));
    const simulator = new Simulator({ dataDir: dir, profile: 'small' });
    try {
      const first = await simulator.store('dev-firm', 'us');
      const contacts = first.count('contacts');
      await simulator.closeStore('dev-firm', 'us');
      await expect(first.sync()).rejects.toThrow(/store is closed/);
      // Closed cleanly: the snapshot holds everything, no WAL is left behind.
      expect((await readdir(dir)).sort()).toEqual(['dev-firm-us.json']);
      const again = await simulator.store('dev-firm', 'us');
      expect(again).not.toBe(first);
      expect(again.count('contacts')).toBe(contacts);
      await simulator.closeStore('dev-firm', 'eu');
    } finally {
      await simulator.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
