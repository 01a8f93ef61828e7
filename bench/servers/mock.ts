import express from 'express';
import { addMocksToSchema } from '@graphql-tools/mock';
import { createHandler } from 'graphql-http/lib/use/express';
import { buildRevisionSchema } from '../../src/contract/generate.js';
import { BENCH_PATH } from '../queries.js';

/**
 * Baseline (b), what a user would otherwise pick: a stateless @graphql-tools/mock server on the same 1.4.0
 * schema and route (express + graphql-http), with its default mocks.
 */
export function mockApp(): express.Express {
  const schema = addMocksToSchema({
    schema: buildRevisionSchema('1.4.0'),
    mocks: { Date: () => '2026-06-01', DateTime: () => '2026-06-01T12:00:00.000Z' },
  });
  const app = express();
  app.use(BENCH_PATH, createHandler({ schema }));
  return app;
}
