// One owner per store: two processes on one data dir never both open a store. Pairs of processes
// race to open the same store; the winner writes until it is killed at a random moment, and the next
// pair races to take over the dead winner's lock. Every round: exactly one opens, the other is refused
// naming it, the store passes `store check`, and every acknowledged write is there. Then the same through
// HTTP: a second simulator on a data dir a `serve` has open answers STORE_LOCKED, and `store check`
// refuses with exit 3.
import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkStore, FileBackend, Store } from '../../src/store/index.js';
import { cliArgs } from '../helpers/cli-io.js';
import { spawnServe } from '../helpers/process.js';
import { startTestServer } from '../helpers/server.js';

const here = dirname(fileURLToPath(import.meta.url));
const projectRoot = resolve(here, '../..');
const racer = join(here, 'fixtures', 'lock-racer.ts');
const ROUNDS = 20;

const children = new Set<ChildProcess>();
const dirs: string[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'store-lock-'));
  dirs.push(dir);
  return dir;
}

interface Racer {
  child: ChildProcess;
  /** Resolves once the racer has loaded its modules and waits for `go`. */
  ready: Promise<void>;
  /** Sends `go` and resolves with the racer's answer: `open` or `locked <pid>`. */
  race(): Promise<string>;
  /** Ids the racer reported durable (complete lines only). */
  acked(): string[];
  /** Resolves once the racer has reported a durable write. */
  writing(): Promise<void>;
  exited: Promise<void>;
}

function startRacer(dir: string, tag: string): Racer {
  const child = spawn(process.execPath, ['--import', 'tsx', racer, dir, tag], {
    cwd: projectRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  let err = '';
  const exited = new Promise<void>((done) =>
    child.once('exit', () => {
      children.delete(child);
      done();
    }),
  );
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const lines = () => out.split('\n').slice(0, -1);
  const until = <T>(find: () => T | undefined) =>
    new Promise<T>((done, fail) => {
      const look = () => {
        const found = find();
        if (found !== undefined) done(found);
      };
      child.stdout!.on('data', look);
      look();
      void exited.then(() => {
        look();
        fail(new Error(`racer ${tag} exited:\n${out}\n${err}`));
      });
    });
  const answers = () => lines().filter((l) => l === 'open' || l.startsWith('locked '));
  return {
    child,
    ready: until(() => (lines().includes('ready') ? true : undefined)).then(() => undefined),
    race: () => {
      const before = answers().length;
      child.stdin!.write('go\n');
      return until(() => answers()[before]);
    },
    acked: () => lines().flatMap((l) => (l.startsWith('ack ') ? [l.slice(4)] : [])),
    writing: () =>
      until(() => (lines().some((l) => l.startsWith('ack ')) ? true : undefined)).then(() => undefined),
    exited,
  };
}

describe('one owner per store', () => {
  it(`${ROUNDS} rounds of two processes racing to open one store under writes: never two owners`, async () => {
    const dir = tempDir();
    const acked = new Set<string>();
    // Two racers per round; the loser races again in the next round, the killed winner is replaced by a
    // racer started during the round (it loads while the round runs, so only the open is raced).
    let racers = [startRacer(dir, 'r0'), startRacer(dir, 'r1')];
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(racers.map((r) => r.ready));
      const spare = round + 1 < ROUNDS ? startRacer(dir, `r${round + 2}`) : undefined;
      const outcomes = await Promise.all(racers.map((r) => r.race()));
      const winner = racers[outcomes.indexOf('open')];
      const loser = racers[outcomes.findIndex((o) => o.startsWith('locked '))];
      expect({ round, outcomes: [...outcomes].sort() }).toEqual({
        round,
        outcomes: ['locked ' + String(winner?.child.pid), 'open'],
      });
      await winner!.writing();
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 200));
      winner!.child.kill('SIGKILL');
      await winner!.exited;
      for (const id of winner!.acked()) acked.add(id);
      racers = spare ? [loser!, spare] : [];

      const check = await checkStore(dir, 'race');
      expect({ round, ok: check.ok, findings: check.findings.filter((f) => f.level === 'error') }).toEqual({
        round,
        ok: true,
        findings: [],
      });
      // Read without the lock, so the dead winner's lock stays for the next pair to race over.
      const store = await Store.open(new FileBackend(dir, 'race', { lock: false }));
      const missing = [...acked].filter((id) => !store.has('items', id));
      await store.close();
      expect({ round, missing }).toEqual({ round, missing: [] });
    }
  }, 240_000);

  it('a second simulator on the data dir answers STORE_LOCKED, and store check refuses with exit 3', async () => {
    const dir = tempDir();
    const serving = await spawnServe(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli/main.ts',
        'serve',
        '--port',
        '0',
        '--data-dir',
        dir,
        '--profile',
        'small',
        '--quiet',
      ],
      { cwd: projectRoot },
    );
    children.add(serving.child);
    const query = (url: string) =>
      fetch(`${url}/us/1.4.0/public-api/graphql`, {
        method: 'POST',
        headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
    expect((await query(serving.url)).status).toBe(200);
    const second = await startTestServer({ inMemory: false, dataDir: dir });
    try {
      const refused = await query(second.url);
      expect(refused.status).toBe(503);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(15);
      const body = (await refused.json()) as { errors: Array<{ message: string; extensions: unknown }> };
      expect(body.errors[0]!.extensions).toEqual({ code: 'STORE_LOCKED', retryAfter });
      // The owner's host and pid are for the operator's log, not for a tenant.
      expect(body.errors[0]!.message).toBe(
        `The tenant store is open in another process; nothing was written; retry after ${retryAfter} s.`,
      );
      const check = await cliArgs('store', 'check', '--data-dir', dir);
      expect(check.code).toBe(3);
      expect(check.stderr.trim().split('\n')).toHaveLength(1);
      expect(check.stderr).toContain(`is open in process ${serving.child.pid}`);

      serving.child.kill('SIGTERM');
      await serving.exited;
      // The owner closed the store on its way out: the second simulator opens it on the next request.
      expect((await query(second.url)).status).toBe(200);
    } finally {
      await second.close();
    }
  }, 90_000);
});
