import { isDeepStrictEqual } from 'node:util';
import express, { type RequestHandler } from 'express';
import { compileOnFirstUse } from '../contract/json-schema.js';
import { sendError } from './http.js';
import type { JournalEntry, RequestJournal } from './journal.js';
import { CODE } from '../contract/error-codes.js';

/** Which journaled requests count; every given criterion must hold. */
export interface RequestPattern {
  /** The operation's name or one of its root fields (e.g. `addActivity`). */
  operation?: string;
  /** Tenant id. */
  tenant?: string;
  region?: string;
  /** Contract revision of the endpoint (`1.4.0`, `1.2.0`). */
  revision?: string;
  /** An exact status (`200`) or a class (`"4xx"`). */
  status?: number | string;
  /**
   * A partial match of the variables: an object matches when each of its keys matches (other keys are
   * ignored), an array when it has as many items and each matches in order, anything else when equal.
   */
  variables?: Record<string, unknown>;
}

/** How many matching requests are expected: exactly `n`, or a range. */
export type Times = number | { atLeast?: number; atMost?: number };

/** A request that fails the pattern, and by what. */
export interface NearMiss {
  id: string;
  time: string;
  operation: string | null;
  tenant: string | null;
  region: string;
  revision: string;
  status: number;
  /** What differs, e.g. `variables.input.listId: expected "L1", got "L2"`. */
  differences: string[];
}

/** The outcome of a count or a verification. */
export interface VerifyResult {
  /** Matching requests in the journal. */
  count: number;
  /** Their ids, newest first. */
  ids: string[];
  /** Whether `count` is what `times` asks for (true when no `times` was given). */
  ok: boolean;
  /** What was expected, in words (`exactly 2`, `at least 1`), when `times` was given. */
  expected?: string;
  /** Up to five requests that fail the pattern by the fewest criteria, newest first among equals. */
  nearMisses: NearMiss[];
  /** One readable paragraph: the pattern, the count, the near misses. */
  message: string;
}

/** How many near misses a result lists. */
const NEAR_MISSES = 5;

/** JSON Schema of the body of `POST /__admin/requests/count`. */
export const VERIFY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    operation: { type: 'string', minLength: 1 },
    tenant: { type: 'string', minLength: 1 },
    region: { type: 'string', minLength: 1 },
    revision: { type: 'string', minLength: 1 },
    status: {
      anyOf: [
        { type: 'integer', minimum: 100, maximum: 599 },
        { type: 'string', pattern: '^([1-5]xx|[1-5][0-9][0-9])$' },
      ],
    },
    variables: { type: 'object' },
    times: {
      anyOf: [
        { type: 'integer', minimum: 0 },
        {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: { atLeast: { type: 'integer', minimum: 0 }, atMost: { type: 'integer', minimum: 0 } },
        },
      ],
    },
  },
} as const;

const verifyValidator = compileOnFirstUse<RequestPattern & { times?: Times }>(
  { allErrors: true },
  VERIFY_SCHEMA,
);

