/** A stored document: JSON values only, identified by a string id unique within its collection. */
export type Entity = { id: string } & Record<string, unknown>;

/** The persisted form of a whole store: the snapshot file and the result of `Store.toSnapshot()`. */
export interface StoreSnapshot {
  version: 1;
  seq: number;
  meta: Record<string, unknown>;
  collections: Record<string, Entity[]>;
}

/** One change inside a WAL record; a `meta` op without `v` removes the key. */
export type WalOp =
  | { op: 'put'; c: string; e: Entity }
  | { op: 'del'; c: string; id: string }
  | { op: 'meta'; k: string; v?: unknown };

/** One committed transaction as written to the WAL (one JSON line). */
export interface WalRecord {
  seq: number;
  ops: WalOp[];
}

/** Derives the secondary-index key(s) of an entity; must be pure, as removal recomputes it. */
export type IndexKeyFn<T extends Entity = Entity> = (entity: T) => string | readonly string[] | undefined;
