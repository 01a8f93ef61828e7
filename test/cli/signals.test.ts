import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { query, refusedWithin, spawnServe } from '../helpers/process.js';

// `npm start & … kill $!` in a CI script sends SIGTERM to npm alone. npm forwards it to its child; the
// start script execs node, so that child is the simulator itself and nothing is left behind.
// `npx rm-harness serve & … kill $!` is harder: npx runs the bin under `sh -c` and relays the signal to
// that shell, which dies of SIGTERM without passing it on and holds SIGINT until its command ends;
// bin/npm-parent.js notices either (the parent gone, or woken while node runs) and stops.
// The bin started directly gets the signal itself.

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('npm start', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops on %s sent to the npm process: the port is free and the stores are flushed',
    async (signal) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'rm-harness-signals-'));
      dirs.push(dir);
      const data = path.join(dir, 'data');
      const npm = await spawnServe('npm', [
        'start',
        '--',
        '--port',
        '0',
        '--data-dir',
        data,
        '--profile',
        'small',
      ]);
      // A query opens (and seeds) the tenant's store, so there is a store to flush.
      expect((await query(npm.url, '{ regionalSettings { language { name } } }')).status).toBe(200);
      expect(readdirSync(data).some((f) => f.endsWith('.wal'))).toBe(true);

      npm.child.kill(signal);
      await npm.exited;
      expect(await refusedWithin(npm.url, 10_000)).toBe(true);
      expect(npm.output()).toContain('stopped; stores flushed');
      const files = readdirSync(data);
      expect(files.filter((f) => f.endsWith('.wal'))).toEqual([]);
      expect(files.some((f) => f.endsWith('.json'))).toBe(true);
    },
    120_000,
  );
});

/** The mock's last words. */
const STATELESS = 'stopped (stateless: nothing to flush)';

/** How a signal reaches the command: to its own process only, or to its process group (Ctrl+C). */
type Delivery = 'process' | 'group';

describe.each([
  // A test harness signals npx alone; a terminal's Ctrl+C sends SIGINT to the whole group.
  [
    'npx rm-harness serve',
    'npx',
    ['--no-install', 'rm-harness', 'serve'],
    [
      ['SIGTERM', 'process'],
      ['SIGINT', 'process'],
      ['SIGINT', 'group'],
    ],
    'stopped; stores flushed',
  ],
  [
    'npx rm-harness serve --schema (the mock)',
    'npx',
    ['--no-install', 'rm-harness', 'serve', '--schema', path.resolve('contracts/1.4.0/schema.graphql')],
    [
      ['SIGTERM', 'process'],
      ['SIGINT', 'process'],
    ],
    STATELESS,
  ],
  [
    'bin/rm-harness.js serve, started directly',
    path.resolve('bin/rm-harness.js'),
    ['serve'],
    [
      ['SIGTERM', 'process'],
      ['SIGINT', 'process'],
    ],
    'stopped; stores flushed',
  ],
] as [string, string, string[], [NodeJS.Signals, Delivery][], string][])(
  '%s',
  (_name, command, args, deliveries, lastWords) => {
    it.each(deliveries)(
      'stops on %s sent to its %s: the port is free and the stores are flushed',
      async (signal, delivery) => {
        const dir = mkdtempSync(path.join(tmpdir(), 'rm-harness-signals-'));
        dirs.push(dir);
        const serve = await spawnServe(
          command,
          [...args, '--port', '0', '--data-dir', path.join(dir, 'data')],
          {
            detached: delivery === 'group',
          },
        );
        // A query opens (and seeds) the simulator's store, so there is a store to flush.
        if (lastWords === STATELESS) expect((await fetch(`${serve.url}/__admin/health`)).status).toBe(200);
        else expect((await query(serve.url, '{ regionalSettings { language { name } } }')).status).toBe(200);
        // The stop handlers are installed once the banner is complete; a signal before that ends the process.
        expect(await outputWithin(serve.output, 'Press Ctrl+C to stop.', 30_000)).toBe(true);
        if (delivery === 'group') process.kill(-(serve.child.pid ?? 0), signal);
        else serve.child.kill(signal);
        await serve.exited;
        expect(await refusedWithin(serve.url, 10_000)).toBe(true);
        // The server's own last words, also when its parent died first (the pipe stays open until it ends).
        expect(await outputWithin(serve.output, lastWords, 10_000)).toBe(true);
        const data = path.join(dir, 'data');
        if (existsSync(data)) expect(readdirSync(data).filter((f) => f.endsWith('.wal'))).toEqual([]);
      },
      120_000,
    );
  },
);

describe('npx rm-harness serve, stopped and continued (Ctrl+Z, fg)', () => {
  /** The pids under `pid`, depth first (Linux). */
  const descendants = (pid: number): number[] =>
    readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number)
      .flatMap((child) => [child, ...descendants(child)]);

  // The shell wakes when node stops and continues, as on SIGINT; node must not take that for one.
  (process.platform === 'linux' ? it : it.skip)(
    'keeps serving',
    async () => {
      const serve = await spawnServe('npx', [
        '--no-install',
        'rm-harness',
        'serve',
        '--port',
        '0',
        '--in-memory',
      ]);
      try {
        expect(await outputWithin(serve.output, 'Press Ctrl+C to stop.', 30_000)).toBe(true);
        const node = descendants(serve.child.pid ?? 0).find((pid) =>
          readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('node'),
        );
        expect(node).toBeDefined();
        process.kill(node ?? 0, 'SIGSTOP');
        await new Promise((resolve) => setTimeout(resolve, 500));
        process.kill(node ?? 0, 'SIGCONT');
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        expect((await query(serve.url, '{ regionalSettings { language { name } } }')).status).toBe(200);
        expect(serve.output()).not.toContain('stopping');
      } finally {
        serve.child.kill('SIGTERM');
        await serve.exited;
      }
      expect(await refusedWithin(serve.url, 10_000)).toBe(true);
    },
    120_000,
  );
});

/** Resolves true once the output contains `text` (polling, up to `ms`). */
async function outputWithin(output: () => string, text: string, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (output().includes(text)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}
