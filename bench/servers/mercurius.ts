import Fastify, { type FastifyInstance } from 'fastify';
import mercurius from 'mercurius';
import type { StoreSnapshot } from '../../src/store/index.js';
import { BENCH_PATH } from '../queries.js';
import { fairSchema } from './fair.js';

/** The one token the baseline accepts, as the simulator's default tenant does. */
const TOKEN = 'Bearer dev-token';

/**
 * Baseline (F), the fastest GraphQL stack a user could build in Node for these requests: fastify +
 * mercurius with graphql-jit compiling every document from its first call (`jit: 1`), mercurius's own
 * LRU of parsed and validated documents, the contract's 1.4.0 SDL with the fair resolvers (a Map by id,
 * the same seeded records, so the by-id read answers the same bytes), and a bearer check before the body
 * is parsed. No limits, store, journal or log.
 */
export async function mercuriusApp(snapshot: StoreSnapshot): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization !== TOKEN) {
      await reply
        .code(401)
        .send({ errors: [{ message: 'Unauthenticated', extensions: { code: 'UNAUTHENTICATED' } }] });
    }
  });
  await app.register(mercurius, { schema: fairSchema(snapshot), path: BENCH_PATH, jit: 1 });
  await app.ready();
  return app;
}
