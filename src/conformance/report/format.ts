import type { RunResult } from '../results/run-result.js';

/** Values that change from run to run and are masked so two reports diff cleanly. */
export interface Volatile {
  /** Values generated for `${random.uuid}` during the run. */
  generated: readonly string[];
}

/**
 * One report format of a run: the module that renders it exports one of these, and formats.ts lists
 * it. Every writer (conform, report merge, the proxy, the fuzzer) and every "which reports exist" list
 * reads that list, so a new format is one module and one entry.
 */
export interface ReportFormat {
  /** Key of the format in rendered and written report sets (`reports.junit`). */
  readonly id: string;
  /** How help texts and docs name the format: `JUnit`. */
  readonly title: string;
  /** What follows the base name in the file name: `<base>.<extension>`. */
  readonly extension: string;
  readonly render: (result: RunResult, volatile?: Volatile) => string;
}

/** The file a format is written to, for a base name such as `conformance` or `fuzz`. */
export const reportFileName = (base: string, format: Pick<ReportFormat, 'extension'>): string =>
  `${base}.${format.extension}`;
