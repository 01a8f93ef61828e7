/** Ring size of a journal unless `serve --journal-size` says otherwise. */
export const DEFAULT_JOURNAL_SIZE = 1000;

/** Largest ring size accepted (each entry keeps up to {@link MAX_KEPT_CHARS} of each of its parts). */
export const MAX_JOURNAL_SIZE = 100_000;

/**
 * Most characters an entry keeps of its document, of its variables (as JSON) and of its response body;
 * longer ones are cut with a visible marker (`…[cut: 32768 of 1048576 characters kept]`).
 */
export const MAX_KEPT_CHARS = 32 * 1024;

/**
 * Total size of the texts the journal keeps unless `serve --journal-max-bytes` says otherwise: the oldest
 * entries are dropped first once it is reached, whatever the ring's count. Counted in characters of the
 * kept texts (one byte each for ASCII), plus {@link ENTRY_OVERHEAD} per entry.
 */
export const DEFAULT_JOURNAL_BYTES = 64 * 1024 * 1024;

/** Smallest byte budget accepted: room for one entry whose parts are all cut. */
export const MIN_JOURNAL_BYTES = 4 * MAX_KEPT_CHARS;

/** What an entry is counted as besides its texts (its head, ids, the record itself). */
export const ENTRY_OVERHEAD = 1024;

/** GraphQL operation kinds, as graphql-js names them. */
export type OperationType = 'query' | 'mutation' | 'subscription';

/** What a request asked for, as far as its document could be read. */
export interface JournalOperation {
  /** The operation's name, or null for an anonymous one or an unreadable document. */
  name: string | null;
  type: OperationType | null;
  /** Root field names (e.g. `searchFirmContacts`). */
  fields: string[];
}

/** One GraphQL request as the journal keeps it: nothing in it carries a token or a secret-looking value. */
export interface JournalEntry {
  /** `req-<n>`, increasing over the server's life (a cleared journal does not restart it). */
  id: string;
  /** When the request arrived (ISO date-time). */
  time: string;
  method: string;
  /** The endpoint path, e.g. `/eu/1.2.0/public-api/graphql`. */
  path: string;
  /** Id of the tenant the bearer token named; null when it named none (401). */
  tenant: string | null;
  region: string;
  /** The revision segment of the endpoint (1.4.0, 1.2.0, or the mock's). */
  revision: string;
  operation: JournalOperation;
  /**
   * Variables with secrets masked; null when none were sent. Variables whose JSON is longer than
   * {@link MAX_KEPT_CHARS} are that JSON as text, cut and ending with the cut marker.
   */
  variables: unknown;
  /** The document with known tokens masked, cut at {@link MAX_KEPT_CHARS} (marked); null when none was sent. */
  document: string | null;
  status: number;
  /** From arrival to the last byte of the response, in milliseconds. */
  durationMs: number;
  /** `extensions.code` of the response's errors, each once. */
  errorCodes: string[];
  /** Every `id` value in the response's data, each once, in order of appearance (at most 100). */
  ids: string[];
  /** The response body: its JSON, or its text when it is not JSON or was cut (then ending with the marker). */
  response: unknown;
  /** Whether the response body was longer than {@link MAX_KEPT_CHARS} and cut. */
  responseTruncated: boolean;
  /** The change events the request's writes recorded (committed ones only), as the store keeps them. */
  events: unknown[];
}

/**
 * The fields of an entry known cheaply once its request has finished: what filters, the request log and
 * the summaries read. The rest of an entry (parsed and masked variables, document, response, ids) is
 * built when someone reads it.
 */
export type JournalHead = Pick<
  JournalEntry,
  | 'id'
  | 'time'
  | 'method'
  | 'path'
  | 'tenant'
  | 'region'
  | 'revision'
  | 'operation'
  | 'status'
  | 'durationMs'
  | 'errorCodes'
>;

/** An entry as the ring keeps it: its head now, the whole entry built on first read and kept. */
interface JournalRecord {
  head: JournalHead;
  entry: () => JournalEntry;
  /** What the entry counts against the byte budget. */
  bytes: number;
}

/** A function that calls `build` on its first call and returns that value ever after (then lets `build` go). */
function once<T>(build: () => T): () => T {
  let pending: (() => T) | undefined = build;
  let value: T | undefined;
  return () => {
    if (pending) {
      value = pending();
      pending = undefined;
    }
    return value as T;
  };
}

/** What a whole entry counts against the byte budget: its texts, as {@link RequestJournal.record} counts them. */
function sizeOf(entry: JournalEntry): number {
  const text = (value: unknown) =>
    value === null || value === undefined
      ? 0
      : typeof value === 'string'
        ? value.length
        : JSON.stringify(value).length;
  return text(entry.document) + text(entry.variables) + text(entry.response) + ENTRY_OVERHEAD;
}

/** What `GET /__admin/requests` filters on; every given filter must hold. */
export interface JournalFilter {
  tenant?: string;
  region?: string;
  /** The operation's name or one of its root fields. */
  operation?: string;
  /** An exact status (`200`) or a class (`4xx`). */
  status?: number | `${number}xx`;
  /** Only requests that arrived at or after this instant (ms since the epoch). */
  since?: number;
  /** Most entries returned, newest first. */
  limit?: number;
}

