import { type TargetFactory } from '../conformance/index.js';
import { startScratchSimulator, startServer } from '../server/index.js';

/** `--target sim`: the simulator in-process on a fresh in-memory store and a free port, quiet. */
export const startSimulatorTarget: TargetFactory = startScratchSimulator;

/**
 * The in-process simulator of `conform --verify-rules`: like {@link startSimulatorTarget}, but it
 * accepts `breakRules` (test-only) through its admin API, whose token it reports.
 */
export const startRuleBreakingSimulator: TargetFactory = async () => {
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    inMemory: true,
    log: () => {},
    allowRuleBreaking: true,
    // A verification runs each document on this simulator once or twice, and graphql-jit compiles every
    // document it executes: graphql-js answers them sooner (the verification took 15–30% less CPU) with
    // the same bytes (test/api/engines.test.ts), and the same evidence for every rule.
    engine: 'graphql-js',
  });
  return { baseUrl: server.url, adminToken: server.adminToken, close: () => server.close() };
};
