/** One step of a JSON path: an object key or an array index. */
export type PathSegment = string | number;

/** Splits `data.a.models[3].id` into `['data', 'a', 'models', 3, 'id']`. */
export function parsePath(path: string): PathSegment[] {
  const segments: PathSegment[] = [];
  for (const part of path.split('.')) {
    const m = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) {
      segments.push(part);
      continue;
    }
    if (m[1]) segments.push(m[1]);
    for (const idx of (m[2] ?? '').matchAll(/\[(\d+)\]/g)) segments.push(Number(idx[1]));
  }
  return segments;
}

/** Joins segments back into the dotted form used in every report. */
export function formatPath(segments: readonly PathSegment[]): string {
  return segments.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

/** The value at a path, or `found: false` when a segment is missing. */
export function getAtPath(
  root: unknown,
  path: string | readonly PathSegment[],
): { found: boolean; value: unknown } {
  let current: unknown = root;
  for (const segment of typeof path === 'string' ? parsePath(path) : path) {
    if (typeof segment === 'number') {
      if (!Array.isArray(current) || segment >= current.length) return { found: false, value: undefined };
      current = current[segment];
    } else {
      if (current === null || typeof current !== 'object' || Array.isArray(current)) {
        return { found: false, value: undefined };
      }
      if (!Object.prototype.hasOwnProperty.call(current, segment)) return { found: false, value: undefined };
      current = (current as Record<string, unknown>)[segment];
    }
  }
  return { found: true, value: current };
}
