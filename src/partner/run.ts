import { readFileSync } from 'node:fs';
import { Kind, print } from 'graphql';
import { postGraphQL, type HttpOptions, type Target } from '../conformance/index.js';
import { fragmentsFor, type OperationCheck, type RunOutcome } from './check.js';
import type { PartnerOperation } from './documents.js';

/** Variables per operation name, from the `--variables` sidecar file. */
export type VariablesFile = Record<string, Record<string, unknown>>;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads the sidecar `{ "<operationName>": { ...variables } }`; a message when it is not that. */
export function readVariablesFile(
  file: string,
): { ok: true; variables: VariablesFile } | { ok: false; error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { ok: false, error: `--variables ${file}: ${(error as Error).message.split('\n')[0] ?? ''}` };
  }
  if (!isRecord(parsed) || !Object.values(parsed).every(isRecord)) {
    return {
      ok: false,
      error: `--variables ${file}: expected an object of operation names to variable objects, e.g. {"PersonCard": {"id": "…"}}`,
    };
  }
  return { ok: true, variables: parsed as VariablesFile };
}

/** Names of the operation's variables that are required (non-null, no default) and not supplied. */
function missingVariables(op: PartnerOperation, supplied: Record<string, unknown>): string[] {
  return (op.node.variableDefinitions ?? [])
    .filter((d) => d.type.kind === Kind.NON_NULL_TYPE && d.defaultValue === undefined)
    .map((d) => d.variable.name.value)
    .filter((name) => supplied[name] === undefined);
}

const skipped = (message: string): RunOutcome => ({ status: 'skipped', messages: [message] });

/** Runs one valid operation on its revision's endpoint of the target. */
async function runOne(
  check: OperationCheck,
  op: PartnerOperation,
  target: Target,
  variables: VariablesFile,
  allowMutations: boolean,
  http: HttpOptions,
): Promise<RunOutcome> {
  if (op.type === 'subscription') return skipped('subscriptions are not run');
  if (op.type === 'mutation' && !target.isSimulator && !allowMutations)
    return skipped('mutation not run against a target that is not the simulator (use --allow-mutations)');
  const supplied = variables[op.name] ?? {};
  const missing = missingVariables(op, supplied);
  if (missing.length > 0) {
    return skipped(
      `no value for required variable(s) ${missing.map((m) => `$${m}`).join(', ')}; add them under "${op.name}" in --variables FILE`,
    );
  }
  const query = print({ kind: Kind.DOCUMENT, definitions: [op.node, ...fragmentsFor(op)] });
  const outcome = await postGraphQL(
    {
      url: target.endpointFor(check.revision),
      headers: target.headers,
      body: { query, variables: supplied, ...(op.node.name ? { operationName: op.name } : {}) },
    },
    http,
  );
  if (outcome.kind === 'network-error')
    return { status: 'failed', messages: [outcome.message], durationMs: Math.round(outcome.durationMs) };
  const timing = { httpStatus: outcome.status, durationMs: Math.round(outcome.durationMs) };
  const body = outcome.body;
  if (!isRecord(body)) {
    return { status: 'failed', messages: [`HTTP ${outcome.status}: the response is not JSON`], ...timing };
  }
  const errors = Array.isArray(body.errors) ? body.errors : [];
  if (errors.length > 0) {
    const messages = errors.map((e) => {
      const err = isRecord(e) ? e : {};
      const where = Array.isArray(err.path) ? ` (at ${err.path.join('.')})` : '';
      return `${typeof err.message === 'string' ? err.message : JSON.stringify(e)}${where}`;
    });
    return { status: 'errors', messages, ...timing };
  }
  if (outcome.status >= 400 || !('data' in body))
    return { status: 'failed', messages: [`HTTP ${outcome.status} without data`], ...timing };
  return { status: 'ok', messages: [], ...timing };
}

/** Adds a run outcome to every valid check; broken ones are not sent. */
export async function runChecks(
  checks: OperationCheck[],
  operations: readonly PartnerOperation[],
  target: Target,
  options: { variables: VariablesFile; allowMutations: boolean; http: HttpOptions },
): Promise<void> {
  const byPlace = new Map(
    operations.map((op) => [`${op.position.file}\0${op.position.line}\0${op.name}`, op]),
  );
  for (const check of checks) {
    if (check.status !== 'valid') continue;
    const op = byPlace.get(`${check.file}\0${check.line}\0${check.operation}`);
    if (!op) continue;
    check.run = await runOne(check, op, target, options.variables, options.allowMutations, options.http);
  }
}
