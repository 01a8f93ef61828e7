/**
 * CPU time (user + system) from /proc (Linux): a figure that a loaded machine inflates far less than wall
 * time, reported beside it. Every reader gives undefined where /proc is missing.
 */
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * The sum of two fields of a /proc stat file, in clock ticks. Fields are counted after the command name
 * (which may hold spaces), from the state, field 3, on: utime and stime are 14 and 15 (indexes 11, 12),
 * cutime and cstime 16 and 17 (indexes 13, 14).
 */
function ticks(path: string, first: number): number | undefined {
  try {
    const stat = readFileSync(path, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[first]) + Number(fields[first + 1]);
  } catch {
    return undefined;
  }
}

const ms = (t: number | undefined): number | undefined =>
  t === undefined ? undefined : (t * 1000) / TICKS_PER_SECOND;

/** CPU ms of the finished (waited-for) children of this process so far, threads included. */
export function childrenCpuMs(): number | undefined {
  return ms(ticks('/proc/self/stat', 13));
}

/** CPU ms a running process (with its threads) has used so far. */
export function processCpuMs(pid: number): number | undefined {
  return ms(ticks(`/proc/${pid}/stat`, 11));
}

/**
 * CPU time of a process so far, in microseconds, every thread of it counted (`main`: its main thread
 * only).
 */
export function cpuMicros(pid: number, main = false): number | undefined {
  const t = ticks(main ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 11);
  return t === undefined ? undefined : (t * 1e6) / TICKS_PER_SECOND;
}

/** Runs `work` (which must start and wait for child processes) and returns its result and their CPU ms. */
export async function withChildrenCpu<T>(work: () => Promise<T> | T): Promise<{ value: T; cpuMs?: number }> {
  const before = childrenCpuMs();
  const value = await work();
  const after = childrenCpuMs();
  return before === undefined || after === undefined ? { value } : { value, cpuMs: after - before };
}
