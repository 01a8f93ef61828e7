import pThrottle from 'p-throttle';

/** Waits until the next request may go; resolves with how long it waited, in ms. */
export type Pacer = () => Promise<number>;

/** Whether a `--rate` value (requests per second) is usable: a finite number above zero. */
export function isValidRate(rate: number): boolean {
  return Number.isFinite(rate) && rate > 0;
}

/**
 * A pacer letting at most `rate` requests per second through, one at a time and evenly spaced, so a
 * tenant's rate limit is not hit in bursts. Shared by every caller of one run (runner, fuzzer), so
 * concurrent requests share the budget. `rate` must satisfy {@link isValidRate}.
 */
export function createPacer(rate: number): Pacer {
  if (!isValidRate(rate)) throw new RangeError(`rate must be a number above 0, got ${rate}`);
  // One call per 1000/rate ms (strict: no window bursts), so 0.5 means one request every 2 s.
  const gate = pThrottle({ limit: 1, interval: Math.max(1, Math.round(1000 / rate)), strict: true })(
    () => undefined,
  );
  return async () => {
    const started = performance.now();
    await gate();
    return Math.round(performance.now() - started);
  };
}
