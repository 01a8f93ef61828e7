import { GRAPHQL_PATH } from '../../contract/endpoint.js';
import { VERSIONS } from '../../contract/versions.js';
import { ADMIN_TOKEN_ENV } from '../../config/env.js';
import {
  DEFAULT_ADMIN_TOKEN,
  DEFAULT_JOURNAL_BYTES,
  DEFAULT_JOURNAL_SIZE,
  LOG_FORMATS,
  MAX_JOURNAL_SIZE,
  MIN_JOURNAL_BYTES,
  requestLogger,
  startServer,
  type LogFormat,
} from '../../server/index.js';
import {
  DEFAULT_ENGINE,
  DEFAULT_LEASE_MS,
  DEFAULT_EVENT_RETENTION,
  DEFAULT_LIMITS,
  DEFAULT_STORE_BUDGET,
  ENGINES,
  REGIONS,
  SimulatorSetupError,
  type TenantConfig,
} from '../../simulator/index.js';
import { DEFAULT_MOCK_VERSION } from '../../mock/defaults.js';
import { CliError, CliUsageError, defineCommand, type CliContext } from '../context.js';
import { listenError } from '../errors.js';
import { resolveServeFlags, SERVE_DEFAULTS, type ServeArgs, type ServeFlags } from '../resolve-serve.js';
import { resolveStoreArgs, storeOptions } from '../simulator-options.js';
import { watchMockSchema, watchTenants } from '../serve-reload.js';

const LIMIT_FLAGS = [
  'maxBodyBytes',
  'maxDepth',
  'maxAliases',
  'maxComplexity',
  'maxPageSize',
  'maxResponseFields',
  'maxResponseBytes',
  'maxStoreRecords',
  'maxStoreBytes',
  'maxCompiledQueries',
  'maxCompiledOperations',
] as const;

/** The store budget's flags (A-462). */
const BUDGET_FLAGS = ['maxOpenStores', 'storeMemoryBudget', 'storeIdleClose'] as const;

