// One simulator per test file, reset before each test; ESM live bindings expose it to the tests
// (jest gives every test file its own module registry, so each file has its own server).
import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import { startTestServer, type TestServer } from './server.js';

/** The running simulator of the calling test file. */
export let server: TestServer;

/** Starts the server for the calling test file and resets the tenant's us region before each test, then runs `afterReset`. */
export function useResetServer(afterReset?: (server: TestServer) => Promise<void>): void {
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    await server.admin('POST', '/tenants/dev-firm/reset', { regions: ['us'] });
    await afterReset?.(server);
  });
}
