import type { ArgumentsCamelCase } from 'yargs';
import { loadRevisionSdl, revisionDisplayPath } from '../../contract/generate.js';
import type { Version } from '../../contract/versions.js';
import { CliError, defineCommand, type CliContext } from '../context.js';
import { versionOption } from '../options.js';

/** Arguments of `schema print`. */
export interface SchemaPrintArgs {
  version: Version;
}

/** Prints the checked-in generated SDL of one revision to stdout. */
export function handleSchemaPrint(args: SchemaPrintArgs, ctx: CliContext): number {
  let sdl: string;
  try {
    sdl = loadRevisionSdl(args.version);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new CliError(
        `${revisionDisplayPath(args.version)} does not exist; run "npm run contracts" to generate it`,
      );
    }
    throw error;
  }
  ctx.io.stdout.write(sdl.endsWith('\n') ? sdl : `${sdl}\n`);
  return 0;
}

/** `rm-harness schema print --version <v>`. */
export const schemaPrintCommand = defineCommand<SchemaPrintArgs>({
  command: 'print',
  describe: 'Print the generated SDL of one contract revision',
  builder: (y) =>
    y.option('version', versionOption).example('$0 schema print --version 1.2.0', 'Print the 1.2.0 schema'),
  handler: (args: ArgumentsCamelCase<SchemaPrintArgs>, ctx) => handleSchemaPrint(args, ctx),
});
