/** Most added latency of one request, in milliseconds (the cap of `latencyMs` too). */
export const MAX_LATENCY_MS = 60_000;

/**
 * How long a matching request is held before it is handled: a fixed delay, a uniform spread, or a
 * lognormal one (the long right tail of real network and service latency), all drawn from the fault
 * configuration's seeded generator.
 */
export type LatencyProfile =
  | { kind: 'fixed'; ms: number }
  | { kind: 'uniform'; minMs: number; maxMs: number }
  | { kind: 'lognormal'; medianMs: number; sigma: number };

const ms = { type: 'integer', minimum: 0, maximum: MAX_LATENCY_MS } as const;

/** The fields each kind of profile takes (besides `kind`). */
const FIELDS = { fixed: ['ms'], uniform: ['minMs', 'maxMs'], lognormal: ['medianMs', 'sigma'] } as const;

/** JSON Schema of a fault rule's `latency`: `kind` picks the fields that must (and may) be given. */
export const LATENCY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['kind'],
  properties: {
    kind: { enum: Object.keys(FIELDS) },
    ms,
    minMs: ms,
    maxMs: ms,
    medianMs: ms,
    sigma: { type: 'number', minimum: 0, maximum: 3 },
  },
  allOf: Object.entries(FIELDS).map(([kind, fields]) => ({
    if: { properties: { kind: { const: kind } } },
    then: { required: fields, propertyNames: { enum: ['kind', ...fields] } },
  })),
};

/** What JSON Schema cannot say of a profile; undefined when it is sound. */
export function latencyProblem(profile: LatencyProfile): string | undefined {
  if (profile.kind === 'uniform' && profile.minMs > profile.maxMs)
    return 'latency.minMs is above latency.maxMs';
  return undefined;
}

/** A standard normal draw from two uniform ones (Box–Muller). */
function standardNormal(random: () => number): number {
  // 1 - u keeps the logarithm's argument in (0, 1].
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** One delay in whole milliseconds drawn from a profile, capped at `MAX_LATENCY_MS`. */
export function sampleLatency(profile: LatencyProfile, random: () => number): number {
  let value: number;
  switch (profile.kind) {
    case 'fixed':
      value = profile.ms;
      break;
    case 'uniform':
      value = profile.minMs + random() * (profile.maxMs - profile.minMs);
      break;
    case 'lognormal':
      value = profile.medianMs * Math.exp(profile.sigma * standardNormal(random));
      break;
  }
  return Math.min(MAX_LATENCY_MS, Math.round(value));
}
