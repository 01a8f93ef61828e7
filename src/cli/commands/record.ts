import { defineGroup } from '../context.js';
import { recordToFixturesCommand } from './record-to-fixtures.js';
import { recordToScenariosCommand } from './record-to-scenarios.js';

/** `rm-harness record <to-scenarios|to-fixtures>`: what to do with the exchanges `proxy --record` saved. */
export const recordCommand = defineGroup({
  command: 'record',
  describe: 'Turn proxy recordings into scenarios or simulator fixtures',
  subcommands: [recordToScenariosCommand, recordToFixturesCommand],
});
