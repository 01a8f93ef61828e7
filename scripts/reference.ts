// Renders the generated pages of docs/reference/ from the code itself, so the docs cannot drift from
// it: cli.md from the yargs definitions (every command's and subcommand's --help, as the CLI prints it)
// admin-api.md from the admin API's own index (GET /__admin/ of a running simulator), and error-codes.md
// from the error catalogue.
// scripts/write-reference.ts writes them; test/docs/reference.test.ts fails when one is stale.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { startSimulator } from '../src/api/simulator.js';
import { ERROR_CODES, type ErrorCodeInfo } from '../src/contract/error-codes.js';
import type { CliIo } from '../src/cli/context.js';
import { runCli } from '../src/cli/run.js';

const GENERATED = (what: string): string =>
  `<!-- Generated from ${what} by \`npm run docs:reference\`; test/docs/reference.test.ts fails when it is stale. Do not edit. -->\n`;

/** What `rm-harness <args>` prints on stdout, at the width of a pipe (80 columns, as in CI). */
async function helpOf(args: string[]): Promise<string> {
  let stdout = '';
  const io: CliIo = { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: () => true } };
  // yargs wraps at the terminal's width; a pipe has none, and the page must not depend on who ran it.
  const columns = Object.getOwnPropertyDescriptor(process.stdout, 'columns');
  Object.defineProperty(process.stdout, 'columns', { value: undefined, configurable: true });
  try {
    await runCli(args, io);
  } finally {
    if (columns) Object.defineProperty(process.stdout, 'columns', columns);
    else delete (process.stdout as { columns?: number }).columns;
  }
  return stdout.trimEnd();
}

/** The commands a help text lists under "Commands:", below `words`. */
function subcommandsOf(help: string, words: string[]): string[][] {
  const section = help.split('\n\n').find((block) => block.startsWith('Commands:')) ?? '';
  const prefix = ['rm-harness', ...words, ''].join(' ');
  return [...section.matchAll(/^ {2}(rm-harness [a-z][a-z -]*?)(?= {2}|\s*$| <| \[)/gm)]
    .map((m) => m[1]!.trim())
    .filter((line) => line.startsWith(prefix))
    .map((line) => [...words, line.slice(prefix.length).split(' ')[0]!]);
}

/** docs/reference/cli.md: every command's help, walked from the top-level help. */
export async function renderCliReference(): Promise<string> {
  const sections: string[] = [];
  const queue: string[][] = [[]];
  while (queue.length > 0) {
    const words = queue.shift()!;
    const help = await helpOf([...words, '--help']);
    const title = ['rm-harness', ...words].join(' ');
    sections.push(`## ${title}\n\n\`\`\`text no-run the output of ${title} --help\n${help}\n\`\`\`\n`);
    queue.push(...subcommandsOf(help, words));
  }
  const toc = sections.map((s) => {
    const title = /^## (.+)$/m.exec(s)![1]!;
    return `- [${title}](#${title.replace(/ /g, '-')})`;
  });
  return [
    GENERATED('the yargs definitions of src/cli/commands'),
    '# CLI reference',
    '',
    'Every command of `rm-harness` with its options, exactly as its `--help` prints them. Conventions (exit',
    'codes, configuration file, environment variables, `--quiet` and `--json`): [configuration](configuration.md).',
    'Back to the [reference](index.md).',
    '',
    ...toc,
    '',
    ...sections,
  ].join('\n');
}

/** docs/reference/admin-api.md: the routes of the admin API as its index lists them. */
export async function renderAdminReference(): Promise<string> {
  const sim = await startSimulator();
  try {
    const res = await fetch(`${sim.url}/__admin/`, {
      headers: { authorization: `Bearer ${sim.adminToken}` },
    });
    const index = (await res.json()) as {
      routes: { method: string; path: string; auth: boolean; description?: string }[];
    };
    const rows = index.routes.map(
      (r) =>
        `| \`${r.method}\` | \`${r.path}\` | ${r.auth ? 'admin token' : 'open'} | ${(r.description ?? '').replace(/\|/g, '\\|')} |`,
    );
    return [
      GENERATED('the admin API index (GET /__admin/)'),
      '# Admin API reference',
      '',
      'The simulator\'s control API (its "provider states"): reset a tenant, change its switches and clock,',
      'inject faults, read the request journal. The admin token is `Authorization: Bearer <admin token>`',
      '(default `admin-token`, `--admin-token` or `RM_HARNESS_ADMIN_TOKEN`); `GET /__admin/` lists the same',
      'table at run time. How to use each: the [partner guide](../partner-guide.md). Back to the',
      '[reference](index.md).',
      '',
      '| method | path | auth | what it does |',
      '|---|---|---|---|',
      ...rows,
      '',
    ].join('\n');
  } finally {
    await sim.stop();
  }
}

/** Where docs/qa-ci.md holds the action's inputs and outputs, between these two lines. */
export const ACTION_MARKERS = [
  '<!-- action.yml inputs and outputs: start -->',
  '<!-- action.yml inputs and outputs: end -->',
] as const;

/** The tables of action.yml's inputs and outputs, as docs/qa-ci.md shows them between the markers. */
export function renderActionTables(): string {
  const action = parse(readFileSync(new URL('../action.yml', import.meta.url), 'utf8')) as {
    inputs: Record<string, { description: string; default?: string }>;
    outputs: Record<string, { description: string }>;
  };
  const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [
    ACTION_MARKERS[0],
    '',
    '| input | default | what it is |',
    '|---|---|---|',
    ...Object.entries(action.inputs).map(
      ([name, input]) =>
        `| \`${name}\` | ${input.default ? `\`${input.default}\`` : ''} | ${cell(input.description)} |`,
    ),
    '',
    '| output | what it is |',
    '|---|---|',
    ...Object.entries(action.outputs).map(
      ([name, output]) => `| \`${name}\` | ${cell(output.description)} |`,
    ),
    '',
    ACTION_MARKERS[1],
  ].join('\n');
}

