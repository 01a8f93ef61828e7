// What a test of runStep needs around one step: a scenario to hold it, HTTP limits, an empty
// interpolation context and a target at a URL.
import type { InterpolationContext } from '../../../src/conformance/scenario/interpolate.js';
import type { Scenario } from '../../../src/conformance/scenario/types.js';
import type { Target } from '../../../src/conformance/target/target.js';

/** A scenario of one revision (1.4.0) with no steps of its own. */
export const unitScenario = (id: string): Scenario => ({
  id,
  title: id,
  revisions: ['1.4.0'],
  tags: [],
  spec: [],
  assumptions: [],
  steps: [],
});

/** Five seconds per request, no retries. */
export const UNIT_HTTP = { timeoutMs: 5000, retries: 0 };

/** An interpolation context with no steps or captures yet. */
export const emptyContext = (): InterpolationContext => ({
  steps: {},
  captures: {},
  runId: 'r',
  uuid: () => 'u',
});

/** A target answering at `url` with the simulator's full token (and `headers` beside it). */
export const unitTarget = (
  url: string,
  headers: Record<string, string> = {},
  isSimulator = false,
): Target => ({
  label: 'unit',
  endpointFor: () => url,
  headers: { authorization: 'Bearer dev-token', ...headers },
  isSimulator,
});
