/**
 * CPU time (user + system) of this process's finished child processes, from /proc (Linux): a figure that a
 * loaded machine inflates far less than wall time, reported beside it. Undefined where /proc is missing.
 */
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU ms of the finished (waited-for) children of this process so far, threads included. */
export function childrenCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 on; cutime and cstime are 16, 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** CPU ms a running process (with its threads) has used so far, from /proc/<pid>/stat. */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** Runs `work` (which must start and wait for child processes) and returns its result and their CPU ms. */
export async function withChildrenCpu<T>(work: () => Promise<T> | T): Promise<{ value: T; cpuMs?: number }> {
  const before = childrenCpuMs();
  const value = await work();
  const after = childrenCpuMs();
  return before === undefined || after === undefined ? { value } : { value, cpuMs: after - before };
}
