import { writeFileSync } from 'node:fs';
import { DEFAULT_TENANTS } from '../../simulator/index.js';
import { configOption, readConfig } from '../config-option.js';
import { CliError, CliUsageError, defineCommand, defineGroup, type CliContext } from '../context.js';
import { nginxRouterConfig, parseReplicas } from '../nginx-router.js';
import { resolveStoreArgs, resolveStoreFlags } from '../simulator-options.js';

/** Arguments of `router nginx`. */
export interface RouterNginxArgs {
  config?: string | false;
  tenants?: string;
  replicas: string;
  listen: string;
  failTimeout: number;
  out?: string;
}

/**
 * Writes the nginx configuration of a replica set: the tenants are read as `serve` reads them (--tenants,
 * else the config file's, else the default two), so the router knows the tokens the replicas accept.
 */
export function handleRouterNginx(args: RouterNginxArgs, ctx: CliContext): number {
  const replicas = parseReplicas(args.replicas);
  if (typeof replicas === 'string') throw new CliUsageError(`--replicas ${replicas}`, 'router nginx');
  if (!/^(\S+:)?\d{1,5}$/.test(args.listen))
    throw new CliUsageError('--listen must be a port or address:port', 'router nginx');
  if (!Number.isSafeInteger(args.failTimeout) || args.failTimeout < 1)
    throw new CliUsageError('--fail-timeout must be a positive number of seconds', 'router nginx');
  const flags = resolveStoreFlags(
    { config: args.config, tenants: args.tenants },
    readConfig(args.config)?.config.serve ?? {},
  );
  const tenants = resolveStoreArgs(flags).tenants ?? DEFAULT_TENANTS;
  const source = flags.tenants ?? (flags.tenantList ? 'the config file' : 'the default tenants');
  const text = nginxRouterConfig({
    tenants,
    replicas,
    listen: args.listen,
    failTimeout: args.failTimeout,
    source,
  });
  if (typeof text !== 'string') throw new CliError(text.error, 2);
  if (args.out === undefined) {
    ctx.io.stdout.write(text);
    return 0;
  }
  try {
    // Owner-only from the first byte: the file holds every tenant's token.
    writeFileSync(args.out, text, { mode: 0o600 });
  } catch (error) {
    throw new CliError(`cannot write ${args.out}: ${(error as Error).message}`);
  }
  ctx.io.stdout.write(
    `wrote ${args.out}: ${tenants.length} tenant(s) over ${replicas.length} replica(s); it holds their tokens, keep it secret\n`,
  );
  return 0;
}

/** `rm-harness router nginx`. */
const routerNginxCommand = defineCommand<RouterNginxArgs>({
  command: 'nginx',
  describe:
    'Write the nginx configuration that routes each tenant to one replica (consistent hash on the tenant)',
  builder: (y) =>
    y
      .option('config', configOption)
      .option('tenants', {
        type: 'string',
        describe:
          'The tenants file the replicas serve (default: the config file’s, else dev-token and dev-token-limited)',
      })
      .option('replicas', {
        type: 'string',
        demandOption: true,
        describe: 'The replicas, host:port,… (the ring is built from them in this order)',
      })
      .option('listen', {
        type: 'string',
        default: '8080',
        describe: 'What nginx listens on: a port or address:port',
      })
      .option('fail-timeout', {
        type: 'number',
        default: 10,
        describe: 'Seconds a replica that refused a connection is left out before nginx tries it again',
      })
      .option('out', {
        type: 'string',
        describe: 'Write the configuration to this file (mode 0600) instead of stdout',
      })
      .example(
        '$0 router nginx --tenants tenants.json --replicas 10.0.0.1:4000,10.0.0.2:4000 --out rm-harness.conf',
        'An http-block include for two replicas',
      ),
  handler: (args, ctx) => handleRouterNginx(args, ctx),
});

/** `rm-harness router <nginx>`: configuration of the router in front of a replica set. */
export const routerCommand = defineGroup({
  command: 'router',
  describe: 'Write the configuration of a router that shards tenants over replicas (nginx)',
  subcommands: [routerNginxCommand],
});
