import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { GRAPHQL_PATH } from '../../contract/endpoint.js';
import type { Version } from '../../contract/versions.js';
import { basisText, brief, REPORT_TITLES } from '../../conformance/index.js';
import { DEFAULT_PROXY_ANSWER_BYTES } from '../../proxy/forward.js';
import { BOUNDS_SCENARIO_ID, type JournalEntry } from '../../proxy/journal.js';
import {
  DEFAULT_PROXY_BODY_BYTES,
  PROXY_REPORTS_PATH,
  startProxy,
  type FailOn,
  type RunningProxy,
} from '../../proxy/proxy.js';
import { Pseudonymizer } from '../../proxy/recording/pseudonymize.js';
import {
  DEFAULT_RECORD_EXCHANGE_BYTES,
  DEFAULT_RECORD_MAX_BYTES,
  Recorder,
} from '../../proxy/recording/recorder.js';
import { DEFAULT_ADMIN_TOKEN } from '../../server/index.js';
import { CliUsageError, defineCommand, type CliContext } from '../context.js';
import { listenError } from '../errors.js';
import { versionOption } from '../options.js';
import { colorsFor } from '../output/style.js';
import { startSimulatorTarget } from '../sim-target.js';

/** Environment variable of the key personal data is replaced with (flag: --record-key). */
export const RECORD_KEY_ENV = 'RM_HARNESS_RECORD_KEY';

/** `proxy`'s flags as yargs gives them. */
export interface ProxyArgs {
  upstream: string;
  version: Version;
  host: string;
  port: number;
  reportDir: string;
  failOn?: FailOn;
  record?: string;
  recordKey?: string;
  /** Total bytes of recording files; recording stops there (default 512 MiB). */
  recordMaxBytes?: number;
  /** Largest exchange recorded with its bodies (default 4 MiB). */
  recordMaxExchangeBytes?: number;
  /** Largest request body the proxy reads (default 1 MiB, as the simulator). */
  maxBodyBytes?: number;
  /** Most bytes of an upstream answer the proxy reads, decoded (default 64 MiB). */
  maxAnswerBytes?: number;
  /** Bearer token of the proxy's /__proxy/* routes (default the simulator's default admin token). */
  adminToken?: string;
  timeout: number;
}

/** Whether a listen address can only be reached from this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

function positiveBytes(value: number | undefined, flag: string): void {
  if (value !== undefined && (!Number.isInteger(value) || value < 1))
    throw new CliUsageError(
      `${flag} must be a positive whole number of bytes (got ${String(value)})`,
      'proxy',
    );
}

/** What `proxy` needs from outside; tests replace how it waits for SIGINT/SIGTERM. */
export interface ProxyDeps {
  untilStopped(proxy: RunningProxy): Promise<void>;
  env: Readonly<Record<string, string | undefined>>;
}

/** Resolves on the first SIGINT or SIGTERM; a second one while stopping is ignored, not fatal. */
function untilSignal(): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = (): void => {
      resolve();
      // Stay installed a moment so a relayed second signal does not kill the report writing.
      setTimeout(() => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
      }, 1000).unref();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

const defaultDeps: ProxyDeps = { untilStopped: () => untilSignal(), env: process.env };

function upstreamUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliUsageError(`--upstream must be an http(s) URL or "sim" (got "${value}")`, 'proxy');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CliUsageError(`--upstream must be an http(s) URL or "sim" (got "${value}")`, 'proxy');
  return url;
}

