import path from 'node:path';
import { VERSIONS, type Version } from '../../contract/versions.js';
import { openTarget, preflight, type OpenTarget, type TargetFactory } from '../../conformance/index.js';
import { checkDocuments, exitCodeOf, type DocumentCheckResult } from '../../partner/check.js';
import { readPartnerDocuments } from '../../partner/documents.js';
import {
  DOCUMENT_REPORT_FILES,
  renderDocumentConsole,
  totalsOf,
  writeDocumentReports,
} from '../../partner/report.js';
import { readVariablesFile, runChecks, type VariablesFile } from '../../partner/run.js';
import { parseVersionsOption } from '../options.js';
import { CliError, CliUsageError, defineCommand, type CliContext } from '../context.js';
import { Output, withOutputOptions, type OutputArgs } from '../output/output.js';
import { startSimulatorTarget } from '../sim-target.js';

/** Arguments of `check-documents`. */
export interface CheckDocumentsArgs extends OutputArgs {
  globs: string[];
  version: Version[];
  reportDir: string;
  run: boolean;
  target: string;
  token?: string;
  variables?: string;
  allowMutations: boolean;
}

/** What `check-documents` needs from outside: the working folder and how to start the simulator. */
export interface CheckDocumentsDeps {
  cwd: string;
  startSimulator: TargetFactory;
}

const HTTP = { timeoutMs: 10000, retries: 1 };

/** Validates the partner's operations on each revision (and runs the valid ones with --run); writes three reports. */
export async function handleCheckDocuments(
  args: CheckDocumentsArgs,
  ctx: CliContext,
  deps: Partial<CheckDocumentsDeps> = {},
): Promise<number> {
  const cwd = deps.cwd ?? process.cwd();
  const out = new Output(ctx.io, args);
  if (!args.run) {
    if (args.variables !== undefined) throw new CliUsageError('--variables needs --run', 'check-documents');
    if (args.allowMutations) throw new CliUsageError('--allow-mutations needs --run', 'check-documents');
  }
  let variables: VariablesFile = {};
  if (args.variables !== undefined) {
    const read = readVariablesFile(path.resolve(cwd, args.variables));
    if (!read.ok) throw new CliError(read.error, 2);
    variables = read.variables;
  }
  const documents = await readPartnerDocuments(args.globs, cwd);
  if (documents.files.length === 0) {
    throw new CliUsageError(
      `no .graphql, .gql, .ts, .js, .tsx or .jsx file matches ${args.globs.map((g) => `"${g}"`).join(' ')}`,
      'check-documents',
    );
  }
  const result: DocumentCheckResult = {
    revisions: args.version,
    files: documents.files,
    checks: checkDocuments(documents.operations, args.version),
    syntaxErrors: documents.syntaxErrors,
  };
  if (args.run) {
    const opened = await openTarget(
      { target: args.target, token: args.token, headers: [], region: 'us' },
      args.version,
      HTTP,
      deps.startSimulator ?? startSimulatorTarget,
    );
    if (!opened.ok) throw new CliError(opened.error, 2);
    const open: OpenTarget = opened.open;
    try {
      const problem = await preflight(open.target, args.version, HTTP);
      if (problem) throw new CliError(problem, 2);
      await runChecks(result.checks, documents.operations, open.target, {
        variables,
        allowMutations: args.allowMutations,
        http: HTTP,
      });
    } finally {
      await open.close();
    }
  }
  const dir = path.resolve(cwd, args.reportDir);
  const files = writeDocumentReports(dir, result);
  out.text(renderDocumentConsole(result, out.colors));
  out.text(`Reports:\n${files.map((f) => `  ${path.relative(cwd, f) || f}`).join('\n')}\n`);
  const exitCode = exitCodeOf(result);
  const totals = totalsOf(result);
  out.json({
    tool: 'rm-harness check-documents',
    revisions: result.revisions,
    files: result.files.length,
    exitCode,
    totals,
    syntaxErrors: result.syntaxErrors,
    // The checks a script acts on; the valid ones are in the JSON report.
    problems: result.checks.filter(
      (c) => c.status === 'broken' || c.run?.status === 'errors' || c.run?.status === 'failed',
    ),
    reports: {
      json: path.join(dir, DOCUMENT_REPORT_FILES.json),
      junit: path.join(dir, DOCUMENT_REPORT_FILES.junit),
      markdown: path.join(dir, DOCUMENT_REPORT_FILES.markdown),
    },
  });
  if (exitCode !== 0) {
    out.quietFailure(
      `${totals.broken} broken check(s), ${totals.runFailures} failed run(s), ${result.syntaxErrors.length} syntax error(s); see ${path.relative(cwd, path.join(dir, DOCUMENT_REPORT_FILES.markdown))}`,
    );
  }
  return exitCode;
}

/** `rm-harness check-documents <globs…>`: checks a partner's own GraphQL operations on each revision. */
export const checkDocumentsCommand = defineCommand<CheckDocumentsArgs>({
  command: 'check-documents <globs..>',
  describe:
    "Check a partner's GraphQL operations (.graphql/.gql files, gql/graphql templates) on each revision",
  builder: (y) =>
    withOutputOptions(y)
      .usage('$0 check-documents <globs..> [options]')
      .positional('globs', {
        type: 'string',
        array: true,
        describe: 'Files, folders or globs of .graphql/.gql documents and .ts/.js/.tsx/.jsx code',
      })
      .option('version', {
        type: 'string',
        default: 'all',
        describe: `Revision(s) to check: ${VERSIONS.join(', ')} or all`,
        coerce: parseVersionsOption,
      })
      .option('report-dir', {
        type: 'string',
        default: 'reports',
        describe: 'Where check-documents.json, .junit.xml and .md go',
      })
      .option('run', {
        type: 'boolean',
        default: false,
        describe: 'Also execute the valid operations against --target and report runtime errors',
      })
      .option('target', {
        type: 'string',
        default: 'sim',
        describe:
          'With --run: "sim" (the simulator, in-process on a fresh in-memory store) or an endpoint URL',
      })
      .option('token', {
        type: 'string',
        describe: 'With --run: bearer token (default for sim: dev-token; env RM_HARNESS_TOKEN)',
        default: process.env.RM_HARNESS_TOKEN,
        defaultDescription: '$RM_HARNESS_TOKEN',
      })
      .option('variables', {
        type: 'string',
        describe: 'With --run: JSON file of variables per operation name, {"PersonCard": {"id": "…"}}',
      })
      .option('allow-mutations', {
        type: 'boolean',
        default: false,
        describe: 'With --run: also run mutations against a target that is not the simulator',
      })
      .example('$0 check-documents "src/**/*.{ts,graphql}"', 'Check every operation on 1.4.0 and 1.2.0')
      .example(
        '$0 check-documents queries/ --run --target sim --variables vars.json',
        'Also run the valid operations against the simulator',
      ),
  handler: (args, ctx) => handleCheckDocuments(args, ctx),
});
