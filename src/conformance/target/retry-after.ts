/** Statuses that mean "busy, come back later" rather than a wrong answer (RFC 9110 §15.5.30, §15.6.4). */
export const BUSY_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/**
 * Milliseconds a `Retry-After` header asks to wait: delay-seconds or an HTTP date (RFC 9110 §10.2.3);
 * undefined when the header is absent or unreadable. A date in the past means no wait.
 */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Capped exponential backoff with jitter for the n-th retry (1-based): `base·2^(n-1)`, capped at
 * `cap`, then scaled by a random factor in [0.5, 1) so clients told to wait do not return in step.
 */
export function backoffMs(
  retry: number,
  base: number,
  cap: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(cap, base * 2 ** Math.max(0, retry - 1));
  return Math.round(ceiling * (0.5 + random() / 2));
}
