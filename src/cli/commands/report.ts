import { defineCommand } from '../context.js';
import { reportMergeCommand } from './report-merge.js';

/** `rm-harness report <merge>`: work on conform reports. */
export const reportCommand = defineCommand<object>({
  command: 'report',
  describe: 'Work on conform reports (merge the reports of sharded runs)',
  builder: (y, ctx) =>
    y
      .usage('$0 report <command> [options]')
      .command(reportMergeCommand(ctx))
      .demandCommand(1, 'missing report command (merge)'),
});
