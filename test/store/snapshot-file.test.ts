import { describe, expect, it } from '@jest/globals';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SnapshotFile } from '../../src/store/snapshot-file.js';
import { collectionEntities, fsError, nodeFs } from '../../src/store/index.js';
import type { DeferredCollection, DurableFs, PersistedSnapshot } from '../../src/store/index.js';
import { withTempDir } from './helpers.js';

const PIECE = 1 << 20;

/**
 * A snapshot whose one collection is `pieces` pieces of ~1 MiB (each a JSON array line), produced on
 * demand; `produced` logs each piece as the writer asks for it.
 */
function piecedSnapshot(pieces: number, log: string[]): PersistedSnapshot {
  const line = (i: number) => `{"id":"e${i}","pad":"${'x'.repeat(PIECE)}"}`;
  const collection: DeferredCollection = {
    count: pieces,
    bytes: () => Buffer.from(`[\n${[...Array(pieces).keys()].map(line).join(',\n')}\n]`),
    *pieces() {
      yield Buffer.from('[\n');
      for (let i = 0; i < pieces; i++) {
        log.push(`produce ${i}`);
        yield Buffer.from(`${i === 0 ? '' : ',\n'}${line(i)}`);
      }
      yield Buffer.from('\n]');
    },
    parse: () => [],
  };
  return { seq: 1, meta: {}, collections: { c: collection } };
}

/** `nodeFs`, except that the temp file's writes are logged (by the piece they start with) and can fail. */
function loggingFs(log: string[], failAt?: number): DurableFs {
  let writes = 0;
  let inFlight = 0;
  return {
    ...nodeFs,
    open: async (path, flags) => {
      const handle = await nodeFs.open(path, flags);
      if (flags !== 'w') return handle;
      return {
        ...handle,
        sync: () => handle.sync(),
        datasync: () => handle.datasync(),
        truncate: (length) => handle.truncate(length),
        close: () => handle.close(),
        write: async (buffer, offset, length) => {
          const n = writes++;
          if (++inFlight > 1) log.push('two writes in flight');
          log.push(`write ${n} start`);
          try {
            // Long enough that the writer, if it overlaps, asks for the next piece meanwhile.
            await new Promise((resolve) => setTimeout(resolve, 20));
            if (n === failAt) throw fsError('ENOSPC', 'write', 's.json.tmp');
            return await handle.write(buffer, offset, length);
          } finally {
            inFlight--;
            log.push(`write ${n} end`);
          }
        },
      };
    },
  };
}

describe('SnapshotFile write', () => {
  it('produces the next piece while the previous one is written, one write in flight at a time', async () => {
    await withTempDir(async (dir) => {
      const log: string[] = [];
      const path = join(dir, 's.json');
      await new SnapshotFile(path, loggingFs(log)).write(piecedSnapshot(4, log));
      expect(log).not.toContain('two writes in flight');
      // Pieces are produced while a write is running (between its start and its end).
      const produced: string[] = [];
      let writing = false;
      for (const entry of log) {
        if (entry.endsWith(' start')) writing = true;
        else if (entry.endsWith(' end')) writing = false;
        else if (writing) produced.push(entry);
      }
      expect(produced).toEqual(['produce 1', 'produce 2', 'produce 3']);
      const read = await new SnapshotFile(path).read();
      expect(collectionEntities(read!.collections['c']!).map((e) => e.id)).toEqual(['e0', 'e1', 'e2', 'e3']);
    });
  });

  it('a write that fails mid-file leaves the previous snapshot and no temp file, and rejects with the error', async () => {
    await withTempDir(async (dir) => {
      const path = join(dir, 's.json');
      await writeFile(path, 'previous');
      const log: string[] = [];
      const write = new SnapshotFile(path, loggingFs(log, 1)).write(piecedSnapshot(4, log));
      await expect(write).rejects.toMatchObject({ code: 'ENOSPC' });
      expect(log).not.toContain('two writes in flight');
      // Every write started has ended before the temp file was removed.
      expect(log.filter((e) => e.endsWith('start')).length).toBe(log.filter((e) => e.endsWith('end')).length);
      expect(await readdir(dir)).toEqual(['s.json']);
      expect(await readFile(path, 'utf8')).toBe('previous');
    });
  });
});
