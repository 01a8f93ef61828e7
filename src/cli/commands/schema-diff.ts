import type { ArgumentsCamelCase } from 'yargs';
import { buildRevisionSchema } from '../../contract/generate.js';
import type { Version } from '../../contract/versions.js';
import { diffSchemas, introspect, openTarget, type OpenTarget } from '../../conformance/index.js';
import { CliError, defineCommand, type CliContext } from '../context.js';
import { versionOption } from '../options.js';
import { Output, withOutputOptions, type OutputArgs } from '../output/output.js';
import { startSimulatorTarget } from '../sim-target.js';

/** Arguments of `schema diff`. */
export interface SchemaDiffArgs extends OutputArgs {
  target: string;
  version: Version;
  token?: string;
  header: string[];
  timeout: number;
}

/** Introspects the target, diffs it against the contract, prints the changes; 1 when any is breaking. */
export async function handleSchemaDiff(args: SchemaDiffArgs, ctx: CliContext): Promise<number> {
  const out = new Output(ctx.io, args);
  const c = out.colors;
  const http = { timeoutMs: args.timeout, retries: 1 };
  const factory = args.target === 'sim' ? startSimulatorTarget : undefined;
  const opened = await openTarget(
    { target: args.target, token: args.token, headers: args.header, region: 'us' },
    [args.version],
    http,
    factory,
  );
  if (!opened.ok) throw new CliError(opened.error, 2);
  const open: OpenTarget = opened.open;
  try {
    const url = open.target.endpointFor(args.version);
    const remote = await introspect(url, open.target.headers, http);
    if (!remote.ok) throw new CliError(remote.reason, 2);
    const changes = await diffSchemas(buildRevisionSchema(args.version), remote.schema);
    const label = { BREAKING: 'breaking', DANGEROUS: 'dangerous', NON_BREAKING: 'safe' } as const;
    const colour = { BREAKING: c.red, DANGEROUS: c.yellow, NON_BREAKING: c.green } as const;
    for (const ch of changes)
      out.text(`${colour[ch.criticality](label[ch.criticality].padEnd(9))}  ${ch.message}\n`);
    const n = (k: keyof typeof label): number => changes.filter((ch) => ch.criticality === k).length;
    const counts = `${n('BREAKING')} breaking, ${n('DANGEROUS')} dangerous, ${n('NON_BREAKING')} safe`;
    const verdict =
      n('BREAKING') > 0 ? c.red(counts) : n('DANGEROUS') > 0 ? c.yellow(counts) : c.green(counts);
    out.text(`${open.target.label} vs contract ${args.version}: ${verdict}\n`);
    const exitCode = n('BREAKING') > 0 ? 1 : 0;
    out.json({
      tool: 'rm-harness schema diff',
      target: open.target.label,
      version: args.version,
      exitCode,
      counts: { breaking: n('BREAKING'), dangerous: n('DANGEROUS'), safe: n('NON_BREAKING') },
      changes,
    });
    if (exitCode !== 0) out.quietFailure(`${open.target.label} vs contract ${args.version}: ${counts}`);
    return exitCode;
  } finally {
    await open.close();
  }
}

/** `rm-harness schema diff --target URL --version V`: schema drift of an endpoint. */
export const schemaDiffCommand = defineCommand<SchemaDiffArgs>({
  command: 'diff',
  describe: 'Introspect an endpoint and diff its schema against the contract (breaking / dangerous / safe)',
  builder: (y) =>
    withOutputOptions(y)
      .option('target', {
        type: 'string',
        demandOption: true,
        describe: '"sim" or the endpoint URL ({version} is replaced)',
      })
      .option('version', versionOption)
      .option('token', {
        type: 'string',
        default: process.env.RM_HARNESS_TOKEN,
        defaultDescription: '$RM_HARNESS_TOKEN',
        describe: 'Bearer token',
      })
      .option('header', {
        type: 'string',
        array: true,
        default: [] as string[],
        describe: 'Extra request header name=value (repeatable)',
      })
      .option('timeout', { type: 'number', default: 10000, describe: 'Request timeout in ms' })
      .example(
        '$0 schema diff --target http://127.0.0.1:4000/us/1.2.0/public-api/graphql --version 1.2.0 --token dev-token',
        'Drift of the 1.2.0 endpoint',
      ),
  handler: (args: ArgumentsCamelCase<SchemaDiffArgs>, ctx) => handleSchemaDiff(args, ctx),
});
