import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer, type RunningServer } from '../../../src/server/index.js';

/** A simulator seen as a real endpoint: a forwarder in front of it answers 404 to everything under /__admin. */
export interface HiddenSimulator {
  /** The forwarder's endpoint template, with {version}. */
  endpoint: string;
  simulator: RunningServer;
  close(): Promise<void>;
}

/**
 * Starts the simulator as `conform --target sim` does (default profile and seed, in memory) behind a
 * small HTTP forwarder that hides its admin API, as a real service's is hidden: the runner then treats
 * it as a real endpoint (no provider states, no mutating scenarios without --allow-mutations).
 */
export async function startHiddenSimulator(): Promise<HiddenSimulator> {
  const simulator = await startServer({ port: 0, host: '127.0.0.1', inMemory: true, log: () => {} });
  const upstream = new URL(simulator.url);
  const forwarder: Server = createServer((req, res) => {
    if ((req.url ?? '').startsWith('/__admin')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => forwarder.listen(0, '127.0.0.1', resolve));
  const { port } = forwarder.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/us/{version}/public-api/graphql`,
    simulator,
    close: async () => {
      await new Promise<void>((resolve) => {
        forwarder.close(() => resolve());
        forwarder.closeAllConnections();
      });
      await simulator.close();
    },
  };
}
