// inspect-store.mjs: prints what a simulator's store holds. readStore reads the snapshot and the log
// records after it without taking the store's lock or changing a byte, so the simulator may keep running.
import { readStore } from 'rm-api-harness/store';

const read = await readStore(process.argv[2] ?? '.data/dev-firm-us.json');
if (!read.ok) {
  console.error(`${read.kind}: ${read.message}`);
  process.exit(1);
}
const { store } = read;
console.log(
  `${store.name}: seq ${store.seq} (${store.logRecords} log records), ${store.collections.length} collections`,
);
// Counting is free; entities() parses a collection on its first use.
const contacts = store.entities('contacts');
console.log(`contacts: ${store.count('contacts')}, the first: ${contacts[0]?.displayName}`);
