import { diff, type Change } from '@graphql-inspector/core';
import {
  buildClientSchema,
  getIntrospectionQuery,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';
import type { Version } from '../../contract/versions.js';
import { postGraphQL, type HttpOptions } from '../target/http-client.js';

/** Criticality of a schema change, as @graphql-inspector/core names it. */
export type DriftCriticality = 'BREAKING' | 'DANGEROUS' | 'NON_BREAKING';

/** One difference between the contract and the endpoint's introspected schema. */
export interface DriftChange {
  type: string;
  criticality: DriftCriticality;
  message: string;
  path?: string;
  reason?: string;
}

/** Drift of one revision: the changes, or why introspection did not work. */
export type DriftResult =
  | { revision: Version; status: 'checked'; changes: DriftChange[] }
  | { revision: Version; status: 'unavailable'; reason: string; network: boolean };

/** The endpoint's schema by introspection, or why it could not be read. */
export async function introspect(
  url: string,
  headers: Record<string, string>,
  http: HttpOptions,
): Promise<{ ok: true; schema: GraphQLSchema } | { ok: false; reason: string; network: boolean }> {
  const outcome = await postGraphQL({ url, headers, body: { query: getIntrospectionQuery() } }, http);
  if (outcome.kind === 'network-error')
    return { ok: false, reason: `cannot reach ${url}: ${outcome.message}`, network: true };
  const body = outcome.body as { data?: IntrospectionQuery; errors?: { message?: string }[] } | undefined;
  if (!body?.data?.__schema) {
    const why =
      body?.errors?.[0]?.message ?? `HTTP ${outcome.status}${body === undefined ? ', not JSON' : ''}`;
    return { ok: false, reason: `introspection failed: ${why}`, network: false };
  }
  try {
    return { ok: true, schema: buildClientSchema(body.data) };
  } catch (error) {
    return {
      ok: false,
      reason: `introspection result is not a valid schema: ${(error as Error).message}`,
      network: false,
    };
  }
}

function toDrift(change: Change): DriftChange {
  return {
    type: change.type,
    criticality: change.criticality.level as DriftCriticality,
    message: change.message,
    ...(change.path !== undefined ? { path: change.path } : {}),
    ...(change.criticality.reason !== undefined ? { reason: change.criticality.reason } : {}),
  };
}

const ORDER: Record<DriftCriticality, number> = { BREAKING: 0, DANGEROUS: 1, NON_BREAKING: 2 };

/** Changes from the contract (old) to the endpoint (new), breaking first, then by path. */
export async function diffSchemas(contract: GraphQLSchema, endpoint: GraphQLSchema): Promise<DriftChange[]> {
  const changes = (await diff(contract, endpoint)).map(toDrift);
  return changes.sort(
    (a, b) =>
      ORDER[a.criticality] - ORDER[b.criticality] ||
      (a.path ?? '').localeCompare(b.path ?? '') ||
      a.message.localeCompare(b.message),
  );
}

/** Introspects one revision's endpoint and diffs it against the contract. */
export async function checkDrift(
  revision: Version,
  url: string,
  headers: Record<string, string>,
  contract: GraphQLSchema,
  http: HttpOptions,
): Promise<DriftResult> {
  const remote = await introspect(url, headers, http);
  if (!remote.ok) return { revision, status: 'unavailable', reason: remote.reason, network: remote.network };
  return { revision, status: 'checked', changes: await diffSchemas(contract, remote.schema) };
}
