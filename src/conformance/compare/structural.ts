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

/**
 * A page's counts that do not add up: more items than `totalModels`, or (where the page echoes `skip`
 * and `limit`) another number of items than the rest of the total after `skip`, at most `limit`.
 */
function countsBroken(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { totalModels, models, skip, limit } = value as Record<string, unknown>;
  if (typeof totalModels !== 'number' || !Array.isArray(models)) return undefined;
  if (models.length > totalModels) return `${models.length} items of ${totalModels}`;
  if (typeof skip === 'number' && typeof limit === 'number') {
    const expected = Math.min(limit, Math.max(0, totalModels - skip));
    if (models.length !== expected)
      return `${models.length} items, not ${expected} (total ${totalModels}, skip ${skip}, limit ${limit})`;
  }
  return undefined;
}

/** One item standing for a list whose items are other entities on each side: each key's first non-null value. */
function representative(items: readonly unknown[]): unknown {
  const objects = items.filter(
    (i): i is Record<string, unknown> => i !== null && typeof i === 'object' && !Array.isArray(i),
  );
  if (objects.length === 0) return items.find((i) => i !== null);
  const out: Record<string, unknown> = {};
  for (const item of objects)
    for (const [k, v] of Object.entries(item)) if (out[k] === undefined || out[k] === null) out[k] = v;
  return out;
}

/**
 * Structural differences between two JSON values under the rules (first matching rule wins). With
 * `sameData: false` the targets hold different data: values that depend on it are not compared, only
 * what holds on any data (types where both sides have a value, the arithmetic of counts, and the
 * behaviour the value rules name, `__typename` aside, which names the entity found).
 */
export function structuralDiff(
  primary: unknown,
  secondary: unknown,
  rules: CompareRules[],
  sameData = true,
): Pick<StructuralDifference, 'path' | 'kind' | 'primary' | 'secondary'>[] {
  const compiled = rulesOf(...rules);
  const out: Pick<StructuralDifference, 'path' | 'kind' | 'primary' | 'secondary'>[] = [];
  const arithmetic = (a: unknown, b: unknown, at: PathSegment[]): void => {
    const [ba, bb] = [countsBroken(a), countsBroken(b)];
    if ((ba === undefined) !== (bb === undefined))
      out.push({
        path: formatPath(at),
        kind: 'arithmetic-differs',
        primary: ba ?? 'adds up',
        secondary: bb ?? 'adds up',
      });
  };
  const walkShapes = (a: unknown, b: unknown, at: PathSegment[]): void => {
    // Null or absent on one side is the data, not the shape: the contract check judges each side.
    if (a === null || b === null || a === undefined || b === undefined) return;
    const mode = at.length === 0 ? 'type' : modeOf(compiled, at);
    if (mode === 'ignore') return;
    if (mode === 'value') {
      if (at[at.length - 1] !== '__typename' && !deepEqual(a, b))
        out.push({ path: formatPath(at), kind: 'value-differs', primary: a, secondary: b });
      return;
    }
    const ta = jsonTypeOf(a).replace('integer', 'number');
    const tb = jsonTypeOf(b).replace('integer', 'number');
    if (ta !== tb) {
      out.push({ path: formatPath(at), kind: 'type-differs', primary: ta, secondary: tb });
      return;
    }
    arithmetic(a, b, at);
    if (Array.isArray(a) && Array.isArray(b)) {
      walkShapes(representative(a), representative(b), [...at, 0]);
      return;
    }
    if (ta === 'object') {
      const ra = a as Record<string, unknown>;
      const rb = b as Record<string, unknown>;
      for (const k of Object.keys(ra).sort()) if (k in rb) walkShapes(ra[k], rb[k], [...at, k]);
    }
  };
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
    arithmetic(a, b, at);
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
  if (sameData) walk(primary, secondary, []);
  else walkShapes(primary, secondary, []);
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
 * Pairs of list items to compare: by `id` when every item of both lists has a distinct one (so a
 * shifted page compares the same entities, and lists with no id in common compare none), else by
 * position. Items without a partner are not compared: lengths depend on each target's data.
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
    // Lists of entities none of which the other holds: pairing them by position would compare strangers.
    return pairs;
  }
  return Array.from({ length: Math.min(a.length, b.length) }, (_, i): [number, number] => [i, i]);
}

/** Every `id` value at any depth of a JSON value. */
function idsIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) idsIn(v, into);
  else if (value !== null && typeof value === 'object') {
    const id = idOf(value);
    if (id !== undefined) into.add(id);
    for (const v of Object.values(value)) idsIn(v, into);
  }
  return into;
}

/**
 * Whether two runs saw the same data: at least half of the entity ids the one with fewer answered are
 * among the other's. Two targets seeded alike share nearly all; a tenant of other data shares none.
 */
export function holdSameData(
  primary: readonly ScenarioResult[],
  secondary: readonly ScenarioResult[],
): { same: boolean; shared: number; of: number } {
  const ids = (runs: readonly ScenarioResult[]): Set<string> => {
    const into = new Set<string>();
    for (const r of runs) for (const s of r.steps) idsIn(s.response?.body, into);
    return into;
  };
  const [a, b] = [ids(primary), ids(secondary)];
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  const shared = [...small].filter((id) => large.has(id)).length;
  return { same: small.size === 0 || shared * 2 >= small.size, shared, of: small.size };
}

/**
 * Compares the step responses of the same scenarios run against two targets: by value rules where they
 * hold the same data, by shapes, counts' arithmetic and behaviour where they do not.
 */
export function compareRuns(
  scenarios: readonly LoadedScenario[],
  primary: readonly ScenarioResult[],
  secondary: readonly ScenarioResult[],
  sameData = holdSameData(primary, secondary).same,
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
      for (const d of structuralDiff(
        stepA.response.body,
        stepB.response.body,
        [step?.compare ?? {}, scenario.compare ?? {}, DEFAULT_COMPARE_RULES],
        sameData,
      )) {
        out.push({ ...base, ...d });
      }
    }
  }
  return out;
}
