import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { removeSeedScratch, seedStoreFile, type SeededFile, type SeedInput } from './seeding.js';

/** How `seedStoreFiles` runs. */
export interface SeedFilesOptions {
  /**
   * Stores seeded side by side, each in its own worker thread (default: the CPU cores, at most
   * {@link MAX_DEFAULT_JOBS}). 1, or a single store, seeds in this thread, one store after another.
   */
  jobs?: number;
  /** Told after each area of each store: the store's place in the list, areas done, areas in all, the area. */
  onProgress?: (store: number, done: number, total: number, area: string) => void;
}

/** One store file written, with the time it took. */
export interface SeededStoreFile extends SeededFile {
  ms: number;
}

/**
 * The default number of workers is capped: each holds one store while seeding it (a 100k-contact one
 * peaks near 400 MB), so on a many-core machine an uncapped default would trade memory for little time.
 */
export const MAX_DEFAULT_JOBS = 4;

/** The default `jobs`: one per CPU core, at most {@link MAX_DEFAULT_JOBS}. */
export function defaultSeedJobs(): number {
  return Math.max(1, Math.min(availableParallelism(), MAX_DEFAULT_JOBS));
}

/** A store to seed, as sent to a worker. */
export interface SeedTask {
  store: number;
  input: SeedInput;
  dataDir: string;
  /** The token of the store lock the worker takes to put the file in place (see `removeSeedScratch`). */
  lockToken: string;
}

/** What a worker reports. */
export type SeedWorkerMessage =
  | { kind: 'progress'; store: number; done: number; total: number; area: string }
  /** Every byte of the store's file is written; only its fsync and rename are left (they wait on the disk). */
  | { kind: 'written'; store: number }
  | { kind: 'seeded'; store: number; result: SeededStoreFile }
  | { kind: 'failed'; store: number; message: string; code?: string };

/**
 * Seeds the store files of `stores` into `dataDir` (see `seedStoreFile`), several at once in worker
 * threads when `jobs` allows: each worker seeds one store at a time and takes the next as soon as
 * the previous one's bytes are written, so its fsync and rename wait on the disk while the worker
 * seeds on (the written store's entities are let go first, so a worker's memory is still one store's).
 * Every file is the same, byte for byte, however many
 * workers wrote it. Results come in the order of `stores`. A failure stops the other workers and
 * rejects with the first error.
 */
export async function seedStoreFiles(
  stores: readonly SeedInput[],
  dataDir: string,
  options: SeedFilesOptions = {},
): Promise<SeededStoreFile[]> {
  const jobs = Math.min(options.jobs ?? defaultSeedJobs(), stores.length);
  if (jobs <= 1) {
    const results: SeededStoreFile[] = [];
    for (const [store, input] of stores.entries()) {
      const started = Date.now();
      const onProgress = (done: number, total: number, area: string) =>
        options.onProgress?.(store, done, total, area);
      const result = await seedStoreFile(input, dataDir, onProgress);
      results.push({ ...result, ms: Date.now() - started });
    }
    return results;
  }
  return seedInWorkers(stores, dataDir, jobs, options);
}

function seedInWorkers(
  stores: readonly SeedInput[],
  dataDir: string,
  jobs: number,
  options: SeedFilesOptions,
): Promise<SeededStoreFile[]> {
  const results: SeededStoreFile[] = new Array<SeededStoreFile>(stores.length);
  const workers: Worker[] = [];
  /** Workers stopped because no store was left for them: their exit is no failure. */
  const retired = new Set<Worker>();
  /** Stores each worker has been sent and not yet reported seeded. */
  const inFlight = new Map<Worker, number>();
  /** Stores after which their worker got its next one (on `written`, or on `seeded` without it). */
  const handedOn = new Set<number>();
  /** Stores sent to a worker and not yet reported seeded: a failure elsewhere may cut them off midway. */
  const unfinished = new Set<number>();
  /** The lock token each store's worker was given: a worker terminated while holding that lock leaves it. */
  const lockTokens = stores.map(() => randomUUID());
  let next = 0;
  let finished = 0;
  return new Promise<SeededStoreFile[]>((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      // Every worker stopped first, then what the stores they were cut off in left beside their files.
      void Promise.all(workers.map((w) => w.terminate()))
        .then(() =>
          Promise.all(
            [...unfinished].map((store) => removeSeedScratch(stores[store]!, dataDir, lockTokens[store])),
          ),
        )
        .finally(() => reject(error));
    };
    const assign = (worker: Worker) => {
      if (next >= stores.length) return;
      const store = next++;
      inFlight.set(worker, (inFlight.get(worker) ?? 0) + 1);
      unfinished.add(store);
      worker.postMessage({
        store,
        input: stores[store]!,
        dataDir,
        lockToken: lockTokens[store]!,
      } satisfies SeedTask);
    };
    /** The worker is done with `store`'s CPU part: it gets the next store, once per store. */
    const handOn = (worker: Worker, store: number) => {
      if (handedOn.has(store)) return;
      handedOn.add(store);
      assign(worker);
    };
    for (let i = 0; i < jobs; i++) {
      const worker = startSeedWorker();
      workers.push(worker);
      worker.on('message', (message: SeedWorkerMessage) => {
        if (settled) return;
        if (message.kind === 'progress') {
          options.onProgress?.(message.store, message.done, message.total, message.area);
        } else if (message.kind === 'written') {
          handOn(worker, message.store);
        } else if (message.kind === 'seeded') {
          results[message.store] = message.result;
          unfinished.delete(message.store);
          inFlight.set(worker, inFlight.get(worker)! - 1);
          if (++finished === stores.length) {
            settled = true;
            void Promise.all(workers.map((w) => w.terminate())).then(() => resolve(results));
            return;
          }
          handOn(worker, message.store);
          // Stopped only with nothing in flight: a store being made durable must not be cut off.
          if (inFlight.get(worker) === 0) {
            retired.add(worker);
            void worker.terminate();
          }
        } else {
          fail(Object.assign(new Error(message.message), message.code ? { code: message.code } : {}));
        }
      });
      worker.on('error', (error) => fail(error));
      worker.on('exit', (code) => {
        if (!settled && !retired.has(worker) && code !== 0)
          fail(new Error(`a seeding worker stopped with exit code ${code}`));
      });
      assign(worker);
    }
  });
}

/**
 * A worker running `seed-worker`: the compiled `.js` beside this module when installed; in a checkout,
 * where this module is TypeScript run through tsx (or jest), the `.ts` source, with tsx registered in
 * the worker first (a worker does not inherit the loader hooks of the thread that starts it).
 */
function startSeedWorker(): Worker {
  const self = import.meta.url;
  if (!self.endsWith('.ts')) return new Worker(new URL('./seed-worker.js', self));
  const entry = new URL('./seed-worker.ts', self).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true });
}
