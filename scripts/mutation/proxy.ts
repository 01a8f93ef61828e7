import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSimulator, type HttpSimulator, type HttpSimulatorSetup } from '../../src/api/index.js';

/** One request as the mutant server received it, split into what mutants rewrite. */
export interface Incoming {
  method: string;
  /** Region and revision of the path (`/{region}/{version}/public-api/graphql`); `/public-api/graphql` is us 1.4.0. */
  region: string;
  version: string;
  headers: Record<string, string>;
  /** The GraphQL envelope when the body is one; undefined for anything else (sent on unread). */
  body?: { query?: string; variables?: Record<string, unknown>; operationName?: string };
  raw: string;
}

/** An answer before it goes back to the client; `json` is the parsed body when it is JSON. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  json?: unknown;
  text: string;
}

/** Sends a request to the correct server behind the mutant. */
export type Forward = (request: Incoming) => Promise<Answer>;

/** What a mutant does with each request: rewrite it, answer it itself, or rewrite the answer. */
export type Handler = (request: Incoming, forward: Forward) => Promise<Answer>;

/** A correct or mutated endpoint on 127.0.0.1 with its own simulator behind it. */
export interface MutantServer {
  /** URL template the harness takes: `http://127.0.0.1:PORT/{region}/{version}/public-api/graphql`. */
  template: string;
  stop(): Promise<void>;
}

const GRAPHQL = /^\/(?:([a-z]{2})\/([0-9.]+)\/)?public-api\/graphql\/?$/;
const PASSED_HEADERS = ['authorization', 'content-type', 'accept'];

/** The answer of a JSON body, with the content type the simulator gives such bodies. */
export function jsonAnswer(status: number, json: unknown, headers: Record<string, string> = {}): Answer {
  return {
    status,
    headers: { 'content-type': 'application/graphql-response+json; charset=utf-8', ...headers },
    json,
    text: JSON.stringify(json),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseBody(raw: string): Incoming['body'] {
  try {
    const body: unknown = JSON.parse(raw);
    return typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Incoming['body'])
      : undefined;
  } catch {
    return undefined;
  }
}

/** A GET's envelope as URL parameters again (GraphQL over HTTP); nothing for any other method. */
function search(request: Incoming): string {
  if (request.method !== 'GET' || request.body === undefined) return '';
  const params = new URLSearchParams();
  const { query, variables, operationName } = request.body;
  if (query !== undefined) params.set('query', query);
  if (variables !== undefined) params.set('variables', JSON.stringify(variables));
  if (operationName !== undefined) params.set('operationName', operationName);
  return `?${params.toString()}`;
}

/** A GET's URL parameters read as the envelope a POST would carry, so mutants see both alike. */
function envelopeOf(url: string): Incoming['body'] {
  const params = new URL(url, 'http://mutant').searchParams;
  const query = params.get('query');
  if (query === null) return undefined;
  const variables = params.get('variables');
  const operationName = params.get('operationName');
  return {
    query,
    ...(variables !== null ? { variables: parseBody(variables) } : {}),
    ...(operationName !== null ? { operationName } : {}),
  };
}

function forwardTo(sim: HttpSimulator): Forward {
  return async (request) => {
    const res = await fetch(
      `${sim.url}/${request.region}/${request.version}/public-api/graphql${search(request)}`,
      {
        method: request.method,
        headers: request.headers,
        body:
          request.method === 'GET' ? undefined : request.body ? JSON.stringify(request.body) : request.raw,
      },
    );
    const text = await res.text();
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'retry-after', 'www-authenticate', 'allow']) {
      const value = res.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers, json, text };
  };
}

/**
 * Starts a simulator in this process and, in front of it, an HTTP server that serves only the GraphQL
 * endpoints (the admin API stays hidden, so the harness sees a vendor endpoint, not the simulator) and
 * passes each request through `handle`: the identity for the correct server, one regression for a mutant.
 */
export async function startMutantServer(
  handle: Handler,
  setup: Partial<HttpSimulatorSetup> = {},
): Promise<MutantServer> {
  const sim = await startSimulator(setup);
  const forward = forwardTo(sim);
  const server: Server = createServer((req, res) => {
    void (async () => {
      const match = GRAPHQL.exec((req.url ?? '').split('?')[0] ?? '');
      if (!match) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ message: 'Not found', extensions: { code: 'NOT_FOUND' } }] }));
        return;
      }
      const raw = await readBody(req);
      const headers: Record<string, string> = {};
      for (const name of PASSED_HEADERS) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const incoming: Incoming = {
        method: req.method ?? 'POST',
        region: match[1] ?? 'us',
        version: match[2] ?? '1.4.0',
        headers,
        body: req.method === 'GET' ? envelopeOf(req.url ?? '') : parseBody(raw),
        raw,
      };
      const answer = await handle(incoming, forward);
      const text = answer.json === undefined ? answer.text : JSON.stringify(answer.json);
      res.writeHead(answer.status, answer.headers);
      res.end(text);
    })().catch((error: unknown) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`mutant proxy: ${(error as Error).message}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    template: `http://127.0.0.1:${port}/{region}/{version}/public-api/graphql`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sim.stop();
    },
  };
}
