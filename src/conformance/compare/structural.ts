import { jsonTypeOf, deepEqual } from '../assert/deep.js';
import { formatPath, type PathSegment } from '../scenario/json-path.js';
import type { ScenarioResult, StructuralDifference } from '../results/run-result.js';
import type { CompareRules, LoadedScenario } from '../scenario/types.js';

/** How one path is compared: by value, by JSON type only, or not at all. */
export type CompareMode = 'value' | 'type' | 'ignore';

interface Rule {
  pattern: RegExp;
  mode: CompareMode;
}

/**
 * Default rules: names that clients branch on (`__typename`, `propertyName`, error codes) compare by
 * value; everything else, which legitimately varies between targets (ids, dates, generated text,
 * counts of seeded data), compares by JSON type only.
 */
export const DEFAULT_COMPARE_RULES: CompareRules = {
  value: ['**.__typename', '**.propertyName', 'errors[].extensions.code'],
};

// Not scenario/select.ts's globToRegExp: JSON paths part at `.` and `[`, with `**.` and `[*]`; files part at `/`.
/** `data.**.id`, `errors[*].message` → a regex over index-free paths such as `data.a.models[].id`. */
export function pathPattern(glob: string): RegExp {
  const normalized = glob.replace(/\[\*?\d*\]/g, '[]');
  let re = '';
  for (let i = 0; i < normalized.length; i += 1) {
    const c = normalized[i] ?? '';
    if (normalized.startsWith('**.', i)) {
      re += '(?:.*\\.)?';
      i += 2;
    } else if (normalized.startsWith('**', i)) {
      re += '.*';
      i += 1;
    } else if (c === '*') re += '[^.\\[]*';
    else re += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

function rulesOf(...sets: (CompareRules | undefined)[]): Rule[] {
  const out: Rule[] = [];
  for (const set of sets) {
    if (!set) continue;
    for (const mode of ['ignore', 'value', 'type'] as const) {
      for (const glob of set[mode] ?? []) out.push({ pattern: pathPattern(glob), mode });
    }
  }
  return out;
}

function modeOf(rules: readonly Rule[], segments: readonly PathSegment[]): CompareMode {
  const path = formatPath(segments.map((s) => (typeof s === 'number' ? -1 : s))).replace(/\[-1\]/g, '[]');
  return rules.find((r) => r.pattern.test(path))?.mode ?? 'type';
}

/** Structural differences between two JSON values under the rules (first matching rule wins). */
export function structuralDiff(
  primary: unknown,
  secondary: unknown,
  rules: CompareRules[],
): Pick<StructuralDifference, 'path' | 'kind' | 'primary' | 'secondary'>[] {
  const compiled = rulesOf(...rules);
  const out: Pick<StructuralDifference, 'path' | 'kind' | 'primary' | 'secondary'>[] = [];
  const walk = (a: unknown, b: unknown, at: PathSegment[]): void => {
    const mode = at.length === 0 ? 'type' : modeOf(compiled, at);
    if (mode === 'ignore') return;
    const path = formatPath(at);
    if (mode === 'value') {
      if (!deepEqual(a, b)) out.push({ path, kind: 'value-differs', primary: a, secondary: b });
      return;
    }
    const ta = jsonTypeOf(a).replace('integer', 'number');
    const tb = jsonTypeOf(b).replace('integer', 'number');
    if (ta !== tb) {
      out.push({ path, kind: 'type-differs', primary: ta, secondary: tb });
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      // Lengths depend on each target's data; items are paired by id (else by position) and compared.
      for (const [i, j] of alignItems(a, b)) walk(a[i], b[j], [...at, i]);
      return;
    }
    if (ta === 'object') {
      const ra = a as Record<string, unknown>;
      const rb = b as Record<string, unknown>;
      for (const k of [...new Set([...Object.keys(ra), ...Object.keys(rb)])].sort()) {
        const sub = [...at, k];
        if (modeOf(compiled, sub) === 'ignore') continue;
        if (!(k in rb))
          out.push({ path: formatPath(sub), kind: 'only-in-primary', primary: ra[k], secondary: undefined });
        else if (!(k in ra))
          out.push({
            path: formatPath(sub),
            kind: 'only-in-secondary',
            primary: undefined,
            secondary: rb[k],
          });
        else walk(ra[k], rb[k], sub);
      }
    }
  };
  walk(primary, secondary, []);
  return out;
}

/**
 * Where a difference was seen, without list positions or kind: a difference between two identical
 * targets at this place makes every difference there noise.
 */
export function noiseKey(d: StructuralDifference): string {
  return `${d.scenarioId}@${d.revision}/${d.stepId}/${d.path.replace(/\[\d+\]/g, '[]')}`;
}

const idOf = (item: unknown): string | undefined => {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return undefined;
  const id = (item as Record<string, unknown>).id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
};

/**
 * Pairs of list items to compare: by `id` when every item of both lists has a distinct one and the
 * lists share at least one (so a shifted page compares the same entities), else by position. Items
 * without a partner are not compared: lengths depend on each target's data.
 */
export function alignItems(a: readonly unknown[], b: readonly unknown[]): [number, number][] {
  const idsA = a.map(idOf);
  const idsB = b.map(idOf);
  const keyed = (ids: (string | undefined)[]): ids is string[] =>
    ids.every((i) => i !== undefined) && new Set(ids).size === ids.length;
  if (keyed(idsA) && keyed(idsB)) {
    const inB = new Map(idsB.map((id, j) => [id, j]));
    const pairs = idsA.flatMap((id, i): [number, number][] => {
      const j = inB.get(id);
      return j === undefined ? [] : [[i, j]];
    });
    if (pairs.length > 0) return pairs;
  }
  return Array.from({ length: Math.min(a.length, b.length) }, (_, i): [number, number] => [i, i]);
}

/** Compares the step responses of the same scenarios run against two targets. */
export function compareRuns(
  scenarios: readonly LoadedScenario[],
  primary: readonly ScenarioResult[],
  secondary: readonly ScenarioResult[],
): StructuralDifference[] {
  const byKey = new Map(secondary.map((r) => [`${r.scenarioId}@${r.revision}`, r]));
  const defs = new Map(scenarios.map((s) => [s.scenario.id, s.scenario]));
  const out: StructuralDifference[] = [];
  for (const a of primary) {
    const b = byKey.get(`${a.scenarioId}@${a.revision}`);
    const scenario = defs.get(a.scenarioId);
    if (!b || !scenario) continue;
    for (const stepA of a.steps) {
      const stepB = b.steps.find((s) => s.stepId === stepA.stepId);
      if (!stepA.response || !stepB?.response) continue;
      const step = scenario.steps.find((s) => s.id === stepA.stepId);
      const base = { scenarioId: a.scenarioId, revision: a.revision, stepId: stepA.stepId };
      if (stepA.response.status !== stepB.response.status) {
        out.push({
          ...base,
          path: '(http status)',
          kind: 'value-differs',
          primary: stepA.response.status,
          secondary: stepB.response.status,
        });
      }
      for (const d of structuralDiff(stepA.response.body, stepB.response.body, [
        step?.compare ?? {},
        scenario.compare ?? {},
        DEFAULT_COMPARE_RULES,
      ])) {
        out.push({ ...base, ...d });
      }
    }
  }
  return out;
}
