import type { CliCommand } from '../context.js';
import { checkDocumentsCommand } from './check-documents.js';
import { conformCommand } from './conform.js';
import { reportCommand } from './report.js';
import { schemaCommand } from './schema.js';
import { seedCommand } from './seed.js';
import { serveCommand } from './serve.js';

/** Every top-level command of `rm-harness`; add a new command module here. */
export const commands: readonly CliCommand[] = [
  serveCommand,
  seedCommand,
  schemaCommand,
  conformCommand,
  checkDocumentsCommand,
  reportCommand,
];
