import { randomUUID } from 'node:crypto';
import { buildRevisionSchema } from '../contract/generate.js';
import type { Version } from '../contract/versions.js';
import { readCatalogues } from '../conformance/coverage/catalogues.js';
import { computeCoverage } from '../conformance/coverage/coverage.js';
import type { Difference } from '../conformance/results/differences.js';
import type {
  RecordedRequest,
  RecordedResponse,
  RunResult,
  ScenarioResult,
  Status,
  StepResult,
} from '../conformance/results/run-result.js';
import { summarize } from '../conformance/results/summary.js';

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

/** What the proxy's reports say about where it ran. */
export interface JournalOptions {
  upstream: string;
  isSimulator: boolean;
  revision: Version;
  now?: () => Date;
}

/**
 * Every exchange the proxy has seen, turned on demand into the runner's `RunResult` so the same four
 * reporters render it: one "scenario" per operation, one step per exchange.
 */
export class ProxyJournal {
  private readonly entries: JournalEntry[] = [];
  private readonly startedAt: string;
  private readonly runId = randomUUID().slice(0, 8);
  private readonly now: () => Date;

  constructor(private readonly options: JournalOptions) {
    this.now = options.now ?? (() => new Date());
    this.startedAt = this.now().toISOString();
  }

  /** Adds one exchange. */
  add(entry: JournalEntry): void {
    this.entries.push(entry);
  }

  /** Exchanges seen so far. */
  get size(): number {
    return this.entries.length;
  }

  /** The exchanges so far as a run result (coverage of what the requests exercised included). */
  result(): RunResult {
    const byOperation = new Map<string, JournalEntry[]>();
    for (const e of this.entries) byOperation.set(e.operation, [...(byOperation.get(e.operation) ?? []), e]);
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
    const catalogues = readCatalogues();
    const partial = {
      formatVersion: 1 as const,
      tool: 'rm-harness proxy' as const,
      runId: this.runId,
      startedAt: this.startedAt,
      finishedAt: this.now().toISOString(),
      target: { label: this.options.upstream, isSimulator: this.options.isSimulator },
      revisions: [revision],
      options: { allowMutations: true, tags: [], scenarios: [] },
      scenarios,
      drift: [],
      coverage: computeCoverage(
        [],
        scenarios,
        [revision],
        buildRevisionSchema,
        catalogues.ok ? catalogues.catalogues : { specRules: [], assumptions: [] },
      ),
    };
    return { ...partial, summary: summarize(partial) };
  }
}
