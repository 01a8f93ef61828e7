import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileBackend, Store } from '../../src/store/index.js';
import type { Entity } from '../../src/store/index.js';
import { withTempDir } from './helpers.js';

const here = dirname(fileURLToPath(import.meta.url));
const projectRoot = resolve(here, '../..');
const fixture = join(here, 'fixtures', 'crash-writer.ts');

/** Runs the writer until it has acknowledged something, kills it at a random moment, returns acks. */
function runAndKill(dir: string): Promise<number[]> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, dir], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let killTimer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (!killTimer && out.includes('ack ')) {
        killTimer = setTimeout(() => child.kill('SIGKILL'), 50 + Math.random() * 400);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(giveUp);
      clearTimeout(killTimer);
      if (signal !== 'SIGKILL' || !killTimer) {
        reject(new Error(`writer exited with ${code ?? signal} before the kill:\n${err}`));
        return;
      }
      // Only complete lines count: a line cut by the kill was never fully reported.
      const acks = out
        .split('\n')
        .slice(0, -1)
        .filter((line) => line.startsWith('ack '))
        .map((line) => Number(line.slice(4)));
      resolvePromise(acks);
    });
  });
}

describe('crash safety', () => {
  it('every acknowledged write survives SIGKILL at a random moment', async () => {
    await withTempDir(async (dir) => {
      const acked = new Set<number>();
      for (let round = 0; round < 3; round++) {
        const acks = await runAndKill(dir);
        expect(acks.length).toBeGreaterThan(0);
        for (const n of acks) acked.add(n);
        const store = await Store.open(new FileBackend(dir, 'crash'));
        const items = store.count('items');
        for (const n of acked) expect(store.has('items', `item-${n}`)).toBe(true);
        // Transactions are atomic and applied in order: items form a prefix and the counter matches.
        for (let n = 0; n < items; n++) expect(store.has('items', `item-${n}`)).toBe(true);
        expect(store.get<Entity & { value: number }>('counters', 'c')?.value).toBe(items);
        expect(store.meta.last).toBe(items - 1);
        await store.close();
      }
    });
  });
});
