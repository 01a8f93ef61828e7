import { randomUUID } from 'node:crypto';
import type { Version } from '../contract/versions.js';
import {
  buildRunResult,
  coverageOf,
  type Difference,
  type RecordedRequest,
  type RecordedResponse,
  type RunResult,
  type ScenarioResult,
  type Status,
  type StepResult,
} from '../conformance/index.js';

/** One proxied exchange as the reports keep it; headers already masked. */
export interface JournalEntry {
  /** Position of the exchange since the proxy started (1, 2 …). */
  seq: number;
  /** Operation name, else the first root field, else `anonymous`. */
  operation: string;
  request: RecordedRequest;
  /** Absent when the upstream could not be reached. */
  response?: RecordedResponse;
  /** Why the upstream could not be reached. */
  networkError?: string;
  differences: Difference[];
}

/** The report id of an operation's exchanges: every exchange of one operation is one JUnit testcase. */
export function scenarioIdOf(operation: string): string {
  return `proxy.${operation}`;
}

/** The report id of one exchange within its operation. */
export function stepIdOf(seq: number): string {
  return `exchange-${seq}`;
}

/** What the proxy's reports say about where it ran, and how much the journal keeps. */
export interface JournalOptions {
  upstream: string;
  isSimulator: boolean;
  revision: Version;
  now?: () => Date;
  /** Most exchanges kept (oldest dropped first); default {@link DEFAULT_JOURNAL_ENTRIES}. */
  maxEntries?: number;
  /** Most bytes of bodies kept; default {@link DEFAULT_JOURNAL_BYTES}. */
  maxBytes?: number;
  /** Bodies of one exchange larger than this are cut, with a marker; default {@link DEFAULT_JOURNAL_ENTRY_BYTES}. */
  maxEntryBytes?: number;
  /** Told when the reports should say more than the exchanges do (e.g. that recording stopped). */
  notes?: () => string[];
}

/** Default ring size of the proxy's journal, in exchanges. */
export const DEFAULT_JOURNAL_ENTRIES = 1000;
/** Default budget of the bodies the journal keeps, in bytes. */
export const DEFAULT_JOURNAL_BYTES = 64 * 1024 * 1024;
/** Default largest request or response body one journal entry keeps whole. */
export const DEFAULT_JOURNAL_ENTRY_BYTES = 256 * 1024;

/** The report id of the journal's own notes (dropped exchanges, recording stopped). */
export const BOUNDS_SCENARIO_ID = 'proxy.__bounds';

/** What a cut body says instead of its content. */
function cutMarker(bytes: number, limit: number): string {
  return `[cut by the proxy: ${bytes} bytes, over the journal's per-exchange cap of ${limit}]`;
}

/**
 * Every exchange the proxy has seen, turned on demand into the runner's `RunResult` so the same four
 * reporters render it: one "scenario" per operation, one step per exchange.
 */
export class ProxyJournal {
  private readonly entries: { entry: JournalEntry; bytes: number; secrets: readonly string[] }[] = [];
  private readonly startedAt: string;
  private readonly runId = randomUUID().slice(0, 8);
  private readonly now: () => Date;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly maxEntryBytes: number;
  private bytes = 0;
  private dropped = 0;

  constructor(private readonly options: JournalOptions) {
    this.now = options.now ?? (() => new Date());
    this.startedAt = this.now().toISOString();
    this.maxEntries = options.maxEntries ?? DEFAULT_JOURNAL_ENTRIES;
    this.maxBytes = options.maxBytes ?? DEFAULT_JOURNAL_BYTES;
    this.maxEntryBytes = options.maxEntryBytes ?? DEFAULT_JOURNAL_ENTRY_BYTES;
  }

