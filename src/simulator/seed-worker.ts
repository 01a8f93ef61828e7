import { parentPort } from 'node:worker_threads';
import type { SeedTask, SeedWorkerMessage } from './seed-files.js';
import { seedStoreFile } from './seeding.js';

// A worker thread of `seedStoreFiles`: seeds the stores it is sent and reports back. A store is sent when
// the previous one is written, so one may still be made durable while the next is seeded.
const port = parentPort;
if (!port) throw new Error('seed-worker runs as a worker thread of seedStoreFiles');

const send = (message: SeedWorkerMessage) => port.postMessage(message);

port.on('message', (task: SeedTask) => {
  const started = Date.now();
  const onProgress = (done: number, total: number, area: string) =>
    send({ kind: 'progress', store: task.store, done, total, area });
  // Told once the bytes are written: the worker takes its next store while this one's fsync waits on the disk.
  const onWritten = () => send({ kind: 'written', store: task.store });
  seedStoreFile(task.input, task.dataDir, onProgress, onWritten, task.lockToken).then(
    (result) => send({ kind: 'seeded', store: task.store, result: { ...result, ms: Date.now() - started } }),
    (error: unknown) => {
      const { message, code } = error as { message?: unknown; code?: unknown };
      send({
        kind: 'failed',
        store: task.store,
        message: typeof message === 'string' ? message : String(error),
        ...(typeof code === 'string' ? { code } : {}),
      });
    },
  );
});
