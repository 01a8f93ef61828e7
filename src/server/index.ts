import { randomBytes } from 'node:crypto';
import { createApp } from './app.js';
import { isLoopback } from './host-check.js';
import { checkFaults, Faults, type FaultConfig } from './faults.js';
import { listen } from './listen.js';
import { DEFAULT_ADMIN_TOKEN } from './admin-auth.js';
import { RequestJournal, type JournalEntry, type JournalHead } from './journal.js';
import { Simulator, SimulatorSetupError, type SimulatorOptions } from '../simulator/index.js';
import { DEV_TOKENS } from '../contract/endpoint.js';

export { checkFaults, FAULTS_SCHEMA } from './faults.js';
export type { FaultConfig, FaultRule } from './faults.js';
export { lastResortHandler } from './http.js';
export { ASSETS_PATH, assetsRouter, EXPLORER_DEV_TOKEN, explorerMiddleware } from './explorer.js';
export { graphqlAnswerer } from './graphql-route.js';
export type { GraphqlAnswer, GraphqlRequest } from './graphql-route.js';
export { graphqlEdge, UNAUTHENTICATED_BODY_BYTES } from './edge.js';
export type { EdgeCall, GraphqlEdge } from './edge.js';
export { simulatorEdge } from './simulator-edge.js';
export { sendError } from './http.js';
export { bearerOf, sendAnswer } from './node-http.js';
export { sameToken } from '../secrets/index.js';
export type { HttpAnswer } from './node-http.js';
export { readBodyBytes, refusalAnswer } from './body.js';
export type { BodyBytes, BodyRefusal, ByteBudget } from './body.js';
export { listen } from './listen.js';
export { defaultAllowedHosts, hostCheck, hostName, isLoopback, LOOPBACK_HOSTS } from './host-check.js';

export { DEFAULT_ADMIN_TOKEN } from './admin-auth.js';
export {
  DEFAULT_JOURNAL_BYTES,
  DEFAULT_JOURNAL_SIZE,
  MAX_JOURNAL_SIZE,
  MAX_KEPT_CHARS,
  MIN_JOURNAL_BYTES,
  RequestJournal,
} from './journal.js';
export type { JournalEntry, JournalFilter, JournalHead, JournalOperation } from './journal.js';
export { verifyRequests } from './journal-verify.js';
export type { NearMiss, RequestPattern, Times, VerifyResult } from './journal-verify.js';
export { LOG_FORMATS, requestLogger } from './request-log.js';
export type { LogFormat, LogSink, RequestLogger } from './request-log.js';

/** How to start the HTTP simulator. */
export interface ServerOptions extends SimulatorOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /**
   * Bearer token of the admin API. Unset or the published default ({@link DEFAULT_ADMIN_TOKEN}) while
   * listening beyond loopback: a random one is generated (see {@link RunningServer.adminTokenGenerated}).
   */
  adminToken?: string;
  /** Host names the admin API and the inspector answer (`*` for any); default loopback and `host`. */
  allowedHosts?: readonly string[];
  /** Faults active from the start, in the shape of `PUT /__admin/faults`. */
  faults?: FaultConfig;
  log?: (message: string) => void;
  /** How many requests the journal keeps (default {@link DEFAULT_JOURNAL_SIZE}). */
  journalSize?: number;
  /** Most bytes of text the journal keeps (default {@link DEFAULT_JOURNAL_BYTES}); the oldest entries go first. */
  journalMaxBytes?: number;
  /** Hears each journaled request as it finishes, as the whole entry (built for it: parsed and masked). */
  onRequest?: (entry: JournalEntry) => void;
  /** Hears the head of each journaled request as it finishes (the per-request log line); cheaper. */
  onRequestHead?: (head: JournalHead) => void;
  /**
   * The name of this process in a replica set: sent as `x-rm-replica` on every response and shown by
   * `GET /__admin/replica` with the tenants it serves, so routing can be checked from outside.
   */
  replicaId?: string;
}

/** A running simulator. */
export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:4000`. */
  url: string;
  adminToken: string;
  /** Whether {@link adminToken} was generated for this run (the default one would have been public). */
  adminTokenGenerated: boolean;
  simulator: Simulator;
  /** The request journal (`/__admin/requests`). */
  journal: RequestJournal;
  /**
   * Replaces the active faults, as `PUT /__admin/faults` would (`{ "rules": [] }` clears them); returns
   * why a configuration was refused, and then changes nothing.
   */
  setFaults(config: FaultConfig): string | undefined;
  /** Stops accepting requests, finishes the open ones, and flushes the stores. */
  close(): Promise<void>;
}

/** Starts the simulator over HTTP (express + graphql-http). */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  // Checked before the simulator opens its stores, so a bad configuration leaves nothing open.
  const faultProblem = options.faults === undefined ? undefined : checkFaults(options.faults);
  if (faultProblem !== undefined) throw new SimulatorSetupError(`invalid faults: ${faultProblem}`);
  const journal = new RequestJournal(options.journalSize, options.journalMaxBytes);
  if (options.onRequest) journal.subscribe(options.onRequest);
  if (options.onRequestHead) journal.watch(options.onRequestHead);
  const simulator = new Simulator(options);
  const host = options.host ?? '127.0.0.1';
  // The default admin token is published: beyond loopback it would open the admin API to anyone.
  const adminTokenGenerated =
    (options.adminToken ?? DEFAULT_ADMIN_TOKEN) === DEFAULT_ADMIN_TOKEN && !isLoopback(host);
  const adminToken = adminTokenGenerated
    ? randomBytes(24).toString('base64url')
    : (options.adminToken ?? DEFAULT_ADMIN_TOKEN);
  const faultState = new Faults();
  const app = createApp(simulator, {
    adminToken,
    host,
    allowedHosts: options.allowedHosts,
    log: options.log,
    faults: options.faults,
    journal,
    faultState,
    replicaId: options.replicaId,
  });
  const server = await listen(app, host, options.port ?? 4000);
  let closing: Promise<void> | undefined;
  return {
    url: server.url,
    adminToken,
    adminTokenGenerated,
    simulator,
    journal,
    setFaults: (config) => faultState.configure(config),
    close: () => {
      // Live streams never finish by themselves, and the server waits for open responses.
      journal.end();
      // Nor do requests a `hang` fault holds.
      faultState.releaseHung();
      closing ??= server.close().then(() => simulator.close());
      return closing;
    },
  };
}

/**
 * A simulator for one run of a tool (`conform --target sim`, `checkConformance`, the fuzzer): in this
 * process, on a fresh in-memory store and a free loopback port, silent. With `admin` (the token and the
 * main tenant's id), a run sets its scenarios' provider states.
 */
export async function startScratchSimulator(): Promise<{
  baseUrl: string;
  close: () => Promise<void>;
  admin?: { token: string; tenant: string };
}> {
  const server = await startServer({ port: 0, host: '127.0.0.1', inMemory: true, log: () => {} });
  const tenant = server.simulator.tenantByToken(DEV_TOKENS.full)?.id;
  return {
    baseUrl: server.url,
    close: () => server.close(),
    admin: tenant ? { token: server.adminToken, tenant } : undefined,
  };
}
