import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the test upstream spoils the simulator's answers. */
export type Breakage = (body: Record<string, unknown>, request: { query: string }) => Record<string, unknown>;

/** A node:http server in front of the simulator that rewrites its answers (or requests) to break the contract. */
export interface BrokenUpstream {
  url: string;
  /** What the next answers are spoiled with; undefined passes them through. */
  breakage: Breakage | undefined;
  /** Rewrites the request's document before it reaches the simulator. */
  rewrite: ((query: string) => string) | undefined;
  close(): Promise<void>;
}

/** Starts the spoiling upstream on 127.0.0.1, port 0, forwarding to `simulatorEndpoint`. */
export async function startBrokenUpstream(simulatorEndpoint: string): Promise<BrokenUpstream> {
  const state: BrokenUpstream = { url: '', breakage: undefined, rewrite: undefined, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { query: string };
      if (state.rewrite) request.query = state.rewrite(request.query);
      void fetch(simulatorEndpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
        },
        body: JSON.stringify(request),
      })
        .then(async (answer) => {
          let body = (await answer.json()) as Record<string, unknown>;
          if (state.breakage) body = state.breakage(body, request);
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        })
        .catch(() => {
          res.writeHead(500);
          res.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tenant-x/public-api/graphql`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
