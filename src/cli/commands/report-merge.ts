import path from 'node:path';
import type { ArgumentsCamelCase, Argv } from 'yargs';
import {
  exitCodeOf,
  mergeShards,
  readRunReport,
  REPORT_TITLES,
  renderConsole,
  renderReports,
  withJunitTimes,
  writeReports,
  type ShardReport,
} from '../../conformance/index.js';
import { CliError, defineCommand, type CliContext } from '../context.js';
import { conformSummary } from '../output/conform-summary.js';
import { Output, withOutputOptions, type OutputArgs } from '../output/output.js';

/** Arguments of `report merge`. */
export interface ReportMergeArgs extends OutputArgs {
  reports: string[];
  reportDir: string;
}

/**
 * Merges the JSON reports of every shard of a run into the reports a single full run writes, and
 * returns that run's exit code (0 conforms and passes the gate the shards were given, 1 otherwise).
 */
export function handleReportMerge(args: ReportMergeArgs, ctx: CliContext): number {
  const out = new Output(ctx.io, args);
  const parts: ShardReport[] = [];
  for (const file of args.reports) {
    const read = readRunReport(file);
    if (!read.ok) throw new CliError(read.error, 2);
    parts.push({ file, result: withJunitTimes(file, read.result) });
  }
  const merged = mergeShards(parts);
  if (!merged.ok) throw new CliError(merged.error, 2);
  const result = merged.result;
  const dir = path.resolve(args.reportDir);
  const reports = writeReports(dir, renderReports(result, []));
  out.text(renderConsole(result, out.colors));
  out.text(
    `Merged ${parts.length} shard report(s) into:\n${Object.values(reports)
      .map((f) => `  ${path.relative(process.cwd(), f) || f}`)
      .join('\n')}\n`,
  );
  out.json(conformSummary(result, reports));
  for (const failure of result.gate?.failures ?? []) out.error(`coverage gate failed: ${failure}`);
  if (!result.summary.conforms) {
    out.quietFailure(
      `does not conform: ${result.summary.breaking} breaking difference(s); see ${path.relative(process.cwd(), reports.markdown) || reports.markdown}`,
    );
  }
  return exitCodeOf(result);
}

/** `rm-harness report merge REPORT… --report-dir D`. */
export const reportMergeCommand = defineCommand<ReportMergeArgs>({
  command: 'merge <reports..>',
  describe: 'Merge the JSON reports of every shard of a conform run (--shard i/n) into one run’s reports',
  builder: (y) =>
    (withOutputOptions(y) as unknown as Argv<object>)
      .positional('reports', {
        type: 'string',
        array: true,
        describe: 'The conformance.json of each shard',
      })
      .option('report-dir', {
        type: 'string',
        default: 'reports',
        describe: `Where the merged ${REPORT_TITLES} reports go`,
      })
      .example(
        '$0 report merge shard-1/conformance.json shard-2/conformance.json --report-dir reports',
        'One report from two CI jobs',
      ),
  handler: (args: ArgumentsCamelCase<ReportMergeArgs>, ctx) => handleReportMerge(args, ctx),
});
