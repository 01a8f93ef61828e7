import type { DifferenceKind } from '../outcome/differences.js';
import type {
  CountSpec,
  ErrorExpectation,
  Expectation,
  HttpStatusExpectation,
  PathExpectation,
  ValidationErrorsExpectation,
} from '../scenario/types.js';
import { deepEqual, jsonTypeOf, matchesSubset } from './deep.js';
import { getAtPath } from '../scenario/json-path.js';

/** A failed check before it is attributed to a scenario, step and basis. */
export interface Finding {
  expectationId: string;
  path: string;
  kind: DifferenceKind;
  expected: unknown;
  actual: unknown;
  message: string;
}

/** The response as the checks see it. */
export interface CheckedResponse {
  status: number;
  body: unknown;
  /** Response keys of the operation's root fields, where `validationErrors` lists are looked for. */
  rootFields: readonly string[];
}

/** Whether an expectation is a GraphQL `error` expectation. */
export function isErrorExpectation(e: Expectation): e is ErrorExpectation {
  return 'error' in e;
}
/** Whether an expectation names expected `validationErrors`. */
export function isValidationErrorsExpectation(e: Expectation): e is ValidationErrorsExpectation {
  return 'validationErrors' in e;
}
/** Whether an expectation names an HTTP status. */
export function isHttpStatusExpectation(e: Expectation): e is HttpStatusExpectation {
  return 'httpStatus' in e;
}

/** The stable id of an expectation: its own or one derived from its kind and path. */
export function expectationIdOf(e: Expectation): string {
  if (e.id) return e.id;
  if (isErrorExpectation(e)) return 'error';
  if (isHttpStatusExpectation(e)) return 'httpStatus';
  if (isValidationErrorsExpectation(e)) return `validationErrors:${e.validationErrors.join(',')}`;
  const kinds = (
    ['equals', 'type', 'matches', 'count', 'contains', 'every', 'none', 'exists', 'distinct'] as const
  ).filter((k) => k in e);
  return `${kinds.join('+')}:${e.path}`;
}

/** The body's GraphQL errors (entries that are objects). */
export function graphQLErrorsOf(body: unknown): Record<string, unknown>[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors)
    ? errors.filter((e): e is Record<string, unknown> => e !== null && typeof e === 'object')
    : [];
}

function extensionsOf(error: Record<string, unknown>): Record<string, unknown> {
  const ext = error.extensions;
  return ext !== null && typeof ext === 'object' ? (ext as Record<string, unknown>) : {};
}

function countMatches(n: number, spec: CountSpec): boolean {
  if (typeof spec === 'number') return n === spec;
  return (spec.min === undefined || n >= spec.min) && (spec.max === undefined || n <= spec.max);
}

function describeCount(spec: CountSpec): string {
  if (typeof spec === 'number') return String(spec);
  if (spec.min !== undefined && spec.max !== undefined) return `${spec.min}..${spec.max}`;
  return spec.min !== undefined ? `at least ${spec.min}` : `at most ${spec.max ?? 0}`;
}