/** `maxOpenStores` → `max-open-stores`. */
function kebab(flag: string): string {
  return flag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** `serve`'s flags of the control surfaces' locks and the journal's byte budget (flags only). */
export interface GuardFlags {
  /** Comma-separated host names the admin API and the inspector answer; `*` for any. */
  allowedHosts?: string;
  /** Most bytes of text the request journal keeps. */
  journalMaxBytes?: number;
  /** This process's name in a replica set (`x-rm-replica`, `GET /__admin/replica`). */
  replicaId?: string;
  /** Seconds after which a store no request used is closed and its lock released. */
  releaseIdle?: number;
}

/** The host names of `--allowed-hosts` (comma-separated), or undefined for the default. */
function allowedHostsOf(flag: string | undefined): string[] | undefined {
  if (flag === undefined) return undefined;
  const hosts = flag
    .split(',')
    .map((host) => host.trim())
    .filter(Boolean);
  if (hosts.length === 0) throw new CliUsageError('--allowed-hosts needs at least one host name (or *)');
  return hosts;
}

/**
 * The log format: as given, else human-readable on a terminal and JSON lines when the process's stdout
 * is a pipe or a file (a log collector reads it, and nothing is formatted). An injected stdout (a test,
 * an embedding program) keeps the readable default.
 */
function logFormatOf(given: LogFormat | undefined, stdout: CliContext['io']['stdout']): LogFormat {
  if (given !== undefined) return given;
  return stdout === process.stdout && process.stdout.isTTY !== true ? 'json' : 'pretty';
}

/**
 * Starts the simulator and resolves (exit 0) once SIGINT or SIGTERM has stopped it cleanly. `flags` are
 * the arguments as given, before the config file filled them: `--watch` resolves them again on a change.
 */
export async function handleServe(
  args: ServeArgs & GuardFlags,
  ctx: CliContext,
  flags: ServeFlags = args,
): Promise<number> {
  if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535) {
    throw new CliUsageError(`--port must be an integer from 0 to 65535 (got ${String(args.port)})`);
  }
  const { seed, tenants } = resolveStoreArgs(args);
  for (const flag of LIMIT_FLAGS) {
    if (!Number.isSafeInteger(args[flag]) || args[flag] < 1) {
      throw new CliUsageError(
        `--${flag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} must be a positive integer`,
      );
    }
  }
  if (!Number.isSafeInteger(args.eventRetentionCount) || args.eventRetentionCount < 1)
    throw new CliUsageError('--event-retention-count must be a positive integer');
  if (
    args.eventRetentionDays !== undefined &&
    !(Number.isFinite(args.eventRetentionDays) && args.eventRetentionDays > 0)
  )
    throw new CliUsageError('--event-retention-days must be a positive number');
  if (args.maxPageSize < 500)
    throw new CliUsageError('--max-page-size must be at least 500 (the relationshipTypes default page)');
  if (!Number.isSafeInteger(args.journalSize) || args.journalSize < 1 || args.journalSize > MAX_JOURNAL_SIZE)
    throw new CliUsageError(`--journal-size must be an integer from 1 to ${MAX_JOURNAL_SIZE}`);
  if (
    args.journalMaxBytes !== undefined &&
    (!Number.isSafeInteger(args.journalMaxBytes) || args.journalMaxBytes < MIN_JOURNAL_BYTES)
  )
    throw new CliUsageError(`--journal-max-bytes must be an integer of at least ${MIN_JOURNAL_BYTES}`);
  if (!Number.isSafeInteger(args.storeLease) || args.storeLease < 1)
    throw new CliUsageError('--store-lease must be a positive integer (seconds)');
  for (const flag of BUDGET_FLAGS) {
    if (!Number.isSafeInteger(args[flag]) || args[flag] < 0)
      throw new CliUsageError(`--${kebab(flag)} must be an integer of 0 or more`);
  }
  const allowedHosts = allowedHostsOf(args.allowedHosts);
  if (args.replicaId !== undefined && !/^[\x21-\x7e]{1,64}$/.test(args.replicaId))
    throw new CliUsageError('--replica-id must be 1 to 64 visible ASCII characters (it is sent as a header)');
  if (args.releaseIdle !== undefined && (!Number.isSafeInteger(args.releaseIdle) || args.releaseIdle < 1))
    throw new CliUsageError('--release-idle must be a positive integer (seconds)');
  if (args.schema !== undefined) return serveMock(args, seed, tenants, ctx);
  const log = args.quiet
    ? undefined
    : requestLogger(logFormatOf(flags.logFormat, ctx.io.stdout), ctx.io.stdout);
  let server;
  try {
    server = await startServer({
      host: args.host,
      port: args.port,
      dataDir: args.dataDir,
      inMemory: args.inMemory,
      seed,
      profile: args.profile,
      tenants,
      adminToken: args.adminToken,
      faults: args.faults,
      allowRuleBreaking: args.allowRuleBreaking,
      engine: args.engine,
      limits: Object.fromEntries(LIMIT_FLAGS.map((flag) => [flag, args[flag]])),
      eventRetention: { count: args.eventRetentionCount, days: args.eventRetentionDays },
      journalSize: args.journalSize,
      journalMaxBytes: args.journalMaxBytes,
      allowedHosts,
      storeLeaseMs: args.storeLease * 1000,
      storeBudget: {
        maxOpenStores: args.maxOpenStores,
        storeMemoryBudget: args.storeMemoryBudget * 1024 * 1024,
        storeIdleCloseMs: args.storeIdleClose * 1000,
      },
      onRequestHead: log,
      replicaId: args.replicaId,
      ...(args.releaseIdle === undefined ? {} : { releaseIdleStoresMs: args.releaseIdle * 1000 }),
    });
  } catch (error) {
    throw startError(error, args);
  }
  const out = ctx.io.stdout;
  const sim = server.simulator;
  out.write(`rm-api-harness simulator listening on ${server.url}\n`);
  out.write(
    `  store: ${sim.inMemory ? 'in memory' : args.dataDir} · profile ${sim.profile.name} · seed ${sim.seed}\n\n`,
  );
  out.write(`GraphQL endpoints (region × revision):\n`);
  out.write(`  ${server.url}${GRAPHQL_PATH}  (= us, ${VERSIONS[0]})\n`);
  for (const region of REGIONS) {
    out.write(`  ${VERSIONS.map((v) => `${server.url}/${region}/${v}${GRAPHQL_PATH}`).join('   ')}\n`);
  }
  writeTenants(out, sim.listTenants(), args);
  const faultRules = (args.faults?.rules?.length ?? 0) + (args.faults?.eventFeed?.length ?? 0);
  if (faultRules > 0)
    out.write(`\nFaults: ${faultRules} rule(s) active from the start (GET/DELETE /__admin/faults)\n`);
  out.write(`\nHome page: ${server.url}/ (open any endpoint in a browser for GraphiQL)\n`);
  out.write(`Admin API: ${server.url}/__admin/ (Bearer ${server.adminToken})\n`);
  if (server.adminTokenGenerated)
    out.write(
      `  (generated for this run: the default admin token is public and ${args.host} is not loopback; choose one with --admin-token or $${ADMIN_TOKEN_ENV})\n`,
    );
  out.write('Press Ctrl+C to stop.\n');
  const watching = args.watch ? watchTenants(flags, sim, ctx.io, server) : undefined;
  // Every request's line is written before the process ends: the log is flushed once the server closed.
  await untilStopped(
    () => server.close().then(() => log?.close()),
    out,
    () => log?.flush(),
  );
  watching?.close();
  out.write('stopped; stores flushed\n');
  return 0;
}

