import { defineCommand } from '../context.js';
import { recordToFixturesCommand } from './record-to-fixtures.js';
import { recordToScenariosCommand } from './record-to-scenarios.js';

/** `rm-harness record <to-scenarios|to-fixtures>`: what to do with the exchanges `proxy --record` saved. */
export const recordCommand = defineCommand<object>({
  command: 'record',
  describe: 'Turn proxy recordings into scenarios or simulator fixtures',
  builder: (y, ctx) =>
    y
      .usage('$0 record <command> [options]')
      .command(recordToScenariosCommand(ctx))
      .command(recordToFixturesCommand(ctx))
      .demandCommand(1, 'missing record command (to-scenarios or to-fixtures)'),
});
