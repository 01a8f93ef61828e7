/**
 * The "suite" section: `npm test`, the README's test command (jest, then the gate), timed to its end. It
 * takes minutes, so `BENCH_SECTIONS` without `suite` leaves it out and the target reads "not measured".
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { withChildrenCpu } from '../cpu.js';
import { log } from '../log.js';

/** Wall and CPU time of one `npm test`, and whether it passed. */
export interface SuiteFigures {
  wallMs: number;
  cpuMs?: number;
  passed: boolean;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Runs `npm test` in the checkout (its output passed to stderr, so the bench's stdout stays clean). */
export async function measureSuite(): Promise<SuiteFigures> {
  log('suite: npm test (minutes)');
  const started = performance.now();
  const { value: code, cpuMs } = await withChildrenCpu(
    () =>
      new Promise<number | null>((resolve, reject) => {
        const child = spawn('npm', ['test'], {
          cwd: ROOT,
          stdio: ['ignore', process.stderr, process.stderr],
        });
        child.once('error', reject);
        child.once('close', resolve);
      }),
  );
  const wallMs = performance.now() - started;
  log(`suite: ${Math.round(wallMs / 1000)} s, exit ${code}`);
  return { wallMs, ...(cpuMs !== undefined ? { cpuMs } : {}), passed: code === 0 };
}
