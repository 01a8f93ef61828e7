/** One step of a JSON path: an object key or an array index. */
export type PathSegment = string | number;

/**
 * `[?where]` or `[?where=value]` in a path: the first item of a list whose `where` holds a value other
 * than null (or whose scalar at `where` reads as `value`), so a scenario finds an item with the
 * property it needs instead of assuming the first item of the tenant's data has it. `[?where!=value]`
 * asks for a value other than that one, and `@other` in place of the value names another field of the
 * same item: `[?ownerName!=@creatorName]` is a list whose owner is not its creator.
 */
export interface FindSegment {
  where: PathStep[];
  /** `[?*…]`: every item that meets it, as a list (the next step reads that list), not the first. */
  all?: true;
  equals?: string;
  /** The value is another field of the same item (`@path`), compared as JSON. */
  sameAs?: PathStep[];
  /** `!=`: the item's value is not the one named (but still not null). */
  negated?: true;
}

/**
 * `[*]` in a path: the rest of the path read in every item of a list, as a list (items without it left
 * out), so `${steps.types.data.activityTypes.models[*].id}` gives a filter every id of a page. A second
 * `[*]` further on flattens into the same list (`models[*].principals[*].leadId`: every principal's id).
 */
export interface EachSegment {
  each: true;
}

/** A parsed path step: a key, an index, a find or every item. */
export type PathStep = PathSegment | FindSegment | EachSegment;

const isFind = (step: PathStep): step is FindSegment => typeof step === 'object' && 'where' in step;
const isEach = (step: PathStep): step is EachSegment => typeof step === 'object' && 'each' in step;

/** The end of the `[…]` opened at `open`, counting nested brackets; -1 when it is never closed. */
function closingBracket(path: string, open: number): number {
  let depth = 0;
  for (let i = open; i < path.length; i += 1) {
    if (path[i] === '[') depth += 1;
    else if (path[i] === ']') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** Splits `data.a.models[3].id` into `['data', 'a', 'models', 3, 'id']`, and `[?x.y]` into a find. */
export function parsePath(path: string): PathStep[] {
  const steps: PathStep[] = [];
  let key = '';
  const flush = (): void => {
    if (key) steps.push(key);
    key = '';
  };
  for (let i = 0; i < path.length; i += 1) {
    const c = path[i] ?? '';
    if (c === '.') {
      flush();
      continue;
    }
    const end = c === '[' ? closingBracket(path, i) : -1;
    const inner = end === -1 ? '' : path.slice(i + 1, end);
    if (/^\d+$/.test(inner)) {
      flush();
      steps.push(Number(inner));
      i = end;
    } else if (inner === '*') {
      flush();
      steps.push({ each: true });
      i = end;
    } else if (inner.startsWith('?') && inner.length > 1) {
      flush();
      const all = inner[1] === '*';
      const body = all ? inner.slice(1) : inner;
      // The value part starts at the first `=` outside brackets of the `where` path.
      let eq = -1;
      for (let j = 1, depth = 0; j < body.length && eq === -1; j += 1) {
        if (body[j] === '[') depth += 1;
        else if (body[j] === ']') depth -= 1;
        else if (body[j] === '=' && depth === 0) eq = j;
      }
      const negated = eq > 1 && body[eq - 1] === '!';
      const where = parsePath(body.slice(1, eq === -1 ? undefined : negated ? eq - 1 : eq));
      const value = body.slice(eq + 1);
      const find: FindSegment =
        eq === -1
          ? { where }
          : value.startsWith('@') && value.length > 1
            ? { where, sameAs: parsePath(value.slice(1)) }
            : { where, equals: value };
      steps.push({ ...find, ...(negated ? { negated: true } : {}), ...(all ? { all: true } : {}) });
      i = end;
    } else key += c;
  }
  flush();
  return steps;
}

/** Joins segments back into the dotted form used in every report. */
export function formatPath(segments: readonly PathSegment[]): string {
  return segments.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

/**
 * Whether a list item meets a find: a value at `where` other than null, and, when one is named, the
 * scalar asked for or the item's other field (neither of them, with `!=`).
 */
function meets(item: unknown, find: FindSegment): boolean {
  const { found, value } = walk(item, find.where);
  if (!found || value === null || value === undefined) return false;
  let same: boolean;
  if (find.sameAs !== undefined) {
    const other = walk(item, find.sameAs);
    same = JSON.stringify(value) === JSON.stringify(other.found ? (other.value ?? null) : null);
  } else if (find.equals !== undefined) {
    same =
      (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') &&
      String(value) === find.equals;
  } else return true;
  return find.negated ? !same : same;
}

function walk(root: unknown, steps: readonly PathStep[]): { found: boolean; value: unknown } {
  let current: unknown = root;
  for (const [k, step] of steps.entries()) {
    if (isEach(step)) {
      if (!Array.isArray(current)) return { found: false, value: undefined };
      const rest = steps.slice(k + 1);
      const nested = rest.some(isEach);
      return {
        found: true,
        value: current.flatMap((item) => {
          const got = walk(item, rest);
          if (!got.found || got.value === undefined) return [];
          return nested && Array.isArray(got.value) ? (got.value as unknown[]) : [got.value];
        }),
      };
    }
    if (isFind(step) && step.all) {
      if (!Array.isArray(current)) return { found: false, value: undefined };
      current = current.filter((it) => meets(it, step));
    } else if (isFind(step)) {
      const item = Array.isArray(current) ? current.find((it) => meets(it, step)) : undefined;
      if (item === undefined) return { found: false, value: undefined };
      current = item;
    } else if (typeof step === 'number') {
      if (!Array.isArray(current) || step >= current.length) return { found: false, value: undefined };
      current = current[step];
    } else {
      if (current === null || typeof current !== 'object' || Array.isArray(current)) {
        return { found: false, value: undefined };
      }
      if (!Object.prototype.hasOwnProperty.call(current, step)) return { found: false, value: undefined };
      current = (current as Record<string, unknown>)[step];
    }
  }
  return { found: true, value: current };
}

/** The value at a path, or `found: false` when a segment is missing or a find meets no item. */
export function getAtPath(
  root: unknown,
  path: string | readonly PathSegment[],
): { found: boolean; value: unknown } {
  return walk(root, typeof path === 'string' ? parsePath(path) : path);
}

/** Whether a path holds a find (`[?…]`): what it reads depends on which item of a list qualifies. */
export function hasFind(path: string): boolean {
  return parsePath(path).some(isFind);
}
