import { hideBin } from 'yargs/helpers';
import { runCli } from './run.js';

// Entry point (bin/rm-harness.js, `npm run cli`): importing this module runs the CLI. Tests import
// `runCli` from ./run.js instead. exitCode (not process.exit) lets pending output flush first.
process.exitCode = await runCli(hideBin(process.argv));
