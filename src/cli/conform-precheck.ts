import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import {
  checkTarget,
  listYamlFiles,
  selectScenarios,
  type ConformSettings,
  type Selectable,
} from '../conformance/preflight.js';
import { CliUsageError } from './context.js';

// conform's usage errors, found before the runner (the contract, graphql, ajv, the simulator) is loaded,
// so a mistyped flag is answered at once rather than after seconds of loading (issue 32 item 9). Only the
// light modules are imported here, directly rather than through a barrel that would load the rest.

/**
 * A scenario file's top-level `id` and `tags` (and its copies' ids, `alsoInRegions`), parsed from those keys' lines alone: parsing whole files
 * (half a megabyte of YAML) would take longer than the loading this check saves. A top-level key starts
 * at column 0; a block list may continue at column 0 with `-`.
 */
function idAndTags(text: string): Selectable['scenario'][] | undefined {
  const kept: string[] = [];
  let inside = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^[^\s#-]/.test(line)) inside = /^(id|tags|alsoInRegions)\s*:/.test(line);
    if (inside) kept.push(line);
  }
  const data: unknown = parse(kept.join('\n'));
  if (typeof data !== 'object' || data === null) return undefined;
  const { id, tags, alsoInRegions } = data as { id?: unknown; tags?: unknown; alsoInRegions?: unknown };
  if (typeof id !== 'string' || !Array.isArray(tags) || !tags.every((t) => typeof t === 'string'))
    return undefined;
  // The loader runs a scenario again in each region it names, as <id>@<region> (inRegions).
  const regions = Array.isArray(alsoInRegions) ? alsoInRegions.map(String) : [];
  return [id, ...regions.map((r) => `${id}@${r}`)].map((each) => ({ id: each, tags: tags as string[] }));
}

/**
 * The id, tags and file of each scenario below `dir`, read without the schema; undefined when a file
 * cannot be read this way (the full loader then reports it as it should).
 */
export function scenarioIndex(dir: string): Selectable[] | undefined {
  try {
    const isDir = statSync(dir).isDirectory();
    const base = isDir ? dir : path.dirname(dir);
    const out: Selectable[] = [];
    for (const full of isDir ? listYamlFiles(dir) : [dir]) {
      const scenarios = idAndTags(readFileSync(full, 'utf8'));
      if (!scenarios) return undefined;
      const file = path.relative(base, full).split(path.sep).join('/');
      out.push(...scenarios.map((scenario) => ({ scenario, file })));
    }
    return out;
  } catch {
    return undefined;
  }
}

/**
 * Throws the usage error (exit 2, with the `conform --help` hint) of arguments that cannot run: a target
 * that is no URL, names no revision for several revisions or lacks a token; a bad `--header`; a
 * `--scenario`/`--tag` filter that matches no scenario.
 */
export function precheckConform(
  settings: Pick<
    ConformSettings,
    'target' | 'compare' | 'revisions' | 'scenariosDir' | 'scenarioGlobs' | 'tags'
  >,
): void {
  const { target, compare } = settings;
  for (const spec of compare ? [target, compare] : [target]) {
    const checked = checkTarget(spec, settings.revisions);
    if (!checked.ok) throw new CliUsageError(checked.error, 'conform');
  }
  if (settings.scenarioGlobs.length === 0 && settings.tags.length === 0) return;
  const all = scenarioIndex(path.resolve(settings.scenariosDir));
  if (all && selectScenarios(all, { globs: settings.scenarioGlobs, tags: settings.tags }).length === 0)
    throw new CliUsageError('no scenario matches --scenario/--tag', 'conform');
}
