/**
 * Event-feed faults of one tenant and view, as the admin API's faults set them (off unless asked):
 * what a partner's sync loop meets on a real feed. Requests without them see the spec's behaviour.
 */
export interface EventFeedFaults {
  /** An event becomes visible this many seconds after its eventDate, by the tenant's clock. */
  lagSeconds: number;
  /** Share of events, 0 to 1, that are delivered a second time further down the feed. */
  duplicateRate: number;
  /** Whether the events of each page come in a shuffled order instead of the sorted one. */
  reorderWithinPage: boolean;
  /** Seed of the choices (which events repeat, how a page is shuffled), so a run repeats exactly. */
  seed: number;
}
