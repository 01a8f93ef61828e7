import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileBackend, Store } from '../../src/store/index.js';
import type { FileBackendOptions } from '../../src/store/index.js';

/** Runs `fn` with a fresh temp dir that is removed afterwards. */
export async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'store-test-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Opens a file-backed store named "t" in `dir`, without its lock unless `options.lock` says so: these
 * tests act a crash by opening the store again while the first one is still open in this process (an
 * abandoned store stands for a killed process). test/store/lock.test.ts is about the lock.
 */
export function openFile(dir: string, options: FileBackendOptions = {}): Promise<Store> {
  return Store.open(new FileBackend(dir, 't', { lock: false, ...options }), { freeze: true });
}
