/**
 * Fixed interfaces that the simulator serves and the runner calls, defined once so the two cannot
 * drift apart.
 */

/** The regions of §1.4, each with its own base address and endpoint. */
export const SPEC_REGIONS = ['us', 'eu', 'au'] as const;

/** The spec's endpoint path below a region's base address (§4). */
export const GRAPHQL_PATH = '/public-api/graphql';

/**
 * The bearer tokens of the simulator's default tenants (design.md): `full` is the full-cloud tenant,
 * `limited` the one without full cloud, language-specific information and audit.
 */
export const DEV_TOKENS = { full: 'dev-token', limited: 'dev-token-limited' } as const;
