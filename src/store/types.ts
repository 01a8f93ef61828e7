/** A stored document: JSON values only, identified by a string id unique within its collection. */
export type Entity = { id: string } & Record<string, unknown>;

/** A whole store: the result of `Store.toSnapshot()` and what `Store.reset()` takes. */
export interface StoreSnapshot {
  version: 1;
  seq: number;
  meta: Record<string, unknown>;
  collections: Record<string, Entity[]>;
}

/**
 * A collection of a snapshot file that is parsed only when first needed, so opening a 100k-contact
 * store does not parse every collection before the first request.
 */
export interface DeferredCollection {
  readonly count: number;
  /** The CRC-32 of `bytes()` as the file recorded it (snapshot format 4 on). */
  readonly crc?: number;
  /** Throws `StoreCorruptError` naming the collection when its bytes fail their checksum. */
  verify?(): void;
  /** The collection's JSON array exactly as the canonical writer produced it, to write back untouched. */
  bytes(): Buffer;
  /**
   * The same bytes in pieces, when the collection is held that way (a seeding spill file): the writer
   * copies them one at a time instead of asking for all of them at once.
   */
  pieces?(): Iterable<Buffer>;
  /** Parses the array; throws `StoreCorruptError` naming the file when it is not an array of entities. */
  parse(): Entity[];
}

/** A snapshot as read from or written to a backend: each collection parsed, or still its text. */
export interface PersistedSnapshot {
  seq: number;
  meta: Record<string, unknown>;
  collections: Record<string, Entity[] | DeferredCollection>;
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

/** Who holds a store: what `<name>.lock` says. */
export interface LockOwner {
  /** Process id on `host`. */
  pid: number;
  /** `os.hostname()` of the owner: a replica's own name (a container's, a pod's). */
  host: string;
  /**
   * The process's start as the kernel counts it (`/proc/<pid>/stat` field 22), where there is one: tells
   * a live owner from another process that reused its pid (a restarted container's pid 1).
   */
  processStart?: string;
  /** When the owner took the lock (ISO time). */
  acquiredAt: string;
  /** The lease in milliseconds: the owner renews it every third of this time. */
  leaseMs: number;
  /** This acquisition's id: a renewal checks it is still the one in the file. */
  token: string;
}

/** A total order of entities for a sorted index whose order is not the text order of one value. */
export type EntityOrder<T extends Entity = Entity> = (a: T, b: T) => number;

/** The value an entity is ordered by in a sorted index (compared as text, by code units); must be pure. */
export type SortKeyFn<T extends Entity = Entity> = (entity: T) => string;

/**
 * The entities under one key of a sorted index, in order of their sort value (text, by code units), ties
 * in insertion order. A live read-only view: positions are valid until the next write to the collection.
 */
export interface SortedEntities<T extends Entity = Entity> {
  readonly length: number;
  /** The entity at position `i` (0 ≤ i < length). */
  at(i: number): T;
  /** The sort value of the entity at position `i`. */
  valueAt(i: number): string;
  /** The first position whose sort value is at least `value` (with `after`: greater than `value`). */
  bound(value: string, after?: boolean): number;
}
