/**
 * Reading a simulator's store files from a script (`import { readStore } from 'rm-api-harness/store'`):
 * a door of its own, so a script that only reads a store loads neither the simulator nor its server.
 * `StoreCorruptError` is what `StoreView.entities` throws for a collection whose bytes are damaged.
 */
export {
  readStore,
  StoreCorruptError,
  type Entity,
  type StoreReadError,
  type StoreView,
} from '../store/index.js';
