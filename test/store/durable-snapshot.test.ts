import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FaultFs, FileBackend, nodeFs, Store } from '../../src/store/index.js';
import type { DurableFs, Entity } from '../../src/store/index.js';
import { withTempDir } from './helpers.js';

const here = dirname(fileURLToPath(import.meta.url));
const projectRoot = resolve(here, '../..');
const fixture = join(here, 'fixtures', 'snapshot-crash-writer.ts');

/**
 * A `DurableFs` that logs each snapshot-related call as "<call> <file name>" (writes to one file logged
 * once in a row); the live log's own appends, reads and free-space checks are left out.
 */
function recordingFs(log: string[], dir: string): DurableFs {
  const names = ['t.wal', 't.json'];
  return new FaultFs(nodeFs, (call) => {
    if (['readFile', 'readdir', 'statfs', 'datasync', 'truncate'].includes(call.op)) return;
    const name = call.path === dir ? 'dir' : basename(call.path);
    if (call.op !== 'rename' && call.op !== 'unlink' && names.includes(name)) return;
    const target = call.to ? ` ${basename(call.to)}` : '';
    const entry = call.op === 'sync' ? `fsync ${name}` : `${call.op} ${name}${target}`;
    if (log[log.length - 1] !== entry || !entry.startsWith('write ')) log.push(entry);
  });
}

const durableSnapshot = [
  'open .t.json.tmp',
  'write .t.json.tmp',
  'fsync .t.json.tmp',
  'close .t.json.tmp',
  'rename .t.json.tmp t.json',
  'open dir',
  'fsync dir',
  'close dir',
];

describe('durable snapshot write', () => {
  it('writes the temp file, fsyncs it, renames it, fsyncs the directory, and only then removes a WAL', async () => {
    await withTempDir(async (dir) => {
      const log: string[] = [];
      const store = await Store.open(new FileBackend(dir, 't', { fs: recordingFs(log, dir) }));
      for (let i = 0; i < 5; i++) await store.transact((tx) => tx.put('c', { id: `a${i}` }));
      log.length = 0;
      await store.compact();
      // The rotation of the log first (a rename and the directory's fsync), then the snapshot.
      expect(log).toEqual([
        'rename t.wal t.wal.1',
        'open dir',
        'fsync dir',
        'close dir',
        ...durableSnapshot,
        'unlink t.wal.1',
        'open dir',
        'fsync dir',
        'close dir',
      ]);

      await store.transact((tx) => tx.put('c', { id: 'b' }));
      log.length = 0;
      await store.close();
      // No rotated WAL this time: its removal is tried and finds nothing.
      expect(log).toEqual([
        ...durableSnapshot,
        'unlink t.wal.1',
        'unlink t.wal',
        'open dir',
        'fsync dir',
        'close dir',
      ]);
    });
  });

  it('keeps the previous snapshot and the WAL when the temp file cannot be made durable', async () => {
    await withTempDir(async (dir) => {
      const failingSync = new FaultFs();
      failingSync.arm({ code: 'EIO', ops: ['sync'], file: /\.tmp$/, times: Infinity });
      const first = await Store.open(new FileBackend(dir, 't'));
      await first.transact((tx) => tx.put('c', { id: 'old' }));
      await first.close();
      // Left open, as by a crash (no lock, so that it can be opened again in this process).
      const store = await Store.open(new FileBackend(dir, 't', { fs: failingSync, lock: false }));
      await store.transact((tx) => tx.put('c', { id: 'new' }));
      await expect(store.compact()).rejects.toThrow('EIO');
      expect((await readdir(dir)).sort()).toEqual(['t.json', 't.wal', 't.wal.1']);
      const reopened = await Store.open(new FileBackend(dir, 't'));
      expect([...reopened.all('c')].map((e) => e.id)).toEqual(['old', 'new']);
      await reopened.close();
    });
  });
});

/** Runs the crash writer until it kills itself at `step`; returns the writes it acknowledged. */
function runUntilKilled(dir: string, action: string, step: string): Promise<number[]> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, dir, action, step], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const giveUp = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(giveUp);
      if (signal !== 'SIGKILL' || !out.includes(`killed at ${step}\n`)) {
        reject(new Error(`writer exited with ${code ?? signal} without reaching ${step}:\n${out}\n${err}`));
        return;
      }
      const acks = out
        .split('\n')
        .filter((line) => line.startsWith('ack '))
        .map((line) => Number(line.slice(4)));
      resolvePromise(acks);
    });
  });
}

const steps = ['temp-written', 'temp-synced', 'renamed', 'dir-synced', 'wal-removed'];

describe('a crash at each step of a snapshot write', () => {
  for (const action of ['compact', 'close']) {
    for (const step of steps) {
      it(`${action}, killed after ${step}: the store reopens with every acknowledged write`, async () => {
        await withTempDir(async (dir) => {
          const acked = new Set<number>();
          // The second round crashes while replacing the snapshot the first round's recovery wrote.
          for (let round = 0; round < 2; round++) {
            for (const n of await runUntilKilled(dir, action, step)) acked.add(n);
            const store = await Store.open(new FileBackend(dir, 'crash'));
            const items = store.count('items');
            for (const n of acked) expect(store.has('items', `item-${n}`)).toBe(true);
            for (let n = 0; n < items; n++) expect(store.has('items', `item-${n}`)).toBe(true);
            expect(store.get<Entity & { value: number }>('counters', 'c')?.value).toBe(items);
            expect(store.meta.last).toBe(items - 1);
            await store.close();
            expect(await readdir(dir)).not.toContain('.crash.json.tmp');
          }
        });
      }, 60_000);
    }
  }
});
