// What a test of runStep needs around one step: a scenario to hold it, HTTP limits, an empty
// interpolation context, a target at a URL and a fake target.
import { createServer } from 'node:http';
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

/** A server of a runStep test: its URL (with a trailing slash) and how to stop it. */
export interface FakeServer {
  url: string;
  close(): Promise<void>;
}

/**
 * A plain HTTP server on 127.0.0.1 standing for a target that goes wrong in one way: each request's
 * body (as text) and bearer header go to `answer`, whose JSON is sent back with its status (200 by
 * default) as `application/json`.
 */
export async function startFakeServer(
  answer: (body: string, authorization: string | undefined) => { status?: number; json: unknown },
): Promise<FakeServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { status = 200, json } = answer(
        Buffer.concat(chunks).toString('utf8'),
        req.headers.authorization,
      );
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
