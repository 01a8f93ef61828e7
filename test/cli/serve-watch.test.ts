// `rm-harness serve --watch` run in-process on a random port: the tenants file and the config file
// reload without a restart (stores kept, new tenants answer, switches apply, removed tenants stop
// answering, a broken file changes nothing), and `serve --schema FILE --watch` reloads the mock's SDL
// unless it does not build. Also `--log-format json` and `--quiet`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { fakeIo, type Captured } from '../helpers/cli-io.js';
import { runCli } from '../../src/cli/run.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rm-serve-watch-'));
  dirs.push(dir);
  return dir;
}

/** Polls `check` until it holds (returns true) or fails the test after `ms`. */
async function until(what: string, check: () => Promise<boolean> | boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Serving {
  url: string;
  out: Captured;
  /** Stops the server as Ctrl+C would, and resolves with the exit code. */
  stop(): Promise<number>;
}

/** Runs `rm-harness serve …` in this process and resolves once it listens. */
async function serve(args: string[]): Promise<Serving> {
  const { io, out } = fakeIo();
  const running = runCli(['serve', '--port', '0', ...args], io);
  let code: number | undefined;
  void running.then((c) => (code = c));
  await until('the banner', () => {
    if (code !== undefined) throw new Error(`serve exited with ${code}: ${out.stderr}`);
    return /Press Ctrl\+C to stop\.\n/.test(out.stdout);
  });
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out.stdout)![1]!;
  return {
    url,
    out,
    stop: async () => {
      process.emit('SIGINT');
      return running;
    },
  };
}

async function post(
  url: string,
  token: string,
  query: string,
  variables?: Record<string, unknown>,
): Promise<{ status: number; body: { data?: Record<string, unknown> | null; errors?: unknown[] } }> {
  const res = await fetch(`${url}/public-api/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown> | null } };
}

const tenant = (id: string, token: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Firm ${id}`,
  token,
  ...extra,
});

const ADD = 'mutation A($input: AddPersonInput!) { addPerson(input: $input) { item { id } } }';
const FIND = '{ searchFirmContacts(filter: [{ field: lastName, value: "Reloadproof" }]) { totalModels } }';
const SETTINGS = '{ __typename }';

