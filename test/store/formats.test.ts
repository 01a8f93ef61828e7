/**
 * Stores written by earlier releases (snapshot format 3, log lines without checksums) still open, and
 * are migrated as the store writes: new log lines carry checksums, the next snapshot is format 4.
 */
import { describe, expect, it } from '@jest/globals';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FileBackend, Store } from '../../src/store/index.js';
import { cli } from '../helpers/cli-io.js';
import { withTempDir } from './helpers.js';

const V3_SNAPSHOT =
  '{"version":3,"seq":2,"meta":{"seed":7},"collections":{\n' +
  '"contacts":[\n{"id":"a","name":"A"},\n{"id":"b","name":"B"}\n]\n' +
  '},"index":{"contacts":{"at":12,"length":48,"count":2}}}\n';
const LEGACY_LOG =
  '{"seq":3,"ops":[{"op":"put","c":"contacts","e":{"id":"c","name":"C"}}]}\n' +
  '{"seq":4,"ops":[{"op":"del","c":"contacts","id":"a"}]}\n';

describe('files of earlier releases', () => {
  it('open as they are, are noted by store check, and are rewritten in the new formats', async () => {
    await withTempDir(async (dir) => {
      await writeFile(join(dir, 't.json'), V3_SNAPSHOT);
      await writeFile(join(dir, 't.wal'), LEGACY_LOG);
      const checked = await cli(['store', 'check', '--data-dir', dir]);
      expect(checked.code).toBe(0);
      expect(checked.stdout).toContain('note t.wal: 2 records without checksums');

      const store = await Store.open(new FileBackend(dir, 't'));
      expect([...store.all('contacts')].map((e) => e.id)).toEqual(['b', 'c']);
      await store.transact((tx) => tx.put('contacts', { id: 'd', name: 'D' }));
      const log = await readFile(join(dir, 't.wal'), 'utf8');
      expect(log.startsWith(LEGACY_LOG)).toBe(true);
      expect(log.slice(LEGACY_LOG.length)).toMatch(/^\{"seq":5,.*\}\t[0-9a-f]{8}\n$/);
      await store.close();
      expect(await readFile(join(dir, 't.json'), 'utf8')).toMatch(/^\{"version":4,"seq":5,/);

      const reopened = await Store.open(new FileBackend(dir, 't'));
      expect([...reopened.all('contacts')].map((e) => e.id)).toEqual(['b', 'c', 'd']);
      expect(reopened.meta).toEqual({ seed: 7 });
      await reopened.close();
      expect((await cli(['store', 'check', '--data-dir', dir])).stdout).not.toContain('without checksums');
    });
  });
});
