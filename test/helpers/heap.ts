// The heap as a memory bound is measured: live bytes after a full collection, never a counter kept by
// the code under test. Jest runs without --expose-gc, so the collector is exposed here for the process.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const MB = 1024 * 1024;

/** Heap in use after two full collections (the second catches what finalizers of the first released), in MB. */
export function heapAfterGcMb(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed / MB;
}
