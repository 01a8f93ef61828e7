// Launches Debian's Chromium through playwright-core (no browser download); the browser tests skip without it.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { chromium, type Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** The Chromium binary: `CHROMIUM_PATH`, else Debian's package (`apt-get install chromium`). */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Whether the browser tests can run here. */
export const hasChromium = existsSync(CHROMIUM_PATH);

/** Why the browser tests are skipped, when they are. */
export const SKIP_NOTE = `browser tests skipped: no Chromium at ${CHROMIUM_PATH} (install it with \`apt-get install chromium\` or set CHROMIUM_PATH)`;

/**
 * `describe` when Chromium is installed. Without it the suite's tests are skipped, never failed: the
 * suite then holds one skipped test named after the reason, and the reason goes to stderr (jest shows
 * no console output of a suite whose tests all skip).
 */
export function describeWithChromium(name: string, fn: () => void): void {
  if (hasChromium) {
    describe(name, fn);
    return;
  }
  process.stderr.write(`${name}: ${SKIP_NOTE}\n`);
  describe(name, () => {
    it.skip(SKIP_NOTE, () => {});
  });
}

/** A headless Chromium (no sandbox: CI runs as root in a container). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', '--no-sandbox'] });
}

/**
 * Starts a simulator and a Chromium before the suite's tests and closes both after them; call inside
 * `describeWithChromium`. The getters are valid in the tests.
 */
export function useServerAndBrowser(): { server: () => TestServer; browser: () => Browser } {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} did not start (see beforeAll)`);
    return value;
  };
  return { server: () => need(server, 'the simulator'), browser: () => need(browser, 'Chromium') };
}
