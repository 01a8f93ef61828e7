import type { CliCommand } from '../context.js';
import { schemaCommand } from './schema.js';

/** Every top-level command of `rm-harness`; add a new command module here. */
export const commands: readonly CliCommand[] = [schemaCommand];
