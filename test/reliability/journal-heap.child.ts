// Child process of journal-heap.test.ts (run with --expose-gc): starts the simulator with the default
// journal, sends it `count` authenticated requests of about 1 MiB each, collects garbage and prints the
// heap and the journal's own accounting as one JSON line.
import { startServer } from '../../src/server/index.js';

const count = Number(process.argv[2] ?? '1000');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const server = await startServer({ port: 0, inMemory: true, profile: 'small', log: () => {} });
// Just under the default body limit (1 MiB).
const pad = 'x'.repeat(1024 * 1024 - 200);
for (let i = 0; i < count; i += 1) {
  // A distinct document and variable each time: nothing is shared between the requests' texts.
  const body = `{"query":"query Q${i}($pad: String) { __typename }","variables":{"pad":"${i}${pad}"}}`;
  const res = await fetch(`${server.url}/us/1.4.0/public-api/graphql`, {
    method: 'POST',
    headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
    body,
  });
  if (res.status !== 200) throw new Error(`request ${i}: HTTP ${res.status}`);
  await res.arrayBuffer();
}
// Entries are recorded as responses close; then two full collections.
await new Promise((resolve) => setTimeout(resolve, 200));
gc();
gc();
process.stdout.write(
  `${JSON.stringify({
    heapUsed: process.memoryUsage().heapUsed,
    entries: server.journal.length,
    journalBytes: server.journal.bytes,
    journalMaxBytes: server.journal.maxBytes,
  })}\n`,
);
await server.close();
