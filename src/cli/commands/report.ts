import { defineGroup } from '../context.js';
import { reportMergeCommand } from './report-merge.js';

/** `rm-harness report <merge>`: work on conform reports. */
export const reportCommand = defineGroup({
  command: 'report',
  describe: 'Work on conform reports (merge the reports of sharded runs)',
  subcommands: [reportMergeCommand],
});
