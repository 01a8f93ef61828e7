// `rm-harness serve --schema FILE --overrides FILE --watch`: the mock serves the overrides file's values
// and reads it again when it changes; an overrides file that does not fit the schema is exit 2.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { fakeIo } from '../helpers/cli-io.js';
import { runCli } from '../../src/cli/run.js';

const dir = mkdtempSync(path.join(tmpdir(), 'rm-mock-overrides-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function firstName(url: string): Promise<unknown> {
  const res = await fetch(`${url}/public-api/graphql`, {
    method: 'POST',
    headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ person(id: "p1") { firstName } }' }),
  });
  return ((await res.json()) as { data: { person: { firstName: unknown } } }).data.person.firstName;
}

const SDL =
  'type Person { id: ID! firstName: String lastName: String }\ntype Query { person(id: ID!): Person }\n';

describe('serve --schema --overrides --watch', () => {
  it('serves the overrides and reloads them when the file changes', async () => {
    const sdl = path.join(dir, 'next.graphql');
    const overrides = path.join(dir, 'overrides.json');
    writeFileSync(sdl, SDL);
    writeFileSync(overrides, JSON.stringify({ types: { Person: { firstName: 'Ada' } } }));
    const { io, out } = fakeIo();
    const running = runCli(
      ['serve', '--port', '0', '--schema', sdl, '--overrides', overrides, '--no-config', '--watch'],
      io,
    );
    try {
      await until('the banner', () => /Press Ctrl\+C to stop\.\n/.test(out.stdout));
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out.stdout)![1]!;
      expect(out.stdout).toContain(`Watching ${sdl} and ${overrides}`);
      expect(await firstName(url)).toBe('Ada');
      writeFileSync(overrides, JSON.stringify({ types: { Person: { firstName: 'Grace' } } }));
      await until('the new value', async () => (await firstName(url)) === 'Grace');
    } finally {
      process.emit('SIGINT');
      expect(await running).toBe(0);
    }
  });

  it('refuses an overrides file that does not fit the schema with exit 2 and one line', async () => {
    const sdl = path.join(dir, 'bad.graphql');
    const overrides = path.join(dir, 'bad.yaml');
    writeFileSync(sdl, SDL);
    writeFileSync(overrides, 'types:\n  Person: { middleName: X }\n');
    const { io, out } = fakeIo();
    expect(
      await runCli(['serve', '--port', '0', '--schema', sdl, '--overrides', overrides, '--no-config'], io),
    ).toBe(2);
    expect(out.stderr).toMatch(/^rm-harness: invalid overrides file .*Person has no field middleName\n$/);
  });
});
