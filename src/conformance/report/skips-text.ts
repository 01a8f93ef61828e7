import { skipReasons, type Skips } from '../results/verdict.js';

const MAX_NAMES = 10;

function names(list: readonly string[], max = MAX_NAMES): string {
  return list.length > max
    ? `${list.slice(0, max).join(', ')}, … (${list.length - max} more)`
    : list.join(', ');
}

/**
 * Why a run is partial, as plain lines: per revision the operations only skipped runs would have
 * exercised, then each skip reason with how many runs it skipped. Empty when nothing is uncovered.
 */
export function partialLines(skips: Skips | undefined, max = MAX_NAMES): string[] {
  if (!skips || skips.uncovered.length === 0) return [];
  return [
    ...skips.uncovered.map(
      (u) =>
        `${u.revision}: ${u.operations.length} operation(s) not exercised because their scenarios were skipped: ${names(u.operations, max)}`,
    ),
    ...skipReasons(skips).map((r) => `skipped ${r.runs}×: ${r.reason}`),
  ];
}

/**
 * What the run left out by design, as plain lines: per revision the operations only scenarios it could
 * not run in its mode would have exercised (writes in a read-only run, provider states on an endpoint).
 */
export function leftOutLines(skips: Skips | undefined, max = MAX_NAMES): string[] {
  return (skips?.leftOut ?? []).map(
    (u) =>
      `${u.revision}: ${u.operations.length} operation(s) left out by design (writes in a read-only run, provider states): ${names(u.operations, max)}`,
  );
}
