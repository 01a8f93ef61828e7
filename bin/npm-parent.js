// npx and npm exec run a bin through `sh -c`, and relay SIGINT and SIGTERM to that shell only. Neither
// reaches node:
//   - SIGTERM kills the shell without passing it on, and node, now an orphan, would keep serving;
//   - SIGINT is held by the shell (a non-interactive shell waiting for its command defers SIGINT until
//     the command ends), so node would never end and npm and the shell would wait for it for ever.
// A terminal's Ctrl+C reaches the whole process group and needs none of this; a test harness or a
// supervisor that signals the npx process alone does.
import { readFileSync } from 'node:fs';

const SHELLS = /^(sh|dash|bash|zsh|ksh|mksh|ash|busybox)$/;

/** The parent's count of voluntary context switches (Linux), or undefined where /proc cannot tell. */
function wakeups(pid) {
  try {
    const found = /\nvoluntary_ctxt_switches:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return found ? Number(found[1]) : undefined;
  } catch {
    return undefined;
  }
}

function commandName(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Stops as if the signal had reached node: through the command's own handlers when it has some. */
function deliver(signal) {
  if (process.listenerCount(signal) > 0) process.emit(signal, signal);
  else process.kill(process.pid, signal);
}

/**
 * Under npm (which sets npm_lifecycle_event), acts on the signals npm relays to the shell it runs the bin
 * in: a change of parent means the shell died (SIGTERM, SIGHUP), so stop as on SIGTERM; and on Linux, a
 * shell parent that wakes from its wait while node still runs was signalled: with SIGTERM it would have
 * died, so it was SIGINT (or node was stopped and continued, which node itself sees as SIGCONT and which
 * is then not taken for one). Outside npm a parent may exit on purpose (`rm-harness serve &` in a script
 * that ends), so nothing is watched there.
 */
export function watchNpmParent() {
  if (process.env.npm_lifecycle_event === undefined) return;
  const parent = process.ppid;
  // `npm start` execs node, so the parent is npm itself, which wakes all the time: only a shell's wakes
  // mean a signal.
  let woke = SHELLS.test(commandName(parent) ?? '') ? wakeups(parent) : undefined;
  let continued = false;
  let confirming = false;
  if (woke !== undefined) process.on('SIGCONT', () => (continued = true));
  const watch = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(watch);
      deliver('SIGTERM');
      return;
    }
    if (woke === undefined || confirming) return;
    const now = wakeups(parent);
    if (now === undefined || now === woke) return;
    // Timers run before the loop reads a pending SIGCONT: look again once it has had the chance.
    confirming = true;
    setTimeout(() => {
      confirming = false;
      if (continued) {
        continued = false;
        woke = wakeups(parent);
        return;
      }
      if (process.ppid !== parent) return;
      clearInterval(watch);
      deliver('SIGINT');
    }, 250).unref();
  }, 250);
  watch.unref();
}
