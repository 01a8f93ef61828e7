/** Structural equality of JSON values (key order ignored). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  const ak = Object.keys(a as object);
  const bk = Object.keys(b as object);
  return (
    ak.length === bk.length &&
    ak.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** Whether `actual` has every key of `pattern` with a matching value (arrays and scalars must be equal). */
export function matchesSubset(actual: unknown, pattern: unknown): boolean {
  if (pattern !== null && typeof pattern === 'object' && !Array.isArray(pattern)) {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    return Object.entries(pattern).every(([k, v]) =>
      matchesSubset((actual as Record<string, unknown>)[k], v),
    );
  }
  return deepEqual(actual, pattern);
}

/** JSON type name of a value; integers are `integer`. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}
