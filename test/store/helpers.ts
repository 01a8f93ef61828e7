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

/** Opens a file-backed store named "t" in `dir`. */
export function openFile(dir: string, options: FileBackendOptions = {}): Promise<Store> {
  return Store.open(new FileBackend(dir, 't', options), { freeze: true });
}
