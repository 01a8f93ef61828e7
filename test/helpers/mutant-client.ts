// Talks GraphQL over HTTP to a mutant (or correct) server of scripts/mutation, as a client of the vendor would.
import type { MutantServer } from '../../scripts/mutation/proxy.js';
import { DEV_TOKENS } from '../../src/contract/endpoint.js';

export interface Options {
  /** null sends no Authorization header. */
  token?: string | null;
  region?: string;
  version?: string;
  accept?: string;
  operationName?: string;
}

export interface Reply {
  status: number;
  type: string;
  // The probes read the parts of a GraphQL answer they need: the shape is each probe's own query.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { data?: Record<string, any>; errors?: { extensions?: { code?: string } }[] } | undefined;
  /** The body as it came, for probes of the encoding. */
  text: string;
}

/** POSTs a GraphQL document to a mutant server (default us, 1.4.0, the full tenant's token). */
export async function gql(
  server: MutantServer,
  query: string,
  variables: Record<string, unknown> = {},
  options: Options = {},
): Promise<Reply> {
  const url = server.template
    .replace('{region}', options.region ?? 'us')
    .replace('{version}', options.version ?? '1.4.0');
  const token = options.token === undefined ? DEV_TOKENS.full : options.token;
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: options.accept ?? 'application/json',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify({
      query,
      variables,
      ...(options.operationName === undefined ? {} : { operationName: options.operationName }),
    }),
  });
  const text = await res.text();
  let body: Reply['body'];
  try {
    body = JSON.parse(text) as Reply['body'];
  } catch {
    body = undefined;
  }
  return { status: res.status, type: res.headers.get('content-type') ?? '', body, text };
}
