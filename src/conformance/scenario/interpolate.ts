import { getAtPath } from './json-path.js';

/** What `${…}` references resolve against while one scenario runs on one revision. */
export interface InterpolationContext {
  /** Response bodies of the steps run so far, by step id. */
  steps: Record<string, unknown>;
  captures: Record<string, unknown>;
  runId: string;
  /** Fresh unique value per `${random.uuid}`. */
  uuid: () => string;
}

/** An interpolated value, or the reference that could not be resolved. */
export type Interpolated = { ok: true; value: unknown } | { ok: false; error: string };

const WHOLE = /^\$\{([^}]+)\}$/;
const ANY = /\$\{([^}]+)\}/g;

/** Every `${…}` expression inside a value (strings at any depth). */
export function referencesIn(value: unknown): string[] {
  if (typeof value === 'string') return [...value.matchAll(ANY)].map((m) => (m[1] ?? '').trim());
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(referencesIn);
  return [];
}

/** `<reference> + 1`, `<reference> - 2`: a number an earlier step answered, shifted by a constant. */
const OFFSET = /^(.*\S)\s*([+-])\s*(\d+)$/;
/** `<reference>[5:10]`: items 5 to 9 of a list an earlier step answered (characters 5 to 9 of a text). */
const SLICE = /^(.*\S)\[(\d+):(\d+)\]$/;

/**
 * `upper(<reference>)`, `lower(<reference>)`: a text an earlier step answered in other letter case, so a
 * scenario can hold a filter that ignores case to finding an item by its own text written otherwise.
 * `text(<reference>)`: a number (or a text) an earlier step answered, as a text, for a filter whose value
 * is a String (`minimumStrengthLevel`).
 */
const CASED = /^(upper|lower|text)\((.+)\)$/;

/**
 * Resolves one `${…}` expression; `${steps.count.data.lists.totalModels + 1}` is a numeric reference
 * plus or minus a whole number and `${steps.all.data.all.models[0:5]}` part of a list, so an expectation
 * can state a relation between steps (count before + 1, a page is a slice of the whole, the day of an
 * instant) instead of a
 * value one target happened to answer.
 */
function resolve(expr: string, ctx: InterpolationContext): Interpolated {
  const cased = CASED.exec(expr.trim());
  if (cased) {
    const inner = resolve(cased[2] ?? '', ctx);
    if (!inner.ok) return inner;
    if (cased[1] === 'text' && typeof inner.value === 'number')
      return { ok: true, value: String(inner.value) };
    if (typeof inner.value !== 'string')
      return { ok: false, error: `\${${expr.trim()}}: ${cased[2] ?? ''} is not a text` };
    if (cased[1] === 'text') return inner;
    return { ok: true, value: cased[1] === 'upper' ? inner.value.toUpperCase() : inner.value.toLowerCase() };
  }
  const slice = SLICE.exec(expr.trim());
  if (slice) {
    const base = resolveReference(slice[1] ?? '', ctx);
    if (!base.ok) return base;
    // A text slices too: the calendar day of an instant (`${captures.at[0:10]}`) is a filter value.
    if (typeof base.value === 'string')
      return { ok: true, value: base.value.slice(Number(slice[2]), Number(slice[3])) };
    if (!Array.isArray(base.value))
      return { ok: false, error: `\${${expr.trim()}}: ${slice[1] ?? ''} is not a list or a text` };
    return { ok: true, value: base.value.slice(Number(slice[2]), Number(slice[3])) };
  }
  const offset = OFFSET.exec(expr.trim());
  if (offset && !/^random\.|^run\./.test(offset[1] ?? '')) {
    const base = resolveReference(offset[1] ?? '', ctx);
    if (!base.ok) return base;
    if (typeof base.value !== 'number')
      return { ok: false, error: `\${${expr.trim()}}: ${offset[1] ?? ''} is not a number` };
    const n = Number(offset[3]);
    return { ok: true, value: offset[2] === '+' ? base.value + n : base.value - n };
  }
  return resolveReference(expr, ctx);
}

function resolveReference(expr: string, ctx: InterpolationContext): Interpolated {
  const e = expr.trim();
  if (e === 'random.uuid') return { ok: true, value: ctx.uuid() };
  if (e === 'run.id') return { ok: true, value: ctx.runId };
  if (e.startsWith('steps.')) {
    const rest = e.slice('steps.'.length);
    const dot = rest.indexOf('.');
    const stepId = dot === -1 ? rest : rest.slice(0, dot);
    if (!(stepId in ctx.steps)) return { ok: false, error: `\${${e}}: step "${stepId}" has no response` };
    const found =
      dot === -1
        ? { found: true, value: ctx.steps[stepId] }
        : getAtPath(ctx.steps[stepId], rest.slice(dot + 1));
    return found.found && found.value !== undefined
      ? { ok: true, value: found.value }
      : { ok: false, error: `\${${e}}: nothing at that path of step "${stepId}"'s response` };
  }
  const name = e.startsWith('captures.') ? e.slice('captures.'.length) : e;
  if (name in ctx.captures && ctx.captures[name] !== undefined)
    return { ok: true, value: ctx.captures[name] };
  // `${captures.score.strength}`: a path into a captured object.
  const split = /^([A-Za-z_][A-Za-z0-9_]*)[.[](.*)$/.exec(name);
  const base = split?.[1];
  if (split && base !== undefined && ctx.captures[base] !== undefined) {
    const rest = name.slice(base.length).replace(/^\./, '');
    const found = getAtPath(ctx.captures[base], rest);
    if (found.found && found.value !== undefined) return { ok: true, value: found.value };
    return { ok: false, error: `\${${e}}: nothing at that path of capture "${base}"` };
  }
  return { ok: false, error: `\${${e}}: no such capture` };
}

/**
 * Replaces `${…}` references in a value. A string that is exactly one reference takes the referenced
 * value with its type (so an Int stays an Int); references inside longer strings are stringified.
 */
export function interpolate(value: unknown, ctx: InterpolationContext): Interpolated {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) return resolve(whole[1] ?? '', ctx);
    let error: string | undefined;
    const out = value.replace(ANY, (_m, expr: string) => {
      const r = resolve(expr, ctx);
      if (!r.ok) {
        error ??= r.error;
        return '';
      }
      return typeof r.value === 'string' ? r.value : JSON.stringify(r.value);
    });
    return error === undefined ? { ok: true, value: out } : { ok: false, error };
  }
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) {
      const r = interpolate(item, ctx);
      if (!r.ok) return r;
      out.push(r.value);
    }
    return { ok: true, value: out };
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const r = interpolate(v, ctx);
      if (!r.ok) return r;
      out[k] = r.value;
    }
    return { ok: true, value: out };
  }
  return { ok: true, value };
}