/** Checks a count/verify body; returns why it is invalid, or undefined. */
export function checkVerifyBody(body: unknown): string | undefined {
  const validate = verifyValidator();
  if (validate(body)) {
    const { times } = body;
    if (typeof times === 'object' && (times.atLeast ?? 0) > (times.atMost ?? Infinity))
      return '/times atLeast is more than atMost';
    return undefined;
  }
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}`).join('; ');
}

function show(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}

/** Where `actual` differs from the partial `expected`, as `path: expected …, got …` lines. */
export function variableDifferences(expected: unknown, actual: unknown, path = 'variables'): string[] {
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual))
      return [`${path}: expected an object, got ${show(actual)}`];
    return Object.entries(expected).flatMap(([key, value]) =>
      variableDifferences(value, (actual as Record<string, unknown>)[key], `${path}.${key}`),
    );
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length)
      return [`${path}: expected ${show(expected)}, got ${show(actual)}`];
    return expected.flatMap((item, i) => variableDifferences(item, actual[i], `${path}[${i}]`));
  }
  // A null in the pattern also matches a key the request left out.
  if (expected === null && (actual === null || actual === undefined)) return [];
  return isDeepStrictEqual(expected, actual)
    ? []
    : [`${path}: expected ${show(expected)}, got ${show(actual)}`];
}

function statusDifference(expected: number | string, status: number): string | undefined {
  const ok =
    typeof expected === 'number' || /^\d+$/.test(expected)
      ? status === Number(expected)
      : Math.floor(status / 100) === Number(expected[0]);
  return ok ? undefined : `status: expected ${expected}, got ${status}`;
}

/** Every way an entry fails the pattern; empty when it matches. */
export function differencesOf(entry: JournalEntry, pattern: RequestPattern): string[] {
  const out: string[] = [];
  const { operation } = entry;
  if (
    pattern.operation !== undefined &&
    operation.name !== pattern.operation &&
    !operation.fields.includes(pattern.operation)
  ) {
    const seen = [operation.name, ...operation.fields].filter((n) => n !== null).join('/') || 'none';
    out.push(`operation: expected ${pattern.operation}, got ${seen}`);
  }
  if (pattern.tenant !== undefined && entry.tenant !== pattern.tenant)
    out.push(`tenant: expected ${pattern.tenant}, got ${entry.tenant ?? 'none (unauthenticated)'}`);
  if (pattern.region !== undefined && entry.region !== pattern.region)
    out.push(`region: expected ${pattern.region}, got ${entry.region}`);
  if (pattern.revision !== undefined && entry.revision !== pattern.revision)
    out.push(`revision: expected ${pattern.revision}, got ${entry.revision}`);
  if (pattern.status !== undefined) {
    const problem = statusDifference(pattern.status, entry.status);
    if (problem) out.push(problem);
  }
  if (pattern.variables !== undefined)
    out.push(...variableDifferences(pattern.variables, entry.variables ?? {}));
  return out;
}

function expectedText(times: Times): string {
  if (typeof times === 'number') return `exactly ${times}`;
  const { atLeast, atMost } = times;
  if (atLeast !== undefined && atMost !== undefined)
    return atLeast === atMost ? `exactly ${atLeast}` : `between ${atLeast} and ${atMost}`;
  return atLeast !== undefined ? `at least ${atLeast}` : `at most ${atMost}`;
}

function timesHold(times: Times, count: number): boolean {
  if (typeof times === 'number') return count === times;
  return count >= (times.atLeast ?? 0) && count <= (times.atMost ?? Infinity);
}

/**
 * Counts the journaled requests (`entries`, newest first) that match `pattern` and, with `times`, says
 * whether the count is as expected; the message lists the near misses, as WireMock's `verify` does.
 */
export function verifyRequests(
  entries: readonly JournalEntry[],
  pattern: RequestPattern,
  times?: Times,
): VerifyResult {
  const ids: string[] = [];
  const misses: { entry: JournalEntry; differences: string[] }[] = [];
  for (const entry of entries) {
    const differences = differencesOf(entry, pattern);
    if (differences.length === 0) ids.push(entry.id);
    else misses.push({ entry, differences });
  }
  // Stable sort: among equally near misses the newest stays first.
  misses.sort((a, b) => a.differences.length - b.differences.length);
  const nearMisses = misses.slice(0, NEAR_MISSES).map(({ entry, differences }): NearMiss => ({
    id: entry.id,
    time: entry.time,
    operation: entry.operation.name ?? entry.operation.fields[0] ?? null,
    tenant: entry.tenant,
    region: entry.region,
    revision: entry.revision,
    status: entry.status,
    differences,
  }));
  const ok = times === undefined || timesHold(times, ids.length);
  const expected = times === undefined ? undefined : expectedText(times);
  const lines = [
    expected === undefined
      ? `${ids.length} request(s) match ${JSON.stringify(pattern)}.`
      : `Expected ${expected} request(s) matching ${JSON.stringify(pattern)}, found ${ids.length}` +
        (ids.length > 0 ? ` (${ids.slice(0, 10).join(', ')}${ids.length > 10 ? ', …' : ''}).` : '.'),
  ];
  if (!ok) {
    if (entries.length === 0) lines.push('The journal is empty.');
    else if (nearMisses.length === 0) lines.push('Every journaled request matches.');
    else {
      lines.push('Near misses (closest first):');
      for (const m of nearMisses)
        lines.push(
          `  ${m.id} ${m.operation ?? '(no operation)'} tenant=${m.tenant ?? '-'} ${m.region}/${m.revision} ${m.status}: ${m.differences.join('; ')}`,
        );
    }
  }
  return {
    count: ids.length,
    ids,
    ok,
    ...(expected === undefined ? {} : { expected }),
    nearMisses,
    message: lines.join('\n'),
  };
}

/**
 * The handlers of `POST /__admin/requests/count` (behind the admin token): the body is a
 * {@link RequestPattern} with an optional `times`; the answer a {@link VerifyResult}, 200 whether or not
 * the count is as expected (a test reads `ok`), 400 for a malformed pattern.
 */
export function countRequestsHandlers(journal: RequestJournal): RequestHandler[] {
  return [
    express.json({ limit: '64kb' }),
    (req, res) => {
      const problem = checkVerifyBody(req.body);
      if (problem !== undefined)
        return sendError(res, 400, `Invalid request pattern: ${problem}.`, CODE.BAD_REQUEST);
      const { times, ...pattern } = req.body as RequestPattern & { times?: Times };
      res.json(verifyRequests(journal.list(), pattern, times));
    },
  ];
}
