import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { query, refusedWithin, spawnServe } from '../helpers/process.js';

// `npm start & … kill $!` in a CI script sends SIGTERM to npm alone. npm forwards it to its child; the
// start script execs node, so that child is the simulator itself and nothing is left behind.

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('npm start', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops on %s sent to the npm process: the port is free and the stores are flushed',
    async (signal) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'rm-harness-signals-'));
      dirs.push(dir);
      const data = path.join(dir, 'data');
      const npm = await spawnServe('npm', [
        'start',
        '--',
        '--port',
        '0',
        '--data-dir',
        data,
        '--profile',
        'small',
      ]);
      // A query opens (and seeds) the tenant's store, so there is a store to flush.
      expect((await query(npm.url, '{ regionalSettings { language { name } } }')).status).toBe(200);
      expect(readdirSync(data).some((f) => f.endsWith('.wal'))).toBe(true);

      npm.child.kill(signal);
      await npm.exited;
      expect(await refusedWithin(npm.url, 10_000)).toBe(true);
      expect(npm.output()).toContain('stopped; stores flushed');
      const files = readdirSync(data);
      expect(files.filter((f) => f.endsWith('.wal'))).toEqual([]);
      expect(files.some((f) => f.endsWith('.json'))).toBe(true);
    },
    120_000,
  );
});