/** Beyond this many tenants the banner gives their count and where their tokens are, not each token. */
export const BANNER_TENANTS = 5;

/**
 * The banner's tenants: each with its token while there are few (a developer's set-up); beyond
 * {@link BANNER_TENANTS}, their count and where the tokens are, so a hosting vendor's logs do not collect
 * every partner's token (A-463).
 */
function writeTenants(
  out: CliContext['io']['stdout'],
  tenants: readonly TenantConfig[],
  args: ServeArgs,
): void {
  if (tenants.length > BANNER_TENANTS) {
    const where =
      args.tenants !== undefined ? `the tenants file ${args.tenants}` : "the config file's serve.tenants";
    out.write(
      `\nTenants: ${tenants.length} (tokens not printed: they are in ${where}; GET /__admin/tenants lists the tenants)\n`,
    );
    return;
  }
  out.write(`\nTenants (Authorization: Bearer <token>):\n`);
  for (const tenant of tenants) {
    const switches = [
      tenant.fullCloud ? 'full cloud' : 'not full cloud',
      `language info ${tenant.languageSpecificInformation ? 'on' : 'off'}`,
      `audit ${tenant.auditFeature ? 'on' : 'off'}`,
    ].join(', ');
    out.write(`  ${tenant.token.padEnd(20)} ${tenant.name} (${switches})\n`);
  }
}

/** A start failure as a CLI error (data dir not writable, port taken, not allowed), anything else as it is. */
function startError(error: unknown, args: ServeArgs): unknown {
  // A data dir that cannot be written (A-247): one line, exit 2, before anything listens.
  if (error instanceof SimulatorSetupError) return new CliError(error.message, 2);
  return listenError(error, args, 'serve');
}

/**
 * Resolves once SIGINT or SIGTERM has stopped the server. The handlers stay installed while stopping: a
 * signal often arrives twice (Ctrl+C reaches the whole process group, and tsx also relays it when the
 * event loop was busy), and without a listener the second one would kill the process mid-flush.
 */
async function untilStopped(
  close: () => Promise<void>,
  out: CliContext['io']['stdout'],
  // Lines of the request log still held are written first, so "stopping…" follows them.
  flushLog: () => Promise<void> | undefined = () => undefined,
): Promise<void> {
  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      // A log that cannot flush (a stuck pipe) must not hold the stop: at most a second's wait.
      const waited = new Promise<void>((resolve) => setTimeout(resolve, 1_000).unref());
      void Promise.race([Promise.resolve(flushLog()), waited])
        .then(() => {
          out.write(`\n${signal}: stopping…\n`);
          return close();
        })
        .then(() => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          resolve();
        });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** `serve --schema FILE`: the stateless mock of an SDL file; an unusable file is exit 2 with one line. */
