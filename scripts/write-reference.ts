// Writes the generated reference pages (docs/reference/cli.md, admin-api.md, error-codes.md) and the
// action's inputs and outputs in docs/qa-ci.md from the code: `npm run docs:reference`. test/docs/reference.test.ts fails when one is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderAdminReference, renderCliReference, renderErrorCodes, withActionTables } from './reference.js';

for (const [page, render] of [
  ['cli.md', renderCliReference],
  ['admin-api.md', renderAdminReference],
  ['error-codes.md', renderErrorCodes],
] as const) {
  const file = fileURLToPath(new URL(`../docs/reference/${page}`, import.meta.url));
  writeFileSync(file, await render());
  process.stdout.write(`wrote ${file}\n`);
}

const guide = fileURLToPath(new URL('../docs/qa-ci.md', import.meta.url));
writeFileSync(guide, withActionTables(readFileSync(guide, 'utf8')));
process.stdout.write(`wrote the action's inputs and outputs into ${guide}\n`);
