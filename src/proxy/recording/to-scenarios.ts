import {
  getNamedType,
  getOperationAST,
  isEnumType,
  parse,
  type DocumentNode,
  type GraphQLNamedType,
} from 'graphql';
import { buildRevisionSchema } from '../../contract/generate.js';
import { isIsoDate, isIsoDateTimeUtc } from '../../contract/scalars.js';
import type { Version } from '../../contract/versions.js';
import {
  formatPath,
  type Expectation,
  type JsonTypeName,
  type PathSegment,
  type Scenario,
  type Step,
  type Tenant,
} from '../../conformance/index.js';
import { mapLeaves, walkJson } from '../json-walk.js';
import { walkResponse } from '../typed-walk.js';
import type { Recording } from './format.js';
import { personalField } from './personal-data.js';
import { personalKindOf } from './pseudonymize.js';

/** Most value expectations one step gets; the automatic shape check covers the rest. */
const MAX_EXPECTATIONS = 60;

const ID_KEY = /^id$|Id$|Ids$|Guid$/;
const TIME_KEY = /date|Date|time|Time|At$/;
const COUNT_KEY = /^total|Count$|^count$|Connections$|Score$|score$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why a recorded exchange did not become a step. */
export interface SkippedRecording {
  seq: number;
  reason: string;
}

/** Scenarios made from a folder of recordings (one per revision), and the exchanges left out. */
export interface RecordedScenarios {
  scenarios: Scenario[];
  skipped: SkippedRecording[];
}

function jsonType(value: unknown): JsonTypeName {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonTypeName;
}

/** What the contract says about the value at one path of a recorded answer. */
interface FieldFacts {
  /** The field's named type (`String`, an enum …). */
  type: GraphQLNamedType;
  /** The catalogue lists the (type, field) as personal data. */
  personal: boolean;
}

/** The contract's facts of every selected field in a recorded answer, by formatted path. */
function factsOf(
  revision: Version,
  document: DocumentNode,
  operationName: string | undefined,
  data: unknown,
): Map<string, FieldFacts> {
  const out = new Map<string, FieldFacts>();
  walkResponse(
    buildRevisionSchema(revision),
    document,
    operationName,
    data,
    {
      field: ({ parentType, field, path }) => {
        const personal =
          personalField([parentType.name, ...parentType.getInterfaces().map((i) => i.name)], field.name) !==
          undefined;
        out.set(formatPath([...path]), { type: getNamedType(field.type), personal });
      },
    },
    { guessAmbiguous: true },
  );
  return out;
}

/** Text a person wrote or that differs between tenants: never asserted verbatim. */
function isFreeText(value: string): boolean {
  return value.length > 40 || /\s/.test(value.trim());
}

/**
 * Whether a recorded value changes between runs or tenants, or is not what the target holds, and so is
 * checked by type only: ids, dates and times, totals and counts, personal data (replaced in the
 * recording), free text; typed strings are asserted by value only when they are enum values or short
 * single words.
 */
function isVolatile(key: string, value: unknown, facts: FieldFacts | undefined): boolean {
  if (ID_KEY.test(key) || TIME_KEY.test(key) || COUNT_KEY.test(key)) return true;
  if (facts?.personal) return true;
  if (typeof value !== 'string') return false;
  if (facts && isEnumType(facts.type)) return false;
  if (facts?.type.name === 'ID') return true;
  return (
    UUID.test(value) ||
    isIsoDate(value) ||
    isIsoDateTimeUtc(value) ||
    isFreeText(value) ||
    personalKindOf(key, value) !== undefined
  );
}

/**
 * How much of a recorded answer a replay can expect: `values` (first item of each list, volatile values
 * by type), or `lists`, where lists are checked as lists, never for their items: when the request's
 * personal values were replaced (the target may hold nothing that matches them) and for a read that a
 * later recorded write may change (the replay runs against the state after the whole recording).
 */
type ExpectationMode = 'values' | 'lists';

