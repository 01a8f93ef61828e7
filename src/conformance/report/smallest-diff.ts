import { deepEqual } from '../assert/deep.js';
import { brief } from './text.js';

/** Names shown of a list of ids before "… (n more)". */
const MAX_IDS = 5;
/** Leaf paths shown of two differing objects. */
const MAX_PATHS = 3;
/** Characters of context either side of a differing span of two strings. */
const CONTEXT = 10;

function idList(ids: readonly string[]): string {
  const shown = ids.slice(0, MAX_IDS).join(', ');
  return ids.length > MAX_IDS ? `${shown}, … (${ids.length - MAX_IDS} more)` : shown;
}

/** A list item's identity: its `id` when it has one, else its JSON. */
function keyOf(item: unknown): string {
  if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
    const id = (item as Record<string, unknown>).id;
    if (typeof id === 'string' || typeof id === 'number') return String(id);
  }
  return typeof item === 'string' ? item : (JSON.stringify(item) ?? 'undefined');
}

/** The longest common subsequence of two key lists, as a set of keys (keys are distinct). */
function inOrder(a: readonly string[], b: readonly string[]): Set<string> {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1)
    for (let j = b.length - 1; j >= 0; j -= 1) {
      const row = table[i] as number[];
      row[j] =
        a[i] === b[j]
          ? ((table[i + 1] as number[])[j + 1] ?? 0) + 1
          : Math.max((table[i + 1] as number[])[j] ?? 0, row[j + 1] ?? 0);
    }
  const kept = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      kept.add(a[i] as string);
      i += 1;
      j += 1;
    } else if (((table[i + 1] as number[])[j] ?? 0) >= ((table[i] as number[])[j + 1] ?? 0)) i += 1;
    else j += 1;
  }
  return kept;
}

function listDiff(expected: readonly unknown[], actual: readonly unknown[], max: number): string | undefined {
  const ek = expected.map(keyOf);
  const ak = actual.map(keyOf);
  // Repeated keys cannot say which copy went where: then the first differing position is the diff.
  if (new Set(ek).size !== ek.length || new Set(ak).size !== ak.length) return undefined;
  const inActual = new Set(ak);
  const inExpected = new Set(ek);
  const missing = ek.filter((k) => !inActual.has(k));
  const extra = ak.filter((k) => !inExpected.has(k));
  const common = ek.filter((k) => inActual.has(k));
  const kept = inOrder(
    common,
    ak.filter((k) => inExpected.has(k)),
  );
  const moved = common.filter((k) => !kept.has(k));
  const parts = [
    ...(missing.length > 0 ? [`${missing.length} missing: ${idList(missing)}`] : []),
    ...(extra.length > 0 ? [`${extra.length} extra: ${idList(extra)}`] : []),
    ...(moved.length > 0 ? [`moved: ${idList(moved)}`] : []),
  ];
  const head = `lists differ (${expected.length} vs ${actual.length} items)`;
  if (parts.length > 0) return `${head}: ${parts.join('; ')}`;
  // Same items in the same order: one of them differs inside.
  const i = expected.findIndex((item, n) => !deepEqual(item, actual[n]));
  if (i < 0) return undefined;
  return `item ${i} (${ek[i] ?? ''}) differs: ${smallestDiff(expected[i], actual[i], max)}`;
}

function stringDiff(expected: string, actual: string, max: number): string {
  let start = 0;
  while (start < expected.length && start < actual.length && expected[start] === actual[start]) start += 1;
  let end = 0;
  while (
    end < expected.length - start &&
    end < actual.length - start &&
    expected[expected.length - 1 - end] === actual[actual.length - 1 - end]
  )
    end += 1;
  // Whole words read better than a span that starts or ends inside one.
  while (start > 0 && !/\s/.test(expected[start - 1] ?? ' ')) start -= 1;
  while (end > 0 && !/\s/.test(expected[expected.length - end] ?? ' ')) end -= 1;
  const show = (s: string): string => {
    const span = s.slice(start, s.length - end);
    const cut = span.length > max ? `${span.slice(0, max - 1)}…` : span;
    const before = s.slice(Math.max(0, start - CONTEXT), start);
    const after = s.slice(s.length - end, s.length - end + CONTEXT);
    return `"${start > CONTEXT ? '…' : ''}${before}[${cut}]${after}${end > CONTEXT ? '…' : ''}"`;
  };
  return `strings differ at character ${start}: expected ${show(expected)}, got ${show(actual)}`;
}

function leafDiffs(a: unknown, b: unknown, at: string, out: string[], max: number): void {
  if (out.length > MAX_PATHS || deepEqual(a, b)) return;
  const isObject = (v: unknown): v is Record<string, unknown> =>
    v !== null && typeof v === 'object' && !Array.isArray(v);
  if (isObject(a) && isObject(b)) {
    for (const k of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort())
      leafDiffs(a[k], b[k], at ? `${at}.${k}` : k, out, max);
    return;
  }
  out.push(`${at || '(value)'}: ${smallestDiff(a, b, max)}`);
}

/**
 * The smallest readable account of how `actual` differs from `expected`: both values when they are
 * short, else for lists the ids missing, extra or moved (or the first item that differs), for strings
 * the differing span with a little context, for objects the paths that differ.
 */
export function smallestDiff(expected: unknown, actual: unknown, max: number): string {
  const e = brief(expected, Number.MAX_SAFE_INTEGER);
  const a = brief(actual, Number.MAX_SAFE_INTEGER);
  const plain = `expected ${brief(expected, max)}, got ${brief(actual, max)}`;
  if (e.length <= max && a.length <= max) return plain;
  if (Array.isArray(expected) && Array.isArray(actual)) return listDiff(expected, actual, max) ?? plain;
  if (typeof expected === 'string' && typeof actual === 'string') return stringDiff(expected, actual, max);
  const objects = [expected, actual].every((v) => v !== null && typeof v === 'object' && !Array.isArray(v));
  if (objects) {
    const out: string[] = [];
    leafDiffs(expected, actual, '', out, max);
    const more = out.length > MAX_PATHS ? `; … (more paths differ)` : '';
    return `objects differ at ${out.slice(0, MAX_PATHS).join('; ')}${more}`;
  }
  return plain;
}

/**
 * What a report's "actual" cell shows: the value when both values fit in `max` characters, else the
 * smallest diff (a cut prefix of each could look the same).
 */
export function actualText(expected: unknown, actual: unknown, max: number): string {
  const fits = (v: unknown): boolean => brief(v, Number.MAX_SAFE_INTEGER).length <= max;
  return fits(expected) && fits(actual) ? brief(actual, max) : smallestDiff(expected, actual, max);
}