async function serveMock(
  args: ServeArgs,
  seed: number | undefined,
  tenants: ReturnType<typeof resolveStoreArgs>['tenants'],
  ctx: CliContext,
): Promise<number> {
  // Imported here: the mock (graphql-tools' mocking, faker's locales) is not what a plain `serve` runs.
  const { mockBanner, MockSchemaError, startMockServer } = await import('../../mock/server.js');
  let mock;
  try {
    mock = await startMockServer({
      schemaFile: args.schema ?? '',
      ...(args.overrides === undefined ? {} : { overridesFile: args.overrides }),
      version: args.schemaVersion,
      seed,
      tenants,
      host: args.host,
      port: args.port,
      limits: Object.fromEntries(LIMIT_FLAGS.map((flag) => [flag, args[flag]])),
    });
  } catch (error) {
    if (error instanceof MockSchemaError) throw new CliError(error.message, 2);
    throw startError(error, args);
  }
  ctx.io.stdout.write(mockBanner(mock));
  const watching = args.watch ? watchMockSchema(mock, ctx.io) : undefined;
  await untilStopped(mock.close, ctx.io.stdout);
  watching?.close();
  ctx.io.stdout.write('stopped (stateless: nothing to flush)\n');
  return 0;
}

/** `rm-harness serve`: the stateful simulator over HTTP. */
// yargs types the kebab-case option names; the handler reads the camel-case keys yargs also sets.
export const serveCommand = defineCommand<ServeFlags>({
  command: 'serve',
  describe:
    'Start the stateful simulator (both revisions, three regions), or with --schema a stateless mock of an SDL',
  builder: (y) =>
    y
      // No yargs defaults for what the config file can set: an absent flag must stay undefined.
      .option('host', {
        type: 'string',
        defaultDescription: SERVE_DEFAULTS.host,
        describe: 'Interface to listen on',
      })
      .option('port', {
        type: 'number',
        defaultDescription: String(SERVE_DEFAULTS.port),
        describe: 'Port (0 picks a free one)',
      })
      .option(storeOptions)
      .option('store-lease', {
        type: 'number',
        defaultDescription: String(DEFAULT_LEASE_MS / 1000),
        describe:
          "Seconds of a store lock's lease: a replica that stops renewing (killed, hung) loses its stores to another this long after",
      })
      .option('max-open-stores', {
        type: 'number',
        defaultDescription: String(DEFAULT_STORE_BUDGET.maxOpenStores),
        describe:
          'Most stores open at once: beyond it the least recently used idle store is flushed and closed (reopened on its next request); 0 closes each store after its request',
      })
      .option('store-memory-budget', {
        type: 'number',
        defaultDescription: String(DEFAULT_STORE_BUDGET.storeMemoryBudget / (1024 * 1024)),
        describe: "Most MiB of open stores, counted as their files' bytes (snapshot and log)",
      })
      .option('store-idle-close', {
        type: 'number',
        defaultDescription: String(DEFAULT_STORE_BUDGET.storeIdleCloseMs / 1000),
        describe: 'Seconds after which a store no request used is flushed and closed; 0 never',
      })
      .option('in-memory', {
        type: 'boolean',
        defaultDescription: 'false',
        describe: 'Keep the stores in memory only',
      })
      .option('allow-rule-breaking', {
        type: 'boolean',
        defaultDescription: 'false',
        describe:
          'Test only: let PUT /__admin/faults turn single spec rules off ({"breakRules": ["§8/limit-default"]}), as conform --verify-rules does',
      })
      .option('admin-token', {
        type: 'string',
        defaultDescription: `$${ADMIN_TOKEN_ENV} or ${DEFAULT_ADMIN_TOKEN}`,
        describe: 'Bearer token of the admin API',
      })
      .option('max-body-bytes', {
        type: 'number',
        defaultDescription: String(DEFAULT_LIMITS.maxBodyBytes),
        describe: 'Largest request body',
      })
      .option('max-depth', {
        type: 'number',
        defaultDescription: String(DEFAULT_LIMITS.maxDepth),
        describe: 'Deepest selection',
      })
      .option('max-aliases', {
        type: 'number',
        defaultDescription: String(DEFAULT_LIMITS.maxAliases),
        describe: 'Most aliases per operation',
      })
      .option('max-complexity', {
        type: 'number',
        defaultDescription: String(DEFAULT_LIMITS.maxComplexity),
        describe: 'Highest operation cost',
      })
      .option('max-page-size', {
        type: 'number',
        defaultDescription: String(DEFAULT_LIMITS.maxPageSize),
        describe: 'Largest limit (at least 500)',
      })
      .option('engine', {
        choices: ENGINES,
        defaultDescription: DEFAULT_ENGINE,
        describe: 'Execution engine: jit (graphql-jit, compiled per document) or graphql-js',
      })
      .option('max-response-fields', {
        type: 'number',
        defaultDescription: String(DEFAULT_LIMITS.maxResponseFields),
        describe: 'Most fields one response may resolve; execution stops there',
      })
      .option('event-retention-count', {
        type: 'number',
        defaultDescription: String(DEFAULT_EVENT_RETENTION.count),
        describe: 'Most change events each store keeps; the oldest are removed as new ones are recorded',
      })
      .option('event-retention-days', {
        type: 'number',
        defaultDescription: 'none',
        describe: 'Oldest change event each store keeps, in days on the tenant clock (default: any age)',
      })
      .option('max-response-bytes', {
        type: 'number',
        defaultDescription: String(DEFAULT_LIMITS.maxResponseBytes),
        describe: 'Most bytes one response may take (counted while it is built); execution stops there',
      })
      .option('max-store-records', {
        type: 'number',
        defaultDescription: String(DEFAULT_LIMITS.maxStoreRecords),
        describe: "Most records one tenant's store (per region) may hold; writes past it get QUOTA_EXCEEDED",
      })
      .option('max-compiled-queries', {
        type: 'number',
        defaultDescription: String(DEFAULT_LIMITS.maxCompiledQueries),
        describe: 'Most queries the jit engine keeps compiled (least recently used dropped first)',
      })
      .option('max-compiled-operations', {
        type: 'number',
        defaultDescription: String(DEFAULT_LIMITS.maxCompiledOperations),
        describe: 'A document with more operations runs on graphql-js, never compiled',
      })
      .option('max-store-bytes', {
        type: 'number',
        defaultDescription: String(DEFAULT_LIMITS.maxStoreBytes),
        describe:
          "Most bytes of files one tenant's store (per region) may take; writes past it get QUOTA_EXCEEDED",
      })
      .option('schema', {
        type: 'string',
        describe: 'SDL file: serve a STATELESS mock of it (generated answers) instead of the simulator',
      })
      .option('overrides', {
        type: 'string',
        describe:
          'With --schema: a JSON or YAML file of example values per type and field, and whole answers per operation and variables, served before generating (reloaded by --watch)',
      })
      .option('schema-version', {
        type: 'string',
        default: DEFAULT_MOCK_VERSION,
        describe: 'Revision segment of the mock URLs (with --schema)',
      })
      .option('journal-max-bytes', {
        type: 'number',
        defaultDescription: String(DEFAULT_JOURNAL_BYTES),
        describe: 'Most bytes of text the request journal keeps (oldest entries dropped first)',
      })
      .option('allowed-hosts', {
        type: 'string',
        defaultDescription: 'localhost, 127.0.0.1, [::1] and the --host address',
        describe: 'Comma-separated Host names the admin API and /__inspect answer (403 otherwise); * for any',
      })
      .option('journal-size', {
        type: 'number',
        defaultDescription: String(DEFAULT_JOURNAL_SIZE),
        describe: 'Requests kept in the request journal (GET /__admin/requests, /__inspect)',
      })
      .option('log-format', {
        choices: LOG_FORMATS,
        defaultDescription: 'pretty on a terminal, json otherwise',
        describe:
          'Per-request log line on stdout: pretty (one readable line, formatted off the request thread) or json (pino NDJSON, written asynchronously)',
      })
      .option('replica-id', {
        type: 'string',
        describe:
          'Name of this process in a replica set: sent as x-rm-replica on every response, shown with the tenants it serves by GET /__admin/replica',
      })
      .option('release-idle', {
        type: 'number',
        describe:
          'Seconds after which a store no request used is flushed, closed and its lock released (a replica set hands tenants back with it; off by default)',
      })
      .option('quiet', {
        type: 'boolean',
        defaultDescription: 'false',
        describe: 'No per-request log lines (the banner stays)',
      })
      .option('watch', {
        type: 'boolean',
        defaultDescription: 'false',
        describe: 'Reload the tenants (config and tenants file), or with --schema the SDL, when they change',
      })
      .example('$0 serve --port 4100 --in-memory', 'A throw-away simulator on port 4100')
      .example(
        '$0 serve --schema next.graphql --seed 7',
        'A stateless mock of next.graphql at /{us|eu|au}/next/public-api/graphql',
      ),
  handler: (args, ctx) => handleServe(resolveServeFlags(args), ctx, args),
});