function exchangeLines(entry: JournalEntry, ctx: CliContext): string {
  const c = colorsFor(ctx.io.stdout, ctx.io.env);
  const head = entry.networkError
    ? `#${entry.seq} ${entry.operation}: ${c.red(`upstream unreachable (${entry.networkError})`)}`
    : `#${entry.seq} ${entry.operation}: HTTP ${entry.response?.status ?? '?'} (${entry.response?.durationMs ?? 0} ms)${
        entry.differences.length === 0 ? ` ${c.green('ok')}` : ''
      }`;
  const lines = [head];
  for (const d of entry.differences) {
    const tag = d.severity === 'breaking' ? c.red('[breaking]') : c.yellow('[non-breaking]');
    lines.push(
      `  ${tag} ${d.path || '(response)'}: ${d.kind}: ${d.message}; expected ${brief(d.expected, 80)}, got ${brief(d.actual, 80)} [${d.level}, ${d.restsOn}: ${basisText(d.basis)}]`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Runs the proxy until SIGINT/SIGTERM, then writes the reports; exit 1 when an exchange broke the contract. */
export async function handleProxy(
  args: ProxyArgs,
  ctx: CliContext,
  deps: ProxyDeps = defaultDeps,
): Promise<number> {
  const out = ctx.io.stdout;
  if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535)
    throw new CliUsageError(`--port must be an integer from 0 to 65535 (got ${String(args.port)})`, 'proxy');
  if (!Number.isInteger(args.timeout) || args.timeout < 1)
    throw new CliUsageError(
      `--timeout must be a positive number of milliseconds (got ${String(args.timeout)})`,
    );
  positiveBytes(args.recordMaxBytes, '--record-max-bytes');
  positiveBytes(args.recordMaxExchangeBytes, '--record-max-exchange-bytes');
  positiveBytes(args.maxBodyBytes, '--max-body-bytes');
  positiveBytes(args.maxAnswerBytes, '--max-answer-bytes');
  const adminToken = args.adminToken ?? DEFAULT_ADMIN_TOKEN;
  // The default admin token is public: reachable from other machines it would open the reports (A-223).
  if (!isLoopbackHost(args.host) && adminToken === DEFAULT_ADMIN_TOKEN)
    throw new CliUsageError(
      `--host ${args.host} is reachable from other machines: set --admin-token to a secret of your own (the default "${DEFAULT_ADMIN_TOKEN}" is public)`,
      'proxy',
    );
  const isSim = args.upstream === 'sim';
  const given = isSim ? undefined : upstreamUrl(args.upstream);
  const sim = isSim ? await startSimulatorTarget() : undefined;
  const upstream = sim ? `${sim.baseUrl}/us/${args.version}${GRAPHQL_PATH}` : (given?.href ?? '');
  const key = args.recordKey ?? deps.env[RECORD_KEY_ENV];
  const recorder = args.record
    ? new Recorder(
        path.resolve(args.record),
        upstream,
        args.version,
        new Pseudonymizer(key ?? randomBytes(32)),
        undefined,
        { maxTotalBytes: args.recordMaxBytes, maxExchangeBytes: args.recordMaxExchangeBytes },
      )
    : undefined;
  let proxy: RunningProxy;
  try {
    proxy = await startProxy({
      upstream,
      // Three members that go together: the in-process simulator's label, kind and path.
      ...(sim ? { upstreamLabel: 'sim', isSimulator: true, listenPath: GRAPHQL_PATH } : {}),
      revision: args.version,
      host: args.host,
      port: args.port,
      reportDir: path.resolve(args.reportDir),
      failOn: args.failOn,
      recorder,
      timeoutMs: args.timeout,
      adminToken,
      maxBodyBytes: args.maxBodyBytes,
      maxAnswerBytes: args.maxAnswerBytes,
      onExchange: (entry) => out.write(exchangeLines(entry, ctx)),
      onWarning: (message) => ctx.io.stderr.write(`rm-harness: ${message}\n`),
    });
  } catch (error) {
    await sim?.close();
    throw listenError(error, args, 'proxy');
  }
  out.write(
    [
      `rm-harness proxy for ${isSim ? 'the simulator (in-process)' : upstream}, contract ${args.version}`,
      `GraphQL endpoint: ${proxy.endpoint}`,
      `Reports: ${path.resolve(args.reportDir)} (on stop, or POST ${proxy.url}${PROXY_REPORTS_PATH} with Bearer ${adminToken === DEFAULT_ADMIN_TOKEN ? DEFAULT_ADMIN_TOKEN : '<--admin-token>'})`,
      ...(args.failOn ? [`--fail-on ${args.failOn}: such exchanges are answered with HTTP 502`] : []),
      ...(args.record
        ? [
            `Recording to ${path.resolve(args.record)}${key ? '' : ` (no --record-key or $${RECORD_KEY_ENV}: pseudonyms are stable for this run only)`}`,
          ]
        : []),
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
  await deps.untilStopped(proxy);
  await proxy.close();
  await sim?.close();
  const files = proxy.writeReports();
  const result = proxy.result();
  const s = result.summary;
  const bounds = result.scenarios.find((sc) => sc.scenarioId === BOUNDS_SCENARIO_ID);
  out.write(
    `\nstopped: ${s.total - (bounds ? 1 : 0)} operation(s), ${s.breaking} breaking and ${s.nonBreaking} non-breaking difference(s)\n${bounds?.note ? `Not kept: ${bounds.note}\n` : ''}Reports:\n${files.map((f) => `  ${f}\n`).join('')}`,
  );
  return s.conforms ? 0 : 1;
}

/** `rm-harness proxy`: the validating proxy. */
export const proxyCommand = defineCommand<ProxyArgs>({
  command: 'proxy',
  describe: 'Validating proxy: forward GraphQL to an endpoint and check every exchange against the contract',
  builder: (y) =>
    y
      .option('upstream', {
        type: 'string',
        demandOption: true,
        describe:
          'The GraphQL endpoint to forward to (its path is the proxy\'s path), or "sim" for an in-process simulator',
      })
      .option('version', versionOption)
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'Interface to listen on' })
      .option('port', { type: 'number', default: 4100, describe: 'Port (0 picks a free one)' })
      .option('report-dir', {
        type: 'string',
        default: 'reports',
        describe: `Folder of the ${REPORT_TITLES} reports`,
      })
      .option('fail-on', {
        type: 'string',
        describe:
          'Answer HTTP 502 with the differences in errors[].extensions when an exchange has breaking (or any) ones',
        coerce: (value: unknown) => {
          if (value !== 'breaking' && value !== 'any')
            throw new CliUsageError(`--fail-on must be "breaking" or "any" (got "${String(value)}")`);
          return value;
        },
      })
      .option('record', {
        type: 'string',
        describe: 'Save every exchange (secrets masked, personal data replaced) in this folder',
      })
      .option('record-key', {
        type: 'string',
        defaultDescription: `$${RECORD_KEY_ENV}, else random per run`,
        describe: 'Secret key of the deterministic personal-data replacement',
      })
      .option('record-max-bytes', {
        type: 'number',
        defaultDescription: `${DEFAULT_RECORD_MAX_BYTES} (512 MiB)`,
        describe: 'Total bytes of recording files; recording stops there (said on stderr and in the reports)',
      })
      .option('record-max-exchange-bytes', {
        type: 'number',
        defaultDescription: `${DEFAULT_RECORD_EXCHANGE_BYTES} (4 MiB)`,
        describe: 'An exchange with larger bodies is recorded without them (marked "truncated")',
      })
      .option('max-body-bytes', {
        type: 'number',
        defaultDescription: `${DEFAULT_PROXY_BODY_BYTES} (1 MiB, as the simulator)`,
        describe: 'Largest request body the proxy reads; larger ones get HTTP 413',
      })
      .option('max-answer-bytes', {
        type: 'number',
        defaultDescription: `${DEFAULT_PROXY_ANSWER_BYTES} (64 MiB)`,
        describe: "Most bytes of an upstream's answer the proxy reads, decoded; longer answers get HTTP 502",
      })
      .option('admin-token', {
        type: 'string',
        defaultDescription: DEFAULT_ADMIN_TOKEN,
        describe:
          "Bearer token of the proxy's /__proxy/* routes; required (not the default) when --host is not a loopback address",
      })
      .option('timeout', {
        type: 'number',
        default: 30_000,
        describe: 'Milliseconds to wait for the upstream',
      })
      .example(
        '$0 proxy --upstream https://rm.example.com/public-api/graphql --version 1.4.0 --port 4100',
        'Point your client at http://127.0.0.1:4100/public-api/graphql',
      )
      .example(
        '$0 proxy --upstream sim --version 1.2.0 --port 0 --fail-on breaking --record rec',
        'In front of an in-process simulator, recording',
      ),
  handler: (args, ctx) => handleProxy(args, ctx),
});
