/** Jest over native ESM with @swc/jest; type-checking is the separate `npm run typecheck` step. */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'es6' },
        sourceMaps: 'inline',
      },
    ],
  },
  testTimeout: 60000,
  // Worker processes, each recycled once a test file leaves it above this size. Without a limit jest runs
  // every file in one process on a 2-core machine (one worker or less means "in band"), and the modules each
  // file loads anew under native ESM add up there until the heap limit ends the whole run.
  // The workers inherit the test script's --max-old-space-size=6144: one that still holds up to this limit
  // from earlier files can take a memory-flood file (response amplification) past V8's default heap limit.
  workerIdleMemoryLimit: '1536MB',
  // Two workers on two cores: many files spend their time waiting on child processes, leases and timers
  // (the replica set, the lock races, the memory floods), so one worker left a core idle for most of the run.
  maxWorkers: 2,
};
