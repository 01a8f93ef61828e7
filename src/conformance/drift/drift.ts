import { diff, type Change } from '@graphql-inspector/core';
import {
  buildClientSchema,
  getIntrospectionQuery,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
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

/**
 * Where an introspection result contradicts itself about an interface: a type whose `interfaces` name it
 * and which its `possibleTypes` leave out, or the reverse. A schema built from the result reads only the
 * implementing types' side, so a diff cannot see it; clients that resolve fragments on interfaces read
 * the other (Apollo Client's possibleTypes, code generators), and a fragment `... on Person` under a
 * `Contact` then matches nothing.
 */
export function possibleTypesGaps(data: IntrospectionQuery): DriftChange[] {
  const types = data.__schema.types;
  const out: DriftChange[] = [];
  for (const iface of types) {
    if (iface.kind !== 'INTERFACE') continue;
    const listed = new Set((iface.possibleTypes ?? []).map((t) => t.name));
    const implementing = new Set(
      types
        .filter((t) => t.kind === 'OBJECT' && t.interfaces.some((i) => i.name === iface.name))
        .map((t) => t.name),
    );
    for (const name of implementing) {
      if (listed.has(name)) continue;
      out.push({
        type: 'POSSIBLE_TYPE_MISSING',
        criticality: 'BREAKING',
        path: iface.name,
        message: `Interface '${iface.name}' does not list '${name}' among its possibleTypes, though '${name}' implements it`,
        reason: `a client resolving fragments on '${iface.name}' by its possibleTypes matches no '${name}'`,
      });
    }
    for (const name of listed) {
      if (implementing.has(name)) continue;
      out.push({
        type: 'POSSIBLE_TYPE_NOT_IMPLEMENTING',
        criticality: 'BREAKING',
        path: iface.name,
        message: `Interface '${iface.name}' lists '${name}' among its possibleTypes, but '${name}' does not implement it`,
        reason: `introspection contradicts itself about which types are a '${iface.name}'`,
      });
    }
  }
  return out;
}

/** The endpoint's schema by introspection (with where it contradicts itself), or why it could not be read. */
export async function introspect(
  url: string,
  headers: Record<string, string>,
  http: HttpOptions,
): Promise<
  { ok: true; schema: GraphQLSchema; gaps: DriftChange[] } | { ok: false; reason: string; network: boolean }
> {
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
    return { ok: true, schema: buildClientSchema(body.data), gaps: possibleTypesGaps(body.data) };
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

/** Breaking first, then by path and message. */
const byCriticality = (a: DriftChange, b: DriftChange): number =>
  ORDER[a.criticality] - ORDER[b.criticality] ||
  (a.path ?? '').localeCompare(b.path ?? '') ||
  a.message.localeCompare(b.message);

/** Changes from the contract (old) to the endpoint (new), breaking first, then by path. */
export async function diffSchemas(contract: GraphQLSchema, endpoint: GraphQLSchema): Promise<DriftChange[]> {
  return (await diff(contract, endpoint)).map(toDrift).sort(byCriticality);
}

/** Another revision's contract: an addition that is that revision's schema is no harmless addition. */
export interface OtherRevision {
  version: Version;
  schema: GraphQLSchema;
}

/** Whether a schema has what a change's path names: `Type`, `Type.field`, `Type.field.argument`, `Enum.VALUE`. */
export function hasPath(schema: GraphQLSchema, path: string): boolean {
  const [typeName, member, argument] = path.split('.');
  const type = typeName === undefined ? undefined : schema.getType(typeName);
  if (!type) return false;
  if (member === undefined) return true;
  if (isEnumType(type)) return type.getValue(member) !== undefined && argument === undefined;
  if (!isObjectType(type) && !isInterfaceType(type) && !isInputObjectType(type)) return false;
  const field = type.getFields()[member];
  if (!field) return false;
  if (argument === undefined) return true;
  return 'args' in field && field.args.some((a) => a.name === argument);
}

/**
 * Additions the contract of this revision lacks and another revision's has: the endpoint describes the
 * other revision's schema (§9.3: the revisions differ in their schema), which is breaking whatever a
 * diff of two schemas alone calls an addition.
 */
function otherRevisionsSchema(
  revision: Version,
  contract: GraphQLSchema,
  others: readonly OtherRevision[],
  change: DriftChange,
): DriftChange {
  if (change.criticality === 'BREAKING' || !change.type.endsWith('_ADDED') || change.path === undefined)
    return change;
  if (hasPath(contract, change.path)) return change;
  const other = others.find((o) => o.version !== revision && hasPath(o.schema, change.path!));
  if (!other) return change;
  return {
    ...change,
    criticality: 'BREAKING',
    reason: `the ${revision} endpoint describes ${change.path}, which only revision ${other.version} has: each revision's endpoint serves its own schema (§9.3)`,
  };
}

/**
 * Introspects one revision's endpoint and diffs it against the contract; `others` are the other
 * revisions' contracts, so that an endpoint describing another revision's schema shows as breaking.
 */
export async function checkDrift(
  revision: Version,
  url: string,
  headers: Record<string, string>,
  contract: GraphQLSchema,
  http: HttpOptions,
  others: readonly OtherRevision[] = [],
): Promise<DriftResult> {
  const remote = await introspect(url, headers, http);
  if (!remote.ok) return { revision, status: 'unavailable', reason: remote.reason, network: remote.network };
  const changes = [
    ...(await diffSchemas(contract, remote.schema)).map((c) =>
      otherRevisionsSchema(revision, contract, others, c),
    ),
    ...remote.gaps,
  ];
  return { revision, status: 'checked', changes: changes.sort(byCriticality) };
}
