import { readdirSync } from 'node:fs';
import path from 'node:path';
import { SPEC_RULES_FILE_NAME } from './paths.js';

/**
 * Scenario files below `dir`, sorted; the spec rules file at its top is not a scenario. Its own module
 * (no YAML, schema or GraphQL) so `conform` can check its filters before loading the runner.
 */
export function listYamlFiles(dir: string, top = true): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listYamlFiles(full, false));
    else if (/\.ya?ml$/.test(entry.name) && !(top && entry.name === SPEC_RULES_FILE_NAME)) out.push(full);
  }
  return out;
}
