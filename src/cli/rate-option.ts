import type { Options } from 'yargs';
import { isValidRate } from '../conformance/preflight.js';
import { CliUsageError } from './context.js';

/**
 * `--rate N`: at most N requests per second to the target (fractions allowed: 0.5 is one every 2 s).
 * Shared by every command that sends requests to a real tenant (conform, fuzz).
 */
export const rateOption = {
  type: 'number',
  describe:
    'At most this many requests per second to the target (e.g. 5, or 0.5 for one every 2 s); unlimited by default',
  coerce: (value: unknown): number => {
    const n = Number(value);
    if (Array.isArray(value) || typeof value === 'boolean' || !isValidRate(n)) {
      throw new CliUsageError(
        `--rate must be a number of requests per second above 0, got "${String(value)}"`,
      );
    }
    return n;
  },
} as const satisfies Options;