  /**
   * Adds one exchange; `requestBytes` and `responseBytes` are its bodies' sizes on the wire, `secrets` the
   * credential values it carried. Bodies over
   * the per-entry cap are replaced by a marker; the oldest exchanges go when the ring is full.
   */
  add(entry: JournalEntry, requestBytes = 0, responseBytes = 0, secrets: readonly string[] = []): void {
    let kept = entry;
    let size = 0;
    if (requestBytes > this.maxEntryBytes) {
      const marker = cutMarker(requestBytes, this.maxEntryBytes);
      kept = {
        ...kept,
        request: {
          ...kept.request,
          body: {
            query: kept.request.body.query.length > 2000 ? marker : kept.request.body.query,
            ...(kept.request.body.variables ? { variables: { '(cut)': marker } } : {}),
            ...(kept.request.body.operationName
              ? { operationName: kept.request.body.operationName.slice(0, 200) }
              : {}),
          },
        },
      };
      size += 2200;
    } else size += requestBytes;
    if (kept.response && (kept.response.body !== undefined || kept.response.text !== undefined)) {
      if (responseBytes > this.maxEntryBytes) {
        const { body: _body, text: _text, ...rest } = kept.response;
        kept = { ...kept, response: { ...rest, text: cutMarker(responseBytes, this.maxEntryBytes) } };
        size += 200;
      } else size += responseBytes;
    }
    size += 512;
    this.entries.push({ entry: kept, bytes: size, secrets });
    this.bytes += size;
    while (this.entries.length > 1 && (this.entries.length > this.maxEntries || this.bytes > this.maxBytes)) {
      const gone = this.entries.shift();
      this.bytes -= gone?.bytes ?? 0;
      this.dropped++;
    }
  }

  /** Exchanges kept now. */
  get size(): number {
    return this.entries.length;
  }

  /** Bytes of bodies kept now (as estimated from their wire sizes). */
  get keptBytes(): number {
    return this.bytes;
  }

  /**
   * The credentials the kept exchanges carried, for a last sweep over rendered reports: they leave with
   * their exchanges, so a flood of distinct tokens cannot grow them without bound.
   */
  secrets(): string[] {
    return [...new Set(this.entries.flatMap((e) => e.secrets))];
  }

  /** Exchanges dropped from the ring so far. */
  get droppedCount(): number {
    return this.dropped;
  }

  /** The exchanges so far as a run result (coverage of what the requests exercised included). */
  result(): RunResult {
    const byOperation = new Map<string, JournalEntry[]>();
    for (const { entry: e } of this.entries) {
      const list = byOperation.get(e.operation);
      if (list) list.push(e);
      else byOperation.set(e.operation, [e]);
    }
    const revision = this.options.revision;
    const scenarios: ScenarioResult[] = [...byOperation]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([operation, entries]) => {
        const steps: StepResult[] = entries.map((e) => {
          const status: Status = e.networkError
            ? 'network-error'
            : e.differences.some((d) => d.severity === 'breaking')
              ? 'failed'
              : 'passed';
          return {
            stepId: stepIdOf(e.seq),
            phase: 'test',
            status,
            ...(e.networkError ? { note: e.networkError } : {}),
            request: e.request,
            ...(e.response ? { response: e.response } : {}),
            differences: e.differences,
          };
        });
        const status: Status = steps.some((s) => s.status === 'network-error')
          ? 'network-error'
          : steps.some((s) => s.status === 'failed')
            ? 'failed'
            : 'passed';
        return {
          scenarioId: scenarioIdOf(operation),
          title: `${operation} through the proxy`,
          file: '',
          area: 'proxy',
          tags: ['proxy'],
          revision,
          status,
          steps,
          durationMs: entries.reduce((t, e) => t + (e.response?.durationMs ?? 0), 0),
        };
      });
    const notes = [
      ...(this.dropped > 0
        ? [
            `${this.dropped} earlier exchange(s) were dropped from these reports: the journal keeps the latest ${this.maxEntries} exchange(s) and ${this.maxBytes} bytes of bodies`,
          ]
        : []),
      ...(this.options.notes?.() ?? []),
    ];
    if (notes.length > 0)
      scenarios.push({
        scenarioId: BOUNDS_SCENARIO_ID,
        title: 'What the proxy did not keep',
        file: '',
        area: 'proxy',
        tags: ['proxy'],
        revision,
        status: 'skipped',
        note: notes.join('; '),
        steps: [],
        durationMs: 0,
      });
    return buildRunResult({
      tool: 'rm-harness proxy' as const,
      runId: this.runId,
      startedAt: this.startedAt,
      finishedAt: this.now().toISOString(),
      target: { label: this.options.upstream, isSimulator: this.options.isSimulator },
      revisions: [revision],
      options: { allowMutations: true, tags: [], scenarios: [] },
      scenarios,
      drift: [],
      coverage: coverageOf([], scenarios, [revision]),
    });
  }
}
