import type { PageFinding } from '../assert/pages.js';

/**
 * A finding of a rule on an answer's own values (a value that contradicts another of the same answer),
 * with the clauses and assumptions it rests on.
 */
export function ruleFinding(
  path: string,
  id: string,
  expected: unknown,
  actual: unknown,
  message: string,
  basis: readonly string[],
): PageFinding {
  return { basis, finding: { expectationId: id, path, kind: 'value-mismatch', expected, actual, message } };
}
