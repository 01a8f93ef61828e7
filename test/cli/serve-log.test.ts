// `rm-harness serve` as a child process with stdout on a pipe: the per-request log leaves the request's
// thread (asynchronous JSON lines by default, pino-pretty in a worker with --log-format pretty), and
// SIGTERM right after the last answer loses no line.
import { describe, expect, it } from '@jest/globals';
import { spawnServe } from '../helpers/process.js';

const REQUESTS = 300;

async function burst(url: string): Promise<void> {
  const send = (i: number) =>
    fetch(`${url}/public-api/graphql`, {
      method: 'POST',
      headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
      body: JSON.stringify({ query: `query Burst${i} { __typename }` }),
    }).then((res) => res.arrayBuffer());
  for (let i = 0; i < REQUESTS; i += 50) await Promise.all(Array.from({ length: 50 }, (_, j) => send(i + j)));
}

describe('serve: the request log on a pipe', () => {
  it.each([
    ['json (the default on a pipe)', [], (line: string) => /^\{.*"operation":"Burst\d+"/.test(line)],
    [
      'pretty (a worker thread)',
      ['--log-format', 'pretty'],
      (line: string) => /INFO: .* query Burst\d+ → 200/.test(line),
    ],
  ] as const)(
    '%s: every line is written before SIGTERM ends the process',
    async (_label, flags, isRequestLine) => {
      const serve = await spawnServe(process.execPath, [
        '--import',
        'tsx',
        'src/cli/main.ts',
        'serve',
        '--port',
        '0',
        '--in-memory',
        '--profile',
        'small',
        '--no-config',
        ...flags,
      ]);
      await burst(serve.url);
      serve.child.kill('SIGTERM');
      expect(await serve.exited).toBe(0);
      const lines = serve.output().split('\n').filter(isRequestLine);
      expect(lines).toHaveLength(REQUESTS);
      expect(serve.output()).toContain('stopped; stores flushed');
    },
    120_000,
  );
});
