/**
 * How long change events are kept per store: at most `count` events, none older than `days`
 * days on the tenant's clock; an absent bound does not limit.
 */
export interface EventRetention {
  count?: number;
  days?: number;
}

/** The retention of `serve` when none is configured: the newest million events, no age limit. */
export const DEFAULT_EVENT_RETENTION: Readonly<EventRetention> = Object.freeze({ count: 1_000_000 });
