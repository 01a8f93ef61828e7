import { getOperationAST, parse } from 'graphql';
import { isIsoDate, isIsoDateTimeUtc } from '../../contract/scalars.js';
import type { Version } from '../../contract/versions.js';
import { formatPath, type PathSegment } from '../../conformance/assert/json-path.js';
import type { Expectation, JsonTypeName, Scenario, Step } from '../../conformance/scenario/types.js';
import type { Recording } from './format.js';
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

/**
 * Whether a recorded value changes between runs or tenants and so is checked by type only: ids, dates
 * and times, totals and counts, and personal data (replaced in the recording anyway).
 */
function isVolatile(key: string, value: unknown): boolean {
  if (ID_KEY.test(key) || TIME_KEY.test(key) || COUNT_KEY.test(key)) return true;
  if (typeof value !== 'string') return false;
  return (
    UUID.test(value) ||
    isIsoDate(value) ||
    isIsoDateTimeUtc(value) ||
    personalKindOf(key, value) !== undefined
  );
}

/** Value expectations of a recorded body: first item of each list only, volatile values by type. */
function expectationsOf(body: unknown): Expectation[] {
  const out: Expectation[] = [];
  const walk = (value: unknown, path: PathSegment[], key: string): void => {
    if (out.length >= MAX_EXPECTATIONS || value === null || value === undefined) return;
    if (Array.isArray(value)) {
      if (value.length > 0) {
        out.push({ path: formatPath(path), count: { min: 1 } });
        walk(value[0], [...path, 0], key);
      }
      return;
    }
    if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) walk(v, [...path, k], k);
      return;
    }
    out.push(
      isVolatile(key, value)
        ? { path: formatPath(path), type: jsonType(value) }
        : { path: formatPath(path), equals: value },
    );
  };
  walk((body as { data?: unknown }).data, ['data'], '');
  return out;
}

/** The first GraphQL error's code, when the recorded answer had errors instead of data. */
function errorExpectation(body: unknown): Expectation | undefined {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const data = (body as { data?: unknown }).data;
  if (data !== undefined && data !== null) return undefined;
  const code = (errors[0] as { extensions?: { code?: unknown } } | null)?.extensions?.code;
  return { error: typeof code === 'string' ? { code } : {} };
}

/** Where an id first appeared in an earlier step's answer, as a `${steps.…}` reference. */
type IdSources = Map<string, string>;

function collectIds(body: unknown, stepId: string, into: IdSources): void {
  const walk = (value: unknown, path: PathSegment[], key: string): void => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i], key));
    else if (value !== null && typeof value === 'object')
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) walk(v, [...path, k], k);
    else if (typeof value === 'string' && ID_KEY.test(key) && value !== '' && !into.has(value))
      into.set(value, `\${steps.${stepId}.${formatPath(path)}}`);
  };
  walk(body, [], '');
}

/** Variables with ids an earlier answer produced replaced by references to it, so joins survive replay. */
function linkVariables(value: unknown, sources: IdSources): unknown {
  if (typeof value === 'string') return sources.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => linkVariables(v, sources));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, linkVariables(v, sources)]),
    );
  return value;
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
    if (!r.request.body) skipped.push({ seq: r.seq, reason: 'the request was not a GraphQL request' });
    else if (!r.response || r.response.body === undefined)
      skipped.push({ seq: r.seq, reason: 'no JSON answer was recorded' });
    else byRevision.set(r.revision, [...(byRevision.get(r.revision) ?? []), r]);
  }
  const base = slug(name) || 'recording';
  const scenarios: Scenario[] = [];
  for (const [revision, list] of byRevision) {
    const sources: IdSources = new Map();
    const steps: Step[] = [];
    let mutates = false;
    for (const r of list) {
      const body = r.request.body;
      if (!body) continue;
      let operation;
      try {
        operation = getOperationAST(parse(body.query), body.operationName);
      } catch {
        skipped.push({ seq: r.seq, reason: 'the recorded document does not parse' });
        continue;
      }
      if (!operation) {
        skipped.push({ seq: r.seq, reason: 'the recorded document names no single operation' });
        continue;
      }
      mutates ||= operation.operation === 'mutation';
      const id = `s${r.seq}-${slug(r.operation) || 'op'}`.replace(/-+$/, '');
      const answer = r.response?.body;
      const error = errorExpectation(answer);
      steps.push({
        id,
        title: `recorded exchange ${r.seq} (${r.operation})`,
        document: body.query,
        ...(body.operationName ? { operationName: body.operationName } : {}),
        ...(body.variables
          ? { variables: linkVariables(body.variables, sources) as Record<string, unknown> }
          : {}),
        expect: error ? [error] : expectationsOf(answer),
      });
      collectIds(answer, id, sources);
    }
    if (steps.length === 0) continue;
    const suffix = byRevision.size > 1 ? `-${revision.replace(/\./g, '-')}` : '';
    scenarios.push({
      id: `recorded.${base}${suffix}`,
      title: `Recorded traffic ${name} (${revision})`,
      description: `Made by rm-harness record to-scenarios from ${list.length} recorded exchange(s); volatile values (ids, dates, totals, personal data) are checked by type only.`,
      revisions: [revision],
      tags: mutates ? ['recorded', 'mutates'] : ['recorded'],
      spec: [],
      assumptions: [],
      steps,
    });
  }
  return { scenarios, skipped };
}