/** Value expectations of a recorded body, as far as the mode allows. */
function expectationsOf(body: unknown, facts: Map<string, FieldFacts>, mode: ExpectationMode): Expectation[] {
  const out: Expectation[] = [];
  // An explicit stack in document order (children pushed in reverse): deep answers cannot overflow it.
  const stack: { value: unknown; path: PathSegment[]; key: string }[] = [
    { value: (body as { data?: unknown }).data, path: ['data'], key: '' },
  ];
  while (stack.length > 0 && out.length < MAX_EXPECTATIONS) {
    const top = stack.pop();
    if (!top || top.value === null || top.value === undefined) continue;
    const { value, path, key } = top;
    if (Array.isArray(value)) {
      if (mode !== 'values') out.push({ path: formatPath(path), type: 'array' });
      else if (value.length > 0) {
        out.push({ path: formatPath(path), count: { min: 1 } });
        stack.push({ value: value[0], path: [...path, 0], key });
      }
      continue;
    }
    if (typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, v] = entries[i] as [string, unknown];
        stack.push({ value: v, path: [...path, k], key: k });
      }
      continue;
    }
    const at = formatPath(path);
    out.push(
      isVolatile(key, value, facts.get(at))
        ? { path: at, type: jsonType(value) }
        : { path: at, equals: value },
    );
  }
  return out;
}

/**
 * What a recorded answer with errors expects: the HTTP status when it was not 200, and the first
 * error's code; an answer with errors (even beside partial data) is never replayed as "no errors".
 */
function errorExpectations(status: number, body: unknown): Expectation[] | undefined {
  const errors = (body as { errors?: unknown } | null)?.errors;
  const hasErrors = Array.isArray(errors) && errors.length > 0;
  if (!hasErrors && status === 200) return undefined;
  const out: Expectation[] = status === 200 ? [] : [{ httpStatus: status }];
  if (hasErrors) {
    const code = (errors[0] as { extensions?: { code?: unknown } } | null)?.extensions?.code;
    out.push({ error: typeof code === 'string' ? { code } : {} });
  }
  return out;
}

/** Where an id first appeared in an earlier step's answer, as a `${steps.…}` reference. */
type IdSources = Map<string, string>;

function collectIds(body: unknown, stepId: string, into: IdSources): void {
  walkJson(body, (value, where) => {
    if (typeof value === 'string' && ID_KEY.test(where.key) && value !== '' && !into.has(value))
      into.set(value, `\${steps.${stepId}.${formatPath([...where.path()])}}`);
  });
}

/** Variables with ids an earlier answer produced replaced by references to it, so joins survive replay. */
function linkVariables(value: unknown, sources: IdSources): unknown {
  return mapLeaves(value, (leaf) => (typeof leaf === 'string' ? (sources.get(leaf) ?? leaf) : leaf));
}

/**
 * Whose credentials each recorded exchange carried, as replay steps express them: the most
 * frequent token is the main tenant's, one other token the limited tenant's, no token `anonymous`.
 * Undefined for a caller a scenario cannot express (a third token, credentials other than a bearer token).
 */
function callers(recordings: readonly Recording[]): (r: Recording) => Tenant | 'main' | undefined {
  const counts = new Map<string, number>();
  for (const r of recordings) {
    const auth = r.request.auth;
    if (auth?.startsWith('bearer:')) counts.set(auth, (counts.get(auth) ?? 0) + 1);
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1]).map(([auth]) => auth);
  const [main, limited] = ranked;
  return (r) => {
    const auth = r.request.auth;
    if (auth === undefined || auth === main) return 'main';
    if (auth === 'none') return 'anonymous';
    if (auth === limited) return 'limited';
    return undefined;
  };
}

function slug(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}

/**
 * Turns recordings into scenarios the runner replays: one scenario per revision, one step per exchange
 * in traffic order. Each step sends the recorded document and variables (ids an earlier answer produced
 * become `${steps.…}` references) and expects what the recorded answer showed, with volatile values
 * (ids, dates, totals, personal data) checked by type only and lists by their first item. Exchanges
 * without a GraphQL request or answer are left out and listed.
 */
