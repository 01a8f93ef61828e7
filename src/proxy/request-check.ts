import {
  getOperationAST,
  getVariableValues,
  GraphQLError,
  parse,
  validate,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import { type Finding } from '../conformance/index.js';
import { documentNesting, MAX_NESTING } from '../simulator/index.js';
import { nestsDeeperThan } from './json-walk.js';
import { LARGE_ENVELOPE_BYTES, parseSpan, scanEnvelope } from './large-envelope.js';

/** The GraphQL-over-HTTP request envelope. */
export interface GraphQLRequestBody {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/** A request the contract accepts: its parsed document and coerced variables. */
export interface ValidRequest {
  ok: true;
  body: GraphQLRequestBody;
  document: DocumentNode;
  operationName: string | undefined;
  /** The operation's type: query or mutation. */
  operationType: 'query' | 'mutation' | 'subscription';
  /** Variables after coercion (defaults applied), as the server sees them. */
  variables: Record<string, unknown>;
}

/** A request the contract refuses, with why; `body` when at least the envelope could be read. */
export interface InvalidRequest {
  ok: false;
  body?: GraphQLRequestBody;
  findings: Finding[];
  /**
   * Set when the proxy itself will not check the document (nested beyond {@link MAX_NESTING}): such a
   * request is refused with `LIMIT_EXCEEDED` and never forwarded.
   */
  limit?: string;
}

function requestFinding(path: string, expected: string, actual: unknown, message: string): Finding {
  return { expectationId: 'request', path, kind: 'invalid-request', expected, actual, message };
}

/** The answer to a body that is not a GraphQL request at all: `reason` says why. */
function notARequest(reason: string): InvalidRequest {
  return {
    ok: false,
    findings: [
      requestFinding(
        'request',
        'a GraphQL request (A-60)',
        reason,
        `the request is not a GraphQL request: ${reason}`,
      ),
    ],
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Reads the envelope of a GraphQL request: a JSON body of a POST, or the URL parameters of a GET
 * . A string says what is wrong with it.
 */
export function readEnvelope(method: string, url: URL, raw: Buffer): GraphQLRequestBody | string {
  let value: unknown;
  if (method === 'GET') {
    const variables = url.searchParams.get('variables');
    try {
      value = {
        query: url.searchParams.get('query') ?? undefined,
        ...(variables ? { variables: JSON.parse(variables) as unknown } : {}),
        ...(url.searchParams.get('operationName')
          ? { operationName: url.searchParams.get('operationName') }
          : {}),
      };
    } catch {
      return 'the variables URL parameter is not JSON';
    }
  } else if (method === 'POST') {
    try {
      value = JSON.parse(raw.toString('utf8'));
    } catch {
      return 'the body is not JSON';
    }
  } else {
    return `method ${method} (expected POST or GET)`;
  }
  if (!isRecord(value)) return 'the body is not a JSON object';
  if (typeof value.query !== 'string') return 'the request has no "query" string';
  if (value.variables !== undefined && value.variables !== null && !isRecord(value.variables))
    return '"variables" is not an object';
  if (
    value.operationName !== undefined &&
    value.operationName !== null &&
    typeof value.operationName !== 'string'
  )
    return '"operationName" is not a string';
  return {
    query: value.query,
    ...(isRecord(value.variables) ? { variables: value.variables } : {}),
    ...(typeof value.operationName === 'string' ? { operationName: value.operationName } : {}),
  };
}

/**
 * Checks a request against one revision's contract: the document parses and validates, the named
 * operation exists in it, and the variables fit the operation's variable definitions.
 */
export function checkRequest(
  schema: GraphQLSchema,
  method: string,
  url: URL,
  raw: Buffer,
): ValidRequest | InvalidRequest {
  const large = method === 'POST' && raw.length > LARGE_ENVELOPE_BYTES;
  const scanned = large ? scanEnvelope(raw) : readEnvelope(method, url, raw);
  if (typeof scanned === 'string') return notARequest(scanned);
  const spans = scanned.variables instanceof Map ? scanned.variables : undefined;
  let envelope: GraphQLRequestBody = {
    query: scanned.query,
    ...(scanned.operationName ? { operationName: scanned.operationName } : {}),
    ...(scanned.variables && !spans ? { variables: scanned.variables as Record<string, unknown> } : {}),
  };
  let document: DocumentNode;
  try {
    document = parse(envelope.query);
  } catch (error) {
    const message = error instanceof GraphQLError ? error.message : String(error);
    return {
      ok: false,
      body: envelope,
      findings: [
        requestFinding(
          'request.query',
          'a GraphQL document',
          message,
          `the document does not parse: ${message}`,
        ),
      ],
    };
  }
  if (spans) {
    // A large body's variables are parsed only where the operation declares them: the others are
    // never read by GraphQL, and a flood of them must not reach the heap.
    const declared = new Set(
      (getOperationAST(document, envelope.operationName)?.variableDefinitions ?? []).map(
        (d) => d.variable.name.value,
      ),
    );
    const variables: Record<string, unknown> = {};
    for (const [name, span] of spans) {
      if (!declared.has(name)) continue;
      try {
        Object.defineProperty(variables, name, {
          value: parseSpan(raw, span),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } catch {
        return notARequest('the body is not JSON');
      }
    }
    envelope = { ...envelope, variables };
  }
  if (envelope.variables && nestsDeeperThan(envelope.variables, MAX_NESTING))
    return {
      ok: false,
      body: {
        query: envelope.query,
        ...(envelope.operationName ? { operationName: envelope.operationName } : {}),
      },
      limit: `the variables nest more than ${MAX_NESTING} deep`,
      findings: [],
    };
  const tooDeep = (): InvalidRequest => ({
    ok: false,
    body: envelope,
    limit: `the document nests selections more than ${MAX_NESTING} deep (fragments expanded)`,
    findings: [],
  });
  // A fragment cycle is not refused here: validation names it, an invalid request like any other.
  if (documentNesting(document).depth > MAX_NESTING) return tooDeep();
  let errors: readonly GraphQLError[];
  try {
    errors = validate(schema, document);
  } catch (error) {
    // graphql-js validation recurses; a document that still exhausts the stack is refused, not a 500.
    if (error instanceof RangeError) return tooDeep();
    throw error;
  }
  if (errors.length > 0) {
    return {
      ok: false,
      body: envelope,
      findings: errors.map((e) =>
        requestFinding(
          'request.query',
          'a document valid for the revision',
          e.message,
          `the document is not valid for the revision: ${e.message}`,
        ),
      ),
    };
  }
  const operation = getOperationAST(document, envelope.operationName);
  if (!operation) {
    const actual = envelope.operationName ?? null;
    return {
      ok: false,
      body: envelope,
      findings: [
        requestFinding(
          'request.operationName',
          'an operation of the document',
          actual,
          envelope.operationName
            ? `the document has no operation named "${envelope.operationName}"`
            : 'the document has several operations and the request names none',
        ),
      ],
    };
  }
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], envelope.variables ?? {});
  if (coerced.errors) {
    return {
      ok: false,
      body: envelope,
      findings: coerced.errors.map((e) =>
        requestFinding(
          'request.variables',
          'variables that fit the operation',
          e.message,
          `invalid variables: ${e.message}`,
        ),
      ),
    };
  }
  return {
    ok: true,
    body: envelope,
    document,
    operationName: envelope.operationName ?? operation.name?.value,
    operationType: operation.operation,
    variables: coerced.coerced,
  };
}