describe('serve --watch: tenants', () => {
  it('reloads the tenants file and the config file, keeping the stores', async () => {
    const dir = tempDir();
    const tenantsFile = path.join(dir, 'tenants.json');
    const configFile = path.join(dir, 'rm-harness.config.json');
    writeFileSync(tenantsFile, JSON.stringify([tenant('alpha', 'alpha-token-1')]));
    writeFileSync(configFile, JSON.stringify({ serve: { tenants: 'tenants.json' } }));
    const server = await serve([
      '--in-memory',
      '--profile',
      'small',
      '--config',
      configFile,
      '--watch',
      '--quiet',
    ]);
    const tenants = async () => {
      const res = await fetch(`${server.url}/__admin/tenants`, {
        headers: { authorization: 'Bearer admin-token' },
      });
      return ((await res.json()) as { tenants: Array<{ id: string; fullCloud: boolean }> }).tenants;
    };
    try {
      expect(server.out.stdout).toContain(`Watching ${configFile}, ${tenantsFile}`);
      const added = await post(server.url, 'alpha-token-1', ADD, {
        input: { firstName: 'Kept', lastName: 'Reloadproof' },
      });
      expect(added.body.errors).toBeUndefined();

      // A new tenant appears, a changed switch applies.
      writeFileSync(
        tenantsFile,
        JSON.stringify([
          tenant('alpha', 'alpha-token-1', { fullCloud: false }),
          tenant('beta', 'beta-token-1'),
        ]),
      );
      await until(
        'beta to answer',
        async () => (await post(server.url, 'beta-token-1', SETTINGS)).status === 200,
      );
      expect((await tenants()).find((t) => t.id === 'alpha')?.fullCloud).toBe(false);
      const found = await post(server.url, 'alpha-token-1', FIND);
      expect(found.body.data).toEqual({ searchFirmContacts: { totalModels: 1 } });

      // A broken file changes nothing, and says why on stderr.
      writeFileSync(tenantsFile, '[{"id": "broken"');
      await until('the reload error', () =>
        /reload failed, the tenants are unchanged/.test(server.out.stderr),
      );
      expect(server.out.stderr.trim().split('\n')).toHaveLength(1);
      expect((await post(server.url, 'beta-token-1', SETTINGS)).status).toBe(200);

      // A removed tenant stops answering.
      writeFileSync(tenantsFile, JSON.stringify([tenant('beta', 'beta-token-1')]));
      await until(
        'alpha to be refused',
        async () => (await post(server.url, 'alpha-token-1', SETTINGS)).status === 401,
      );
      expect((await tenants()).map((t) => t.id)).toEqual(['beta']);

      // The config file itself: inline tenants replace the tenants file; alpha comes back with its store.
      writeFileSync(configFile, JSON.stringify({ serve: { tenants: [tenant('alpha', 'alpha-token-2')] } }));
      await until(
        'alpha to answer again',
        async () => (await post(server.url, 'alpha-token-2', SETTINGS)).status === 200,
      );
      expect((await post(server.url, 'beta-token-1', SETTINGS)).status).toBe(401);
      expect((await post(server.url, 'alpha-token-2', FIND)).body.data).toEqual({
        searchFirmContacts: { totalModels: 1 },
      });
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it("applies the config file's faults when they change there, and turns them off when removed", async () => {
    const dir = tempDir();
    const configFile = path.join(dir, 'rm-harness.config.json');
    const withFaults = (errorRate: number) =>
      JSON.stringify({
        serve: {
          tenants: [tenant('alpha', 'alpha-token-1')],
          faults: { rules: [{ errorRate, errorKind: 'http503' }] },
        },
      });
    writeFileSync(configFile, JSON.stringify({ serve: { tenants: [tenant('alpha', 'alpha-token-1')] } }));
    const server = await serve([
      '--in-memory',
      '--profile',
      'small',
      '--config',
      configFile,
      '--watch',
      '--quiet',
    ]);
    try {
      expect((await post(server.url, 'alpha-token-1', SETTINGS)).status).toBe(200);
      writeFileSync(configFile, withFaults(1));
      await until(
        'the fault to apply',
        async () => (await post(server.url, 'alpha-token-1', SETTINGS)).status === 503,
      );
      expect(server.out.stdout).toContain('Faults reloaded: 1 rule(s)');
      // A configuration the faults schema refuses changes nothing.
      writeFileSync(configFile, withFaults(7));
      await until('the refusal', () => /rm-harness: /.test(server.out.stderr));
      expect((await post(server.url, 'alpha-token-1', SETTINGS)).status).toBe(503);
      writeFileSync(configFile, JSON.stringify({ serve: { tenants: [tenant('alpha', 'alpha-token-1')] } }));
      await until(
        'the fault to go',
        async () => (await post(server.url, 'alpha-token-1', SETTINGS)).status === 200,
      );
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('does not reload without --watch', async () => {
    const dir = tempDir();
    const tenantsFile = path.join(dir, 'tenants.json');
    writeFileSync(tenantsFile, JSON.stringify([tenant('alpha', 'alpha-token-1')]));
    const server = await serve([
      '--in-memory',
      '--profile',
      'small',
      '--no-config',
      '--tenants',
      tenantsFile,
      '--quiet',
    ]);
    try {
      writeFileSync(tenantsFile, JSON.stringify([tenant('beta', 'beta-token-1')]));
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect((await post(server.url, 'beta-token-1', SETTINGS)).status).toBe(401);
      expect((await post(server.url, 'alpha-token-1', SETTINGS)).status).toBe(200);
      expect(server.out.stdout).not.toContain('Watching');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});

describe('serve --schema FILE --watch', () => {
  it('reloads the mock when the SDL changes, and keeps the old schema when it does not build', async () => {
    const dir = tempDir();
    const sdl = path.join(dir, 'next.graphql');
    writeFileSync(sdl, 'type Query {\n  hello: String\n}\n');
    const server = await serve(['--schema', sdl, '--no-config', '--watch']);
    const ask = (query: string) => post(server.url, 'dev-token', query);
    try {
      expect(server.out.stdout).toContain(`Watching ${sdl} (the mock reloads on change)`);
      expect((await ask('{ bye }')).body.errors).toBeDefined();

      writeFileSync(sdl, 'type Query {\n  hello: String\n  bye: Int\n}\n');
      await until('the new field', async () => (await ask('{ bye }')).body.errors === undefined);
      expect(typeof (await ask('{ bye }')).body.data?.['bye']).toBe('number');

      writeFileSync(sdl, 'type Query {\n  hello: NoSuchType\n');
      await until('the SDL error', () => /kept the previous schema: invalid SDL/.test(server.out.stderr));
      expect(server.out.stderr.trim().split('\n')).toHaveLength(1);
      expect((await ask('{ bye }')).body.errors).toBeUndefined();
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});

describe('serve: misuse of the new flags', () => {
  it.each([
    [['--journal-size', '0'], /--journal-size must be an integer from 1 to 100000/],
    [['--log-format', 'xml'], /log-format/],
  ])('refuses %j with exit 2 and an rm-harness: message', async (flags, message) => {
    const { io, out } = fakeIo();
    expect(await runCli(['serve', '--port', '0', '--in-memory', '--no-config', ...flags], io)).toBe(2);
    expect(out.stderr).toMatch(/^rm-harness: /);
    expect(out.stderr).toMatch(message);
    expect(out.stdout).toBe('');
  });
});

describe('serve: the per-request log', () => {
  const lines = (out: Captured) => out.stdout.slice(out.stdout.indexOf('Press Ctrl+C to stop.\n') + 22);

  it('--log-format json writes one parseable pino line per request', async () => {
    const server = await serve(['--in-memory', '--profile', 'small', '--no-config', '--log-format', 'json']);
    try {
      await post(server.url, 'dev-token', 'query One { __typename }');
      await post(server.url, 'no-such-token', '{ __typename }');
      await until('two log lines', () => lines(server.out).split('\n').filter(Boolean).length >= 2);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const logged = lines(server.out)
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({
      level: 30,
      tenant: 'dev-firm',
      region: 'us',
      revision: '1.4.0',
      operation: 'One',
      operationType: 'query',
      status: 200,
    });
    expect(logged[1]).toMatchObject({
      level: 40,
      tenant: null,
      status: 401,
      errorCodes: ['UNAUTHENTICATED'],
    });
    expect(typeof logged[0]!['time']).toBe('string');
    expect(lines(server.out)).not.toContain('no-such-token');
  });

  it('--log-format pretty (the default) writes one readable line per request; --quiet writes none', async () => {
    const pretty = await serve(['--in-memory', '--profile', 'small', '--no-config']);
    try {
      await post(pretty.url, 'dev-token', 'query Pretty { __typename }');
      await until('a log line', () => lines(pretty.out).includes('\n'));
    } finally {
      expect(await pretty.stop()).toBe(0);
    }
    const [line] = lines(pretty.out).split('\n');
    expect(line).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: POST \/public-api\/graphql query Pretty → 200 in [\d.]+ ms \{.*"tenant":"dev-firm"/,
    );

    const quiet = await serve(['--in-memory', '--profile', 'small', '--no-config', '--quiet']);
    try {
      await post(quiet.url, 'dev-token', 'query Quiet { __typename }');
      await post(quiet.url, 'dev-token', '{ nope }');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(lines(quiet.out)).toBe('');
    } finally {
      expect(await quiet.stop()).toBe(0);
    }
  });
});