function checkPath(e: PathExpectation, body: unknown, id: string): Finding[] {
  const { found, value } = getAtPath(body, e.path);
  const out: Finding[] = [];
  const add = (kind: DifferenceKind, expected: unknown, actual: unknown, message: string): void => {
    out.push({ expectationId: id, path: e.path, kind, expected, actual, message });
  };
  if (e.exists !== undefined) {
    // `exists: true` asks for a value: a null in a nullable field does not show the thing exists.
    const present = found && (value !== null || !e.exists);
    if (present !== e.exists)
      add(
        'presence-mismatch',
        e.exists ? 'present and non-null' : 'absent',
        found ? value : 'absent',
        `${e.path} is ${found ? (value === null ? 'null' : 'present') : 'absent'}`,
      );
    if (!e.exists || !present) return out;
  }
  if (!found) {
    const expected = 'equals' in e ? e.equals : (e.type ?? 'present');
    add('missing-field', expected, 'absent', `${e.path} is absent`);
    return out;
  }
  if ('equals' in e && !deepEqual(value, e.equals))
    add(
      'value-mismatch',
      e.equals,
      value,
      `${e.path} is ${JSON.stringify(value)}, expected ${JSON.stringify(e.equals)}`,
    );
  if (e.type !== undefined) {
    const actual = jsonTypeOf(value);
    const ok = actual === e.type || (e.type === 'number' && actual === 'integer');
    if (!ok) add('type-mismatch', e.type, value, `${e.path} is ${actual}, expected ${e.type}`);
  }
  if (e.matches !== undefined) {
    if (typeof value !== 'string' || !new RegExp(e.matches).test(value)) {
      add('pattern-mismatch', `/${e.matches}/`, value, `${e.path} does not match /${e.matches}/`);
    }
  }
  if (e.count !== undefined) {
    if (!Array.isArray(value)) add('type-mismatch', 'array', value, `${e.path} is not a list`);
    else if (!countMatches(value.length, e.count)) {
      add(
        'count-mismatch',
        describeCount(e.count),
        value.length,
        `${e.path} has ${value.length} items, expected ${describeCount(e.count)}`,
      );
    }
  }
  if (e.distinct) {
    if (!Array.isArray(value)) add('type-mismatch', 'array', value, `${e.path} is not a list`);
    else {
      const keys = value.map((item) => JSON.stringify(item));
      const repeated = value.filter((_item, i) => keys.indexOf(keys[i] ?? '') !== i);
      if (repeated.length > 0)
        add('value-mismatch', 'no repeated item', repeated, `${e.path} repeats ${repeated.length} item(s)`);
    }
  }
  if ('contains' in e) {
    const ok = Array.isArray(value)
      ? value.some((item) => matchesSubset(item, e.contains))
      : typeof value === 'string' && typeof e.contains === 'string' && value.includes(e.contains);
    if (!ok)
      add('not-contained', e.contains, value, `${e.path} does not contain ${JSON.stringify(e.contains)}`);
  }
  if ('every' in e) {
    if (!Array.isArray(value)) add('type-mismatch', 'array', value, `${e.path} is not a list`);
    else {
      const at = value.findIndex((item) => !matchesSubset(item, e.every));
      if (at >= 0)
        add(
          'value-mismatch',
          e.every,
          value[at],
          `${e.path}[${at}] is ${JSON.stringify(value[at])}, but every item must hold ${JSON.stringify(e.every)}`,
        );
    }
  }
  if ('none' in e) {
    if (!Array.isArray(value)) add('type-mismatch', 'array', value, `${e.path} is not a list`);
    else {
      const at = value.findIndex((item) => matchesSubset(item, e.none));
      if (at >= 0)
        add(
          'value-mismatch',
          `no item holding ${JSON.stringify(e.none)}`,
          value[at],
          `${e.path}[${at}] is ${JSON.stringify(value[at])}, which no item may hold`,
        );
    }
  }
  return out;
}

/** Where the propertyNames of business-rule failures are: the root fields' lists and A-10 error extensions. */
function reportedPropertyNames(
  e: ValidationErrorsExpectation,
  res: CheckedResponse,
): { names: string[]; path: string } {
  const fromList = (list: unknown): string[] =>
    Array.isArray(list)
      ? list.flatMap((v) => {
          const name = (v as { propertyName?: unknown } | null)?.propertyName;
          return typeof name === 'string' ? [name] : [];
        })
      : [];
  if (e.at !== undefined) return { names: fromList(getAtPath(res.body, e.at).value), path: e.at };
  const names: string[] = [];
  for (const key of res.rootFields)
    names.push(...fromList(getAtPath(res.body, ['data', key, 'validationErrors']).value));
  for (const error of graphQLErrorsOf(res.body))
    names.push(...fromList(extensionsOf(error).validationErrors));
  const first = res.rootFields[0];
  return { names, path: first ? `data.${first}.validationErrors` : 'errors' };
}

function checkValidationErrors(e: ValidationErrorsExpectation, res: CheckedResponse, id: string): Finding[] {
  const { names, path } = reportedPropertyNames(e, res);
  const out: Finding[] = [];
  for (const name of e.validationErrors) {
    if (!names.includes(name)) {
      out.push({
        expectationId: id,
        path,
        kind: 'missing-validation-error',
        expected: { propertyName: name },
        actual: names,
        message: `no validationErrors entry for "${name}" (reported: ${names.length ? names.join(', ') : 'none'})`,
      });
    }
  }
  if (e.only) {
    for (const name of names.filter((n) => !e.validationErrors.includes(n))) {
      out.push({
        expectationId: id,
        path,
        kind: 'unexpected-validation-error',
        expected: e.validationErrors,
        actual: { propertyName: name },
        message: `unexpected validationErrors entry for "${name}"`,
      });
    }
  }
  return out;
}

