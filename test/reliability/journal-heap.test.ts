// The journal's byte budget is the memory it holds (issue "a shared sandbox", item 4): after 1,000
// authenticated requests of about 1 MiB, the heap after a full collection stays near the journal's
// budget, not near the 1 GB that was sent, because the journal keeps copies of the parts it cuts (a
// cut of a string would keep the whole string alive). Measured in a child process with --expose-gc.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from '@jest/globals';

const CHILD = fileURLToPath(new URL('./journal-heap.child.ts', import.meta.url));
const MB = 1024 * 1024;

describe('journal retention', () => {
  it('holds about its byte budget after 1,000 requests of 1 MiB, measured as heap after a full GC', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', CHILD, '1000'],
      { maxBuffer: MB },
    );
    const measured = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
      heapUsed: number;
      entries: number;
      journalBytes: number;
      journalMaxBytes: number;
    };
    // Every request was kept, so the journal's accounting is what it should hold …
    expect(measured.entries).toBe(1000);
    expect(measured.journalBytes).toBeLessThanOrEqual(measured.journalMaxBytes);
    // … and the heap holds that and the server, not the bodies (about 1,000 MiB before the copies).
    expect(measured.heapUsed).toBeLessThan(measured.journalMaxBytes + 200 * MB);
  }, 1_200_000);
});
