/** CPU time of a child process, read from the kernel: a figure other processes' load hardly moves. */
import { readFileSync } from 'node:fs';

/** Microseconds per clock tick of `/proc/<pid>/stat` (Linux: 100 ticks a second). */
const TICK_US = 1e6 / 100;

/**
 * CPU time (user + system) of a process so far, in microseconds, every thread of it counted (`main`: its
 * main thread only). Linux only; undefined where `/proc` is missing.
 */
export function cpuMicros(pid: number, main = false): number | undefined {
  try {
    const stat = readFileSync(main ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at the state, field 3: utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return undefined;
  }
}
