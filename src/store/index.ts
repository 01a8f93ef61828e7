/** Public API of the per-(tenant, region) document store: see `Store`. */
// Export lists only: where runs of them read like another index file or the type imports of
// state.ts, that is a list of names written where it is needed, not logic to share.
export { Store } from './store.js';
export type { StoreHealth, StoreOptions, StoreStats } from './store.js';
export type { StoreReader, Transaction } from './transaction.js';
export { MemoryBackend } from './backend.js';
export type { BackendStats, LoadedData, StoreBackend } from './backend.js';
export { FileBackend } from './file-backend.js';
export type { FileBackendOptions } from './file-backend.js';
export { SnapshotFile } from './snapshot-file.js';
export { SnapshotBuilder } from './snapshot-builder.js';
export type { BuilderIndex, SnapshotBuilderOptions } from './snapshot-builder.js';
export { removeStoreLogs, replaceStore, storeFilePaths } from './store-files.js';
export type { StoreFilePaths } from './store-files.js';
export { nodeFs } from './fsutil.js';
export type { DurableFs, DurableHandle } from './fsutil.js';
export {
  reasonOf,
  storeFailureOf,
  StoreCorruptError,
  StoreError,
  StoreFailedError,
  StoreLockedError,
  StoreQuotaError,
} from './errors.js';
export {
  DEFAULT_LEASE_MS,
  describeOwner,
  lockPath,
  readLock,
  removeLockOf,
  staleness,
  StoreLock,
} from './lock.js';
export type { HeldLock, StoreLockOptions } from './lock.js';
export type { StoreFailureReason, StoreQuota, StoreQuotaKind } from './errors.js';
export { collectionEntities, parseSnapshot, stringifySnapshot } from './snapshot-codec.js';
export type {
  DeferredCollection,
  Entity,
  EntityOrder,
  IndexKeyFn,
  LockOwner,
  PersistedSnapshot,
  SortKeyFn,
  SortedEntities,
  StoreSnapshot,
  WalOp,
  WalRecord,
} from './types.js';
export { FaultFs, fsError } from './fault-fs.js';
export type { FaultSpec, FsCall, FsOp } from './fault-fs.js';
export { checkStore, listStores, salvageSnapshot } from './check.js';
export type { StoreCheck, StoreFinding } from './check.js';
export { readStore } from './inspect.js';
export type { StoreReadError, StoreView } from './inspect.js';