export function recordingsToScenarios(recordings: readonly Recording[], name: string): RecordedScenarios {
  const skipped: SkippedRecording[] = [];
  const byRevision = new Map<Version, Recording[]>();
  for (const r of [...recordings].sort((a, b) => a.seq - b.seq)) {
    if (r.truncated)
      skipped.push({
        seq: r.seq,
        reason: `the exchange (${r.truncated.bytes} bytes) was over the recorder's per-exchange cap, so its bodies were not recorded`,
      });
    else if (!r.request.body) skipped.push({ seq: r.seq, reason: 'the request was not a GraphQL request' });
    else if (!r.response || r.response.body === undefined)
      skipped.push({ seq: r.seq, reason: 'no JSON answer was recorded' });
    else byRevision.set(r.revision, [...(byRevision.get(r.revision) ?? []), r]);
  }
  const base = slug(name) || 'recording';
  const scenarios: Scenario[] = [];
  const callerOf = callers(recordings);
  for (const [revision, list] of byRevision) {
    const sources: IdSources = new Map();
    const steps: Step[] = [];
    let mutates = false;
    // The last write of the recording: reads before it may see data the replay will find changed.
    let lastWrite = -Infinity;
    for (const r of list) {
      try {
        const op = r.request.body
          ? getOperationAST(parse(r.request.body.query), r.request.body.operationName)
          : null;
        if (op?.operation === 'mutation') lastWrite = Math.max(lastWrite, r.seq);
      } catch {
        // A document that does not parse is skipped below.
      }
    }
    for (const r of list) {
      const body = r.request.body;
      if (!body) continue;
      const caller = callerOf(r);
      if (caller === undefined) {
        skipped.push({
          seq: r.seq,
          reason:
            r.request.auth === 'other'
              ? 'the exchange carried credentials other than a bearer token'
              : 'the exchange carried a third token (a scenario has the main and the limited tenant only)',
        });
        continue;
      }
      let document;
      try {
        document = parse(body.query);
      } catch {
        skipped.push({ seq: r.seq, reason: 'the recorded document does not parse' });
        continue;
      }
      const operation = getOperationAST(document, body.operationName);
      if (!operation) {
        skipped.push({ seq: r.seq, reason: 'the recorded document names no single operation' });
        continue;
      }
      mutates ||= operation.operation === 'mutation';
      const id = `s${r.seq}-${slug(r.operation) || 'op'}`.replace(/-+$/, '');
      const answer = r.response?.body;
      const errors = errorExpectations(r.response?.status ?? 200, answer);
      const data = (answer as { data?: unknown } | null)?.data;
      steps.push({
        id,
        title: `recorded exchange ${r.seq} (${r.operation})`,
        ...(caller === 'main' ? {} : { as: caller }),
        document: body.query,
        ...(body.operationName ? { operationName: body.operationName } : {}),
        ...(body.variables
          ? { variables: linkVariables(body.variables, sources) as Record<string, unknown> }
          : {}),
        expect:
          errors ??
          expectationsOf(
            answer,
            factsOf(revision, document, body.operationName, data),
            (operation.operation !== 'mutation' && r.seq < lastWrite) || r.request.pseudonymised === true
              ? 'lists'
              : 'values',
          ),
      });
      collectIds(answer, id, sources);
    }
    if (steps.length === 0) continue;
    const suffix = byRevision.size > 1 ? `-${revision.replace(/\./g, '-')}` : '';
    scenarios.push({
      id: `recorded.${base}${suffix}`,
      title: `Recorded traffic ${name} (${revision})`,
      description: `Made by rm-harness record to-scenarios from ${list.length} recorded exchange(s); volatile values (ids, dates, totals, personal data, free text) are checked by type only, and each step runs as the caller it was recorded from.`,
      revisions: [revision],
      tags: mutates ? ['recorded', 'mutates'] : ['recorded'],
      spec: [],
      assumptions: [],
      steps,
    });
  }
  return { scenarios, skipped };
}
