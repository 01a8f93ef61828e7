import type { Store } from '../store/index.js';

/**
 * How many stores a simulator keeps open, and for how long (#41): beyond either budget the least recently
 * used idle stores are closed (flushed first) and opened again on their next request.
 */
export interface StoreBudget {
  /** Most stores open at once; 0 closes every store as soon as its last request is answered. */
  maxOpenStores: number;
  /**
   * Most bytes of open stores, counted as their files (snapshot plus log): what an open store holds before
   * its collections are parsed, and a lower bound of its heap once they are. The store used last is never
   * closed for it: a store larger than the whole budget stays open while it is the one in use.
   */
  storeMemoryBudget: number;
  /** A store no request has used for this many milliseconds is closed; 0 never closes an idle store. */
  storeIdleCloseMs: number;
}

/** Defaults: about 1 GB of RSS at most for stores of the default profile (docs/reference/limits.md). */
export const DEFAULT_STORE_BUDGET: StoreBudget = {
  maxOpenStores: 100,
  storeMemoryBudget: 256 * 1024 * 1024,
  storeIdleCloseMs: 10 * 60 * 1000,
};

/** No budget: stores that live only in memory cannot be closed without losing them. */
export const UNBOUNDED: StoreBudget = {
  maxOpenStores: Infinity,
  storeMemoryBudget: Infinity,
  storeIdleCloseMs: 0,
};

interface Entry {
  opening: Promise<Store>;
  /** Set once opened. */
  store: Store | null;
  /** Requests using the store now: it is not closed under them. */
  pins: number;
  lastUsed: number;
  /** Called when the last pin goes (a close is waiting for it). */
  drained?: () => void;
}

/** A pinned store and how to let it go (once; later calls do nothing). */
export interface PinnedStore {
  store: Store;
  release(): void;
}

/**
 * Whether the budget may close a store: opened, used by no request, and healthy. A store whose last write
 * failed or that holds a damaged collection stays open, so health keeps naming it and its next write
 * tries the disk again.
 */
function closable(entry: Entry): entry is Entry & { store: Store } {
  return entry.store !== null && entry.pins === 0 && entry.store.health().ok;
}

/** A store's weight against the memory budget: its files' bytes. */
function weight(store: Store): number {
  const stats = store.stats();
  return stats.snapshotBytes + stats.walBytes;
}

/**
 * The open stores of a simulator, by key, in least-recently-used order, under a {@link StoreBudget}. A
 * store in use by a request is pinned and never closed under it; a store being closed is opened again only
 * once its close (its final snapshot, its lock's release) has finished, so one process never holds it twice.
 */
export class OpenStores {
  /** Insertion order is use order: a use moves the entry to the end. */
  private readonly entries = new Map<string, Entry>();
  /** Closes in flight, by key: an open of the same key waits for them. */
  private readonly closing = new Map<string, Promise<void>>();
  private readonly sweeper: NodeJS.Timeout | undefined;
  /** A request whose release was never called (a path that forgot it) unpins its store when collected. */
  private readonly forgotten = new FinalizationRegistry<() => void>((release) => release());

  constructor(
    private readonly budget: StoreBudget,
    /** Hears a store that failed to close (its log keeps every acknowledged write). */
    private readonly log: (message: string) => void,
  ) {
    if (budget.storeIdleCloseMs > 0) {
      const every = Math.max(1_000, Math.min(60_000, Math.floor(budget.storeIdleCloseMs / 2)));
      this.sweeper = setInterval(() => this.closeIdle(), every);
      this.sweeper.unref();
    }
  }

  /** Whether `key` is open or being opened. */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The stores open now, by key. */
  *opened(): IterableIterator<[string, Store]> {
    for (const [key, entry] of this.entries) if (entry.store) yield [key, entry.store];
  }

  /**
   * The store of `key`, opened with `open` when it is not (after a close of it in flight). Without `pin`
   * the store may be closed as soon as the budget asks for it; a caller that keeps using it pins it.
   */
  async get(key: string, open: () => Promise<Store>): Promise<Store> {
    const entry = this.entry(key, open);
    entry.lastUsed = Date.now();
    return entry.opening;
  }

