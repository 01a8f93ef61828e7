import { createServer, type Server } from 'node:http';
import express from 'express';
import { graphql } from 'graphql';
import type { StoreSnapshot } from '../../src/store/index.js';
import { BENCH_PATH, REQUEST_NAMES, requestBody, type BenchFixture, type RequestName } from '../queries.js';
import { fairSchema } from './fair.js';

/** The response body of each bench request, as bytes: what the fair schema answers on the same seeded data. */
export async function precomputedBodies(
  snapshot: StoreSnapshot,
  fixture: BenchFixture,
): Promise<Record<RequestName, Buffer>> {
  const schema = fairSchema(snapshot);
  const bodies = {} as Record<RequestName, Buffer>;
  for (const name of REQUEST_NAMES) {
    const { query, variables } = JSON.parse(requestBody(name, fixture)) as {
      query: string;
      variables: Record<string, unknown>;
    };
    const result = await graphql({ schema, source: query, variableValues: variables });
    if (result.errors) throw new Error(`${name}: ${result.errors.map((e) => e.message).join('; ')}`);
    bodies[name] = Buffer.from(JSON.stringify(result));
  }
  return bodies;
}

/** Which bench request a query text is, by its operation name (each bench document names its own). */
const OPERATIONS: ReadonlyArray<[string, RequestName]> = [
  ['BenchRead', 'read'],
  ['BenchSearch', 'search'],
  ['BenchUpdate', 'mutation'],
];

function requestOf(body: Buffer | string): RequestName | undefined {
  return OPERATIONS.find(([operation]) => body.indexOf(operation) !== -1)?.[1];
}

/**
 * Baseline (L), the physical limit here: raw `node:http`, reading each request's body whole and writing
 * the precomputed response bytes of that request (found by its operation name in the raw bytes). No JSON
 * parsing, no routing, no GraphQL.
 */
export function rawServer(bodies: Record<RequestName, Buffer>): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const name =
        req.method === 'POST' && req.url === BENCH_PATH ? requestOf(Buffer.concat(chunks)) : undefined;
      if (!name) {
        res.writeHead(404).end();
        return;
      }
      const body = bodies[name];
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': body.length,
      });
      res.end(body);
    });
  });
}

/**
 * Baseline (E), the floor cost of the express stack: express with its JSON body parser, answering the
 * same precomputed bytes (the request found by the operation name in the parsed `query`). No GraphQL.
 */
export function expressApp(bodies: Record<RequestName, Buffer>): express.Express {
  const app = express();
  app.post(BENCH_PATH, express.json({ limit: '1mb' }), (req, res) => {
    const query = (req.body as { query?: unknown } | undefined)?.query;
    const name = typeof query === 'string' ? requestOf(query) : undefined;
    if (!name) {
      res.status(400).json({ errors: [{ message: 'not a bench request' }] });
      return;
    }
    res.type('application/json').send(bodies[name]);
  });
  return app;
}