function checkError(e: ErrorExpectation, res: CheckedResponse, id: string): Finding[] {
  const errors = graphQLErrorsOf(res.body);
  const match = errors.some(
    (err) =>
      (e.error.code === undefined || extensionsOf(err).code === e.error.code) &&
      (e.error.message === undefined ||
        (typeof err.message === 'string' && new RegExp(e.error.message).test(err.message))),
  );
  if (match) return [];
  const actual = errors.map((err) => ({ message: err.message, code: extensionsOf(err).code }));
  return [
    {
      expectationId: id,
      path: 'errors',
      kind: errors.length === 0 ? 'missing-error' : 'wrong-error',
      expected: e.error,
      actual: errors.length === 0 ? 'no errors' : actual,
      message:
        errors.length === 0
          ? `expected a GraphQL error, got none (HTTP ${res.status}${
              res.body === undefined || res.body === null || res.body === ''
                ? ', no body: the error envelope is missing'
                : ''
            })`
          : `no GraphQL error matches the expected one (${describeError(e.error)}; got ${actual
              .slice(0, 3)
              .map((a) => describeError({ code: a.code, message: a.message }, true))
              .join(', ')}${actual.length > 3 ? ', …' : ''})`,
    },
  ];
}

/** One error as a difference's message names it: the code and the message (or the pattern it must match). */
function describeError(error: { code?: unknown; message?: unknown }, got = false): string {
  const code = typeof error.code === 'string' ? `code ${error.code}` : got ? 'no code' : 'any code';
  const text =
    typeof error.message !== 'string'
      ? got
        ? 'no message'
        : 'any message'
      : got
        ? `message "${error.message.slice(0, 120)}"`
        : `a message matching /${error.message}/`;
  return `${got ? '' : 'expected '}${code} and ${text}`;
}

/** Checks one explicit expectation against a response. */
export function checkExpectation(e: Expectation, res: CheckedResponse): Finding[] {
  const id = expectationIdOf(e);
  if (isErrorExpectation(e)) return checkError(e, res, id);
  if (isValidationErrorsExpectation(e)) return checkValidationErrors(e, res, id);
  if (isHttpStatusExpectation(e)) {
    return res.status === e.httpStatus
      ? []
      : [
          {
            expectationId: id,
            path: '',
            kind: 'http-status',
            expected: e.httpStatus,
            actual: res.status,
            message: `HTTP status ${res.status}, expected ${e.httpStatus}`,
          },
        ];
  }
  return checkPath(e, res.body, id);
}

const MISSING_ROOT = /^Cannot query field "([^"]+)" on type "(Query|Mutation|Subscription)"/;
const MISSING_FIELD = /^Cannot query field "([^"]+)" on type "([^"]+)"/;

/**
 * GraphQL errors nobody expected: a missing operation or field (a validation error naming it) or any
 * other error. Errors carrying `extensions.validationErrors` are left to validationErrors expectations.
 */
export function unexpectedErrors(body: unknown, ignoreValidationErrorCarriers: boolean): Finding[] {
  return graphQLErrorsOf(body).flatMap((err, i): Finding[] => {
    const ext = extensionsOf(err);
    if (ignoreValidationErrorCarriers && Array.isArray(ext.validationErrors)) return [];
    const message = typeof err.message === 'string' ? err.message : JSON.stringify(err);
    const root = MISSING_ROOT.exec(message);
    const field = MISSING_FIELD.exec(message);
    const kind: DifferenceKind = root ? 'missing-operation' : field ? 'missing-field' : 'unexpected-error';
    const expected = root ? `operation ${root[1]}` : field ? `field ${field[2]}.${field[1]}` : 'no errors';
    return [
      {
        expectationId: 'errors',
        path: `errors[${i}]`,
        kind,
        expected,
        actual: { message, code: ext.code },
        message: `unexpected GraphQL error: ${message}`,
      },
    ];
  });
}