/** `text` with the part between the action markers replaced by the current tables. */
export function withActionTables(text: string): string {
  const start = text.indexOf(ACTION_MARKERS[0]);
  const end = text.indexOf(ACTION_MARKERS[1]);
  if (start === -1 || end === -1) throw new Error('docs/qa-ci.md has no action.yml markers');
  return text.slice(0, start) + renderActionTables() + text.slice(end + ACTION_MARKERS[1].length);
}

/** docs/reference/error-codes.md: the error catalogue (src/contract/error-codes.ts), one row per code. */
export function renderErrorCodes(): string {
  const cell = (text: string): string => text.replace(/\|/g, '\\|');
  const rows = Object.entries(ERROR_CODES).map(([code, entry]) => {
    const info: ErrorCodeInfo = entry;
    const status = info.statusNote ? `${info.status} (${info.statusNote})` : String(info.status);
    const retry = info.retryAfter
      ? `${info.retryAfter.seconds} s${info.retryAfter.whenRetryable ? ', when retrying can help' : ''}`
      : '—';
    return `| \`${code}\` | ${cell(status)} | ${retry} | ${cell(info.meaning)} |`;
  });
  return [
    GENERATED('the error catalogue (src/contract/error-codes.ts)'),
    '# Error codes',
    '',
    'Every `extensions.code` the simulator, the admin API, the stateless mock and the validating proxy put',
    'in a GraphQL error, with the HTTP status of an answer whose outcome it is and the `Retry-After` it',
    'carries. The spec shows no error codes (§7.7, A-58); these follow the codes GraphQL servers commonly',
    'use. An error raised while an operation executes travels in `errors[]` beside `data` with status 200,',
    'as GraphQL over HTTP prescribes. Business-rule failures of mutations are not errors: they come back as',
    '`validationErrors` in the result (spec §7.1). Back to the [reference](index.md).',
    '',
    '| code | HTTP status | Retry-After | meaning |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
