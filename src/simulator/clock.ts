import { compileOnFirstUse } from '../contract/json-schema.js';
import { isIsoDateTimeUtc } from '../contract/scalars.js';

/** How a tenant's clock runs: real time, stopped at an instant, or real time shifted. */
export type ClockMode = 'real' | 'frozen' | 'offset';

/** A tenant's clock as the admin API shows it. */
export interface ClockState {
  tenant: string;
  mode: ClockMode;
  /** What the tenant's "now" is at the moment of asking (ISO with `Z`). */
  now: string;
  /** Seconds added to real time; 0 for a real clock, null for a frozen one (it has no fixed offset). */
  offsetSeconds: number | null;
}

/** One change of a clock: freeze at `now`, shift real time by `offsetSeconds`, or move by `advanceSeconds`. */
export type ClockChange = { now: string } | { offsetSeconds: number } | { advanceSeconds: number };

/** About a century either way: far beyond any test, and well inside what a `Date` can hold. */
const MAX_SECONDS = 3_200_000_000;

/** JSON Schema of `PUT /__admin/tenants/{id}/clock` and of a scenario's `state.clock`. */
export const CLOCK_CHANGE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  maxProperties: 1,
  properties: {
    now: { type: 'string', description: 'ISO 8601 UTC date-time ending in Z, as the DateTime scalar' },
    offsetSeconds: { type: 'integer', minimum: -MAX_SECONDS, maximum: MAX_SECONDS },
    advanceSeconds: { type: 'integer', minimum: 0, maximum: MAX_SECONDS },
  },
} as const;

const changeValidator = compileOnFirstUse<ClockChange>({ allErrors: false }, CLOCK_CHANGE_SCHEMA);

const NOW_EXPECTED = 'now must be an ISO 8601 UTC date-time on a real day, e.g. 2030-01-01T00:00:00Z';

const KEYS = Object.keys(CLOCK_CHANGE_SCHEMA.properties).join(', ');

/** Checks a clock change; one message saying what is wrong, or the change. */
export function checkClockChange(body: unknown): ClockChange | string {
  const validateChange = changeValidator();
  if (validateChange(body)) {
    if ('now' in body && !isIsoDateTimeUtc(body.now)) return NOW_EXPECTED;
    return body;
  }
  const error = validateChange.errors?.[0];
  if (!error || ['type', 'minProperties', 'maxProperties', 'additionalProperties'].includes(error.keyword)) {
    if (error?.instancePath) return `${error.instancePath.slice(1)} ${error.message ?? 'is invalid'}`;
    return `give exactly one of ${KEYS}`;
  }
  const field = error.instancePath.slice(1);
  if (field === 'advanceSeconds' && error.keyword === 'minimum')
    return 'advanceSeconds must not be negative (a clock only moves forward; use now or offsetSeconds)';
  return `${field} ${error.message ?? 'is invalid'}`;
}

/**
 * One tenant's clock. Every "now" of the tenant's requests (created and changed dates, event dates,
 * date defaults) reads it; the stores' own timing (WAL, flushes) stays on real time.
 */
export class TenantClock {
  private mode: ClockMode = 'real';
  private frozenAt = 0;
  private offsetMs = 0;

  /** `real` is the simulator's own clock (tests may fix it). */
  constructor(private readonly real: () => Date) {}

  /** The tenant's current instant. */
  now(): Date {
    if (this.mode === 'frozen') return new Date(this.frozenAt);
    return new Date(this.real().getTime() + (this.mode === 'offset' ? this.offsetMs : 0));
  }

  /**
   * Applies a change: `now` freezes, `offsetSeconds` shifts real time, `advanceSeconds` moves either
   * forward. Returns why not when the result would leave the range of dates (the clock is unchanged).
   */
  change(change: ClockChange): string | undefined {
    const before = { mode: this.mode, frozenAt: this.frozenAt, offsetMs: this.offsetMs };
    this.apply(change);
    const year = this.now().getUTCFullYear();
    if (year >= 1970 && year <= 9999) return undefined;
    Object.assign(this, before);
    return 'the clock would leave the years 1970 to 9999';
  }

  private apply(change: ClockChange): void {
    if ('now' in change) {
      this.mode = 'frozen';
      this.frozenAt = Date.parse(change.now);
    } else if ('offsetSeconds' in change) {
      this.mode = 'offset';
      this.offsetMs = change.offsetSeconds * 1000;
    } else if (this.mode === 'frozen') {
      this.frozenAt += change.advanceSeconds * 1000;
    } else {
      // A real clock advanced becomes an offset one: real time keeps running, shifted forward.
      this.mode = 'offset';
      this.offsetMs += change.advanceSeconds * 1000;
    }
  }

  /** Back to real time. */
  reset(): void {
    this.mode = 'real';
    this.offsetMs = 0;
  }

  /** Whether the clock runs on real time unchanged. */
  get isReal(): boolean {
    return this.mode === 'real';
  }

  /** The clock as the admin API shows it. */
  state(tenant: string): ClockState {
    return {
      tenant,
      mode: this.mode,
      now: this.now().toISOString(),
      offsetSeconds: this.mode === 'frozen' ? null : this.offsetMs / 1000,
    };
  }
}
