import { createApp } from './app.js';
import { checkFaults, Faults, type FaultConfig } from './faults.js';
import { listen } from './listen.js';
import { DEFAULT_ADMIN_TOKEN } from './admin-auth.js';
import { RequestJournal, type JournalEntry, type JournalHead } from './journal.js';
import { Simulator, SimulatorSetupError, type SimulatorOptions } from '../simulator/index.js';

export { checkFaults, FAULTS_SCHEMA } from './faults.js';
export type { FaultConfig, FaultRule } from './faults.js';
export { lastResortHandler } from './errors.js';
export { ASSETS_PATH, assetsRouter, EXPLORER_DEV_TOKEN, explorerMiddleware } from './explorer.js';
export { graphqlRoute } from './graphql-route.js';
export { bearerToken, sendError } from './http.js';
export { listen } from './listen.js';

export { DEFAULT_ADMIN_TOKEN } from './admin-auth.js';
export { DEFAULT_JOURNAL_SIZE, MAX_JOURNAL_SIZE, RequestJournal } from './journal.js';
export type { JournalEntry, JournalFilter, JournalHead, JournalOperation } from './journal.js';
export { LOG_FORMATS, requestLogger } from './request-log.js';
export type { LogFormat, LogSink } from './request-log.js';

/** How to start the HTTP simulator. */
export interface ServerOptions extends SimulatorOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  adminToken?: string;
  /** Faults active from the start, in the shape of `PUT /__admin/faults`. */
  faults?: FaultConfig;
  log?: (message: string) => void;
  /** How many requests the journal keeps (default {@link DEFAULT_JOURNAL_SIZE}). */
  journalSize?: number;
  /** Hears each journaled request as it finishes, as the whole entry (built for it: parsed and masked). */
  onRequest?: (entry: JournalEntry) => void;
  /** Hears the head of each journaled request as it finishes (the per-request log line); cheaper. */
  onRequestHead?: (head: JournalHead) => void;
}

/** A running simulator. */
export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:4000`. */
  url: string;
  adminToken: string;
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
  const journal = new RequestJournal(options.journalSize);
  if (options.onRequest) journal.subscribe(options.onRequest);
  if (options.onRequestHead) journal.watch(options.onRequestHead);
  const simulator = new Simulator(options);
  const adminToken = options.adminToken ?? DEFAULT_ADMIN_TOKEN;
  const faultState = new Faults();
  const app = createApp(simulator, {
    adminToken,
    log: options.log,
    faults: options.faults,
    journal,
    faultState,
  });
  const server = await listen(app, options.host ?? '127.0.0.1', options.port ?? 4000);
  let closing: Promise<void> | undefined;
  return {
    url: server.url,
    adminToken,
    simulator,
    journal,
    setFaults: (config) => faultState.configure(config),
    close: () => {
      // Live streams never finish by themselves, and the server waits for open responses.
      journal.end();
      closing ??= server.close().then(() => simulator.close());
      return closing;
    },
  };
}
