/**
 * CPU time per request of each server, read from the kernel (`/proc/<pid>/stat`, user + system, every
 * thread of the process): a figure the load of other processes on the machine hardly moves, unlike
 * requests per second. `npx tsx bench/cpu-cost.ts [requests] [rounds] [serve flags…]`.
 */
import autocannon from 'autocannon';
import { loadavg } from 'node:os';
import { startChild } from './child.js';
import { startServeChild } from './serve-cli.js';
import {
  BENCH_HEADERS,
  BENCH_PATH,
  REQUEST_NAMES,
  requestBody,
  type BenchFixture,
  type RequestName,
} from './queries.js';
import { verify } from './load.js';
import { median } from './stats.js';
import { cpuMicros } from './cpu.js';

async function send(url: string, name: RequestName, fixture: BenchFixture, amount: number): Promise<void> {
  let n = 0;
  await autocannon({
    url: `${url}${BENCH_PATH}`,
    connections: 10,
    amount,
    method: 'POST',
    headers: BENCH_HEADERS,
    requests: [
      { method: 'POST', setupRequest: (r) => ({ ...r, body: requestBody(name, fixture, (n += 1)) }) },
    ],
  });
}

async function main(): Promise<void> {
  const [amountArg = '20000', roundsArg = '3', ...extra] = process.argv.slice(2);
  const amount = Number(amountArg);
  const express = await startChild<{ url: string; fixture: BenchFixture }>('serve.ts', ['express', 'small']);
  const fixture = express.message.fixture;
  const servers: Array<{ key: string; url: string; pid: number }> = [
    { key: 'E', url: express.message.url, pid: express.pid },
  ];
  const def = await startServeChild(extra);
  const quiet = await startServeChild(['--quiet', ...extra]);
  servers.push(
    { key: 'default', url: def.url, pid: def.child.pid! },
    { key: 'quiet', url: quiet.url, pid: quiet.child.pid! },
  );
  const perRequest: Record<string, number[]> = {};
  try {
    for (const s of servers) await verify(s.url, 'read', fixture);
    for (const s of servers) await send(s.url, 'read', fixture, amount / 2);
    for (let round = 0; round < Number(roundsArg); round += 1) {
      for (const s of servers) {
        const before = cpuMicros(s.pid)!;
        const beforeMain = cpuMicros(s.pid, true)!;
        await send(s.url, 'read', fixture, amount);
        (perRequest[s.key] ??= []).push((cpuMicros(s.pid)! - before) / amount);
        (perRequest[`${s.key}:main`] ??= []).push((cpuMicros(s.pid, true)! - beforeMain) / amount);
      }
    }
    const figures = Object.fromEntries(
      Object.entries(perRequest).map(([k, v]) => [
        k,
        { medianUs: Math.round(median(v)), rounds: v.map(Math.round) },
      ]),
    );
    process.stdout.write(`${JSON.stringify({ load: loadavg(), amount, figures })}\n`);
  } finally {
    def.child.kill('SIGKILL');
    quiet.child.kill('SIGKILL');
    await express.stop();
  }
}

void REQUEST_NAMES;
main().catch((e: unknown) => {
  process.stderr.write(`${String(e)}\n`);
  process.exit(1);
});
