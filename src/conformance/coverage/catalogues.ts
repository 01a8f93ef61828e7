import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { ASSUMPTIONS_FILE, SPEC_RULES_FILE } from '../scenario/paths.js';
import type { CoverageCatalogues } from './coverage.js';

/** The rule ids of a spec-rules file (`rules:` mapping id → text), in file order. */
export function readSpecRules(
  file: string = SPEC_RULES_FILE,
): { ok: true; ids: string[] } | { ok: false; error: string } {
  const read = readText(file, `spec rules ${file}`);
  if (!read.ok) return read;
  const { text } = read;
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    return {
      ok: false,
      error: `spec rules ${file} are not valid YAML: ${(error as Error).message.split('\n')[0] ?? ''}`,
    };
  }
  const rules = (data as { rules?: unknown } | null)?.rules;
  if (rules === null || typeof rules !== 'object' || Array.isArray(rules)) {
    return { ok: false, error: `spec rules ${file} have no "rules:" mapping of id to text` };
  }
  return { ok: true, ids: Object.keys(rules) };
}

/** The assumption ids (`## A-01 …` headings) of contracts/ASSUMPTIONS.md, in file order. */
export function readAssumptionIds(
  file: string = ASSUMPTIONS_FILE,
): { ok: true; ids: string[] } | { ok: false; error: string } {
  const read = readText(file, `assumptions ${file}`);
  if (!read.ok) return read;
  return { ok: true, ids: [...new Set([...read.text.matchAll(/^##\s+(A-\d+)\b/gm)].map((m) => m[1] ?? ''))] };
}

/** A catalogue file's text, or `cannot read <named>: <reason>`. */
function readText(file: string, named: string): { ok: true; text: string } | { ok: false; error: string } {
  try {
    return { ok: true, text: readFileSync(file, 'utf8') };
  } catch (error) {
    return { ok: false, error: `cannot read ${named}: ${(error as Error).message}` };
  }
}

/** Both catalogues of the repository; a missing file is an error the CLI reports as a setup error. */
export function readCatalogues(
  specRulesFile?: string,
  assumptionsFile?: string,
): { ok: true; catalogues: CoverageCatalogues } | { ok: false; error: string } {
  const rules = readSpecRules(specRulesFile);
  if (!rules.ok) return rules;
  const assumptions = readAssumptionIds(assumptionsFile);
  if (!assumptions.ok) return assumptions;
  return { ok: true, catalogues: { specRules: rules.ids, assumptions: assumptions.ids } };
}
