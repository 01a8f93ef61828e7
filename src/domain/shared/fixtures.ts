import { readFileSync } from 'node:fs';

/**
 * A JSON file of the package's `fixtures/` folder (the seeders' static inputs), parsed. The tables live
 * there rather than in code: they are data, and as code their rows (name, description, flag, …) read as
 * the same lines over and over.
 */
export function readFixture<T>(path: string): T {
  return JSON.parse(readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url), 'utf8')) as T;
}