  /** The store of `key`, pinned until `release()` (or until `owner` is garbage collected). */
  async pin(key: string, open: () => Promise<Store>, owner?: object): Promise<PinnedStore> {
    const entry = this.entry(key, open);
    entry.pins++;
    entry.lastUsed = Date.now();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      if (owner) this.forgotten.unregister(owner);
      entry.pins--;
      entry.lastUsed = Date.now();
      if (entry.pins === 0) entry.drained?.();
      this.enforce();
    };
    let store: Store;
    try {
      store = await entry.opening;
    } catch (err) {
      release();
      throw err;
    }
    if (owner) this.forgotten.register(owner, release, owner);
    return { store, release };
  }

  /**
   * Closes the store of `key` (flushing it first), once no request uses it when `afterRequests`; resolves
   * when it is closed. Without `afterRequests` it closes at once: a request still holding it then gets an
   * error for its next write, never a write into a closed store.
   */
  close(key: string, afterRequests = false): Promise<void> {
    const entry = this.entries.get(key);
    if (entry) this.retire(key, entry, afterRequests);
    return this.closing.get(key) ?? Promise.resolve();
  }

  /**
   * Closes every store and stops the idle sweep (shutdown: the HTTP server has stopped taking requests, and
   * a context whose release never came must not hold the shutdown).
   */
  async closeAll(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    for (const [key, entry] of [...this.entries]) this.retire(key, entry, false);
    await Promise.all(this.closing.values());
  }

  /** Closes the least recently used idle stores until the open ones fit the budget. */
  enforce(): void {
    let count = 0;
    let bytes = 0;
    for (const entry of this.entries.values()) {
      if (!entry.store) continue;
      count++;
      bytes += weight(entry.store);
    }
    // The memory budget never closes the store used last: one store larger than the whole budget (a
    // large profile's) would otherwise be closed after each request and opened again by the next, a
    // second per read. The count budget does close it (0 closes every store once it is answered).
    const entries = [...this.entries];
    const newest = entries.at(-1)?.[0];
    for (const [key, entry] of entries) {
      const overCount = count > this.budget.maxOpenStores;
      if (!overCount && bytes <= this.budget.storeMemoryBudget) return;
      if (!closable(entry) || (!overCount && key === newest)) continue;
      count--;
      bytes -= weight(entry.store);
      this.retire(key, entry);
    }
  }

  /** Closes the stores no request has used for the idle time. */
  closeIdle(now = Date.now()): void {
    for (const [key, entry] of [...this.entries]) {
      if (closable(entry) && now - entry.lastUsed >= this.budget.storeIdleCloseMs) this.retire(key, entry);
    }
  }

  private entry(key: string, open: () => Promise<Store>): Entry {
    let entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry;
    }
    const closed = this.closing.get(key) ?? Promise.resolve();
    const created: Entry = { opening: closed.then(open), store: null, pins: 0, lastUsed: Date.now() };
    this.entries.set(key, created);
    created.opening.then(
      (store) => {
        created.store = store;
        if (this.entries.get(key) === created) this.enforce();
      },
      () => {
        // A failed open is not cached: the next request tries again.
        if (this.entries.get(key) === created) this.entries.delete(key);
      },
    );
    entry = created;
    return entry;
  }

  /** Forgets `entry` (a later use opens the store again) and closes it, once its requests are done if told. */
  private retire(key: string, entry: Entry, afterRequests = true): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    const drained =
      entry.pins === 0 || !afterRequests
        ? Promise.resolve()
        : new Promise<void>((resolve) => (entry.drained = resolve));
    const before = this.closing.get(key) ?? Promise.resolve();
    const done: Promise<void> = Promise.all([before, drained])
      .then(() => entry.opening)
      .then(
        (store) => store.close(),
        () => undefined,
      )
      .catch((err: unknown) => {
        // No final snapshot (no space, a damaged collection): the log keeps every acknowledged write.
        this.log(
          `store ${key} not compacted at shutdown or eviction (its log keeps every write): ${(err as Error).message}`,
        );
      })
      .finally(() => {
        if (this.closing.get(key) === done) this.closing.delete(key);
      });
    this.closing.set(key, done);
  }
}
