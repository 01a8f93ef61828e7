import type { GraphQLSchema } from 'graphql';
import type { Version } from '../contract/versions.js';
import {
  compileShape,
  differenceOf,
  judge,
  type Difference,
  type Judged,
  type JudgedResponse,
} from '../conformance/index.js';
import { exchangeRuleFindings } from './exchange-rules.js';
import type { InvalidRequest, ValidRequest } from './request-check.js';

/** Where an exchange's differences are filed in the reports. */
export interface ExchangeIds {
  scenarioId: string;
  stepId: string;
}

function hasErrors(body: unknown): boolean {
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  return Array.isArray(errors) && errors.length > 0;
}

/** Findings about a request the contract refuses: the request's own, and an answer without errors. */
function invalidRequestFindings(request: InvalidRequest, response: JudgedResponse): Judged[] {
  const out: Judged[] = request.findings.map((finding) => ({ finding, level: 'MUST' as const, basis: [] }));
  if (response.status < 500 && !hasErrors(response.body)) {
    out.push({
      finding: {
        expectationId: 'errors',
        path: 'errors',
        kind: 'missing-error',
        expected: 'a GraphQL error for a request the contract refuses',
        actual: response.body ?? response.text.slice(0, 200),
        message: 'the upstream answered a request the contract refuses without a GraphQL error',
      },
      level: 'MUST',
      basis: ['A-58'],
    });
  }
  return out;
}

/**
 * Everything one proxied exchange shows wrong, as report differences: the request against the
 * revision's contract, the response through the runner's judge (shape compiled from the request's
 * document: non-null, types, enums, interfaces, date formats), and the rules one exchange can show
 * broken (paging, `validationErrors`). GraphQL errors in an answer are the upstream's reply to the
 * request, not differences, except those saying the upstream lacks an operation or field.
 */
export function checkExchange(
  schema: GraphQLSchema,
  revision: Version,
  request: ValidRequest | InvalidRequest,
  response: JudgedResponse,
  ids: ExchangeIds,
): Difference[] {
  if (!request.ok)
    return invalidRequestFindings(request, response).map((j) => differenceOf(j, { ...ids, revision }));
  const compiled = compileShape(schema, request.document, request.operationName);
  const judged = judge(response, [], {
    ...(compiled.ok ? { schema: compiled.schema, rootFields: compiled.rootFields } : { rootFields: [] }),
  }).filter((j) => j.finding.kind !== 'unexpected-error');
  const data = (response.body as { data?: unknown } | undefined)?.data;
  const rules = judged.some((j) => j.finding.kind === 'http-status' || j.finding.kind === 'invalid-response')
    ? []
    : exchangeRuleFindings(schema, request.document, request.operationName, request.variables, data);
  return [...judged, ...rules].map((j) => differenceOf(j, { ...ids, revision }));
}
