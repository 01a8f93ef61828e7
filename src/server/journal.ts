/** Ring size of a journal unless `serve --journal-size` says otherwise. */
export const DEFAULT_JOURNAL_SIZE = 1000;

/** Largest ring size accepted (each entry keeps up to {@link MAX_KEPT_CHARS} of document and response). */
export const MAX_JOURNAL_SIZE = 100_000;

/** Most characters of a document or a response body an entry keeps; longer ones are cut. */
export const MAX_KEPT_CHARS = 64 * 1024;

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
  /** Variables with secrets masked; null when none were sent. */
  variables: unknown;
  /** The document with known tokens masked, cut at {@link MAX_KEPT_CHARS}; null when none was sent. */
  document: string | null;
  status: number;
  /** From arrival to the last byte of the response, in milliseconds. */
  durationMs: number;
  /** `extensions.code` of the response's errors, each once. */
  errorCodes: string[];
  /** Every `id` value in the response's data, each once, in order of appearance (at most 100). */
  ids: string[];
  /** The response body: its JSON, or its text when it is not JSON or was cut. */
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
  private readonly ring: JournalRecord[] = [];
  /** Index in `ring` of the oldest entry once the ring is full. */
  private start = 0;
  private sequence = 0;
  private readonly listeners = new Set<(entry: JournalEntry) => void>();
  private readonly headListeners = new Set<(head: JournalHead) => void>();
  private readonly enders = new Map<(entry: JournalEntry) => void, () => void>();

  constructor(size = DEFAULT_JOURNAL_SIZE) {
    if (!Number.isSafeInteger(size) || size < 1 || size > MAX_JOURNAL_SIZE)
      throw new RangeError(`journal size must be an integer from 1 to ${MAX_JOURNAL_SIZE}`);
    this.size = size;
  }

  /** The id the next entry gets. */
  nextId(): string {
    this.sequence += 1;
    return `req-${this.sequence}`;
  }

  /** Keeps an entry (dropping the oldest when full) and tells the listeners. */
  add(entry: JournalEntry): void {
    this.keep({ head: entry, entry: () => entry });
  }

  /**
   * Keeps an entry known by its head; `build` makes the whole entry (the same head fields and the
   * rest) when it is first read, and only then. It must depend on nothing that changes after this call.
   */
  record(head: JournalHead, build: () => JournalEntry): void {
    this.keep({ head, entry: once(build) });
  }

  private keep(record: JournalRecord): void {
    if (this.ring.length < this.size) this.ring.push(record);
    else {
      this.ring[this.start] = record;
      this.start = (this.start + 1) % this.size;
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
    for (let i = this.ring.length - 1; i >= 0 && found.length < limit; i -= 1) {
      const record = this.ring[(this.start + i) % this.ring.length]!;
      if (matches(record.head, filter)) found.push(record.entry());
    }
    return found;
  }

  /** The entry with `id`, while it is still in the ring. */
  get(id: string): JournalEntry | undefined {
    return this.ring.find((record) => record.head.id === id)?.entry();
  }

  /** How many entries are kept now. */
  get length(): number {
    return this.ring.length;
  }

  /** Forgets every entry. */
  clear(): void {
    this.ring.length = 0;
    this.start = 0;
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