/** Whether an entry passes a filter (the limit aside). */
export function matches(entry: JournalHead, filter: JournalFilter): boolean {
  if (filter.tenant !== undefined && entry.tenant !== filter.tenant) return false;
  if (filter.region !== undefined && entry.region !== filter.region) return false;
  if (
    filter.operation !== undefined &&
    entry.operation.name !== filter.operation &&
    !entry.operation.fields.includes(filter.operation)
  )
    return false;
  if (filter.status !== undefined) {
    const status = filter.status;
    const ok =
      typeof status === 'number'
        ? entry.status === status
        : Math.floor(entry.status / 100) === Number(status[0]);
    if (!ok) return false;
  }
  if (filter.since !== undefined && Date.parse(entry.time) < filter.since) return false;
  return true;
}

/**
 * The request journal of one simulator: the latest `size` requests in a ring (the oldest is dropped
 * first), queried and cleared through the admin API, and announced to listeners (the request log, the
 * inspector's live stream) as each one finishes. Recording a request costs little: an entry's parsing and
 * masking wait until the entry is read (the admin API, a listener of whole entries), which under load is
 * seldom, and is done at most once per entry.
 */
export class RequestJournal {
  readonly size: number;
  /** The byte budget: the oldest entries are dropped once the kept ones count more. */
  readonly maxBytes: number;
  /** Entries oldest first, from index `first` (the ones before it are dropped and wait for compaction). */
  private records: JournalRecord[] = [];
  private first = 0;
  private keptBytes = 0;
  private sequence = 0;
  private readonly listeners = new Set<(entry: JournalEntry) => void>();
  private readonly headListeners = new Set<(head: JournalHead) => void>();
  private readonly enders = new Map<(entry: JournalEntry) => void, () => void>();

  constructor(size = DEFAULT_JOURNAL_SIZE, maxBytes = DEFAULT_JOURNAL_BYTES) {
    if (!Number.isSafeInteger(size) || size < 1 || size > MAX_JOURNAL_SIZE)
      throw new RangeError(`journal size must be an integer from 1 to ${MAX_JOURNAL_SIZE}`);
    if (!Number.isSafeInteger(maxBytes) || maxBytes < MIN_JOURNAL_BYTES)
      throw new RangeError(`journal byte budget must be an integer of at least ${MIN_JOURNAL_BYTES}`);
    this.size = size;
    this.maxBytes = maxBytes;
  }

  /** The id the next entry gets. */
  nextId(): string {
    this.sequence += 1;
    return `req-${this.sequence}`;
  }

  /** Keeps an entry (dropping the oldest when full) and tells the listeners. */
  add(entry: JournalEntry): void {
    this.keep({ head: entry, entry: () => entry, bytes: sizeOf(entry) });
  }

  /**
   * Keeps an entry known by its head; `build` makes the whole entry (the same head fields and the
   * rest) when it is first read, and only then. It must depend on nothing that changes after this call.
   * `bytes` is what the texts `build` holds count against the budget.
   */
  record(head: JournalHead, build: () => JournalEntry, bytes = 0): void {
    this.keep({ head, entry: once(build), bytes: bytes + ENTRY_OVERHEAD });
  }

  private keep(record: JournalRecord): void {
    this.records.push(record);
    this.keptBytes += record.bytes;
    // The newest entry always stays: each part of it is cut, so it fits any accepted budget.
    while (this.length > this.size || (this.keptBytes > this.maxBytes && this.length > 1)) {
      this.keptBytes -= this.records[this.first]!.bytes;
      this.first += 1;
    }
    if (this.first > 1024 && this.first * 2 > this.records.length) {
      this.records = this.records.slice(this.first);
      this.first = 0;
    }
    for (const listener of this.headListeners) listener(record.head);
    if (this.listeners.size === 0) return;
    const entry = record.entry();
    for (const listener of this.listeners) listener(entry);
  }

  /** The entries passing `filter`, newest first, at most `filter.limit`. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const found: JournalEntry[] = [];
    const limit = filter.limit ?? this.size;
    for (let i = this.records.length - 1; i >= this.first && found.length < limit; i -= 1) {
      const record = this.records[i]!;
      if (matches(record.head, filter)) found.push(record.entry());
    }
    return found;
  }

  /** The entry with `id`, while it is still kept. */
  get(id: string): JournalEntry | undefined {
    for (let i = this.records.length - 1; i >= this.first; i -= 1) {
      const record = this.records[i]!;
      if (record.head.id === id) return record.entry();
    }
    return undefined;
  }

  /** What the kept entries count against {@link maxBytes}. */
  get bytes(): number {
    return this.keptBytes;
  }

  /** How many entries are kept now. */
  get length(): number {
    return this.records.length - this.first;
  }

  /** Forgets every entry. */
  clear(): void {
    this.records = [];
    this.first = 0;
    this.keptBytes = 0;
  }

  /** Calls `listener` with each new entry until the returned function is called or {@link end}. */
  subscribe(listener: (entry: JournalEntry) => void, onEnd?: () => void): () => void {
    this.listeners.add(listener);
    if (onEnd) this.enders.set(listener, onEnd);
    return () => {
      this.listeners.delete(listener);
      this.enders.delete(listener);
    };
  }

  /**
   * Calls `listener` with the head of each new entry until the returned function is called or
   * {@link end}: for listeners that need no more (the request log), so no entry is built for them.
   */
  watch(listener: (head: JournalHead) => void): () => void {
    this.headListeners.add(listener);
    return () => {
      this.headListeners.delete(listener);
    };
  }

  /** Tells every listener that no entry will come (the server is closing), and forgets them. */
  end(): void {
    const enders = [...this.enders.values()];
    this.headListeners.clear();
    this.listeners.clear();
    this.enders.clear();
    for (const onEnd of enders) onEnd();
  }
}
