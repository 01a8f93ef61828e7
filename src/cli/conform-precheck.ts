import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import {
  checkTarget,
  listYamlFiles,
  selectScenarios,
  type Selectable,
  type TargetSpec,
} from '../conformance/preflight.js';
import { CliUsageError } from './context.js';
import type { ConformArgs } from './resolve-conform.js';

// conform's usage errors, found before the runner (the contract, graphql, ajv, the simulator) is loaded,
// so a mistyped flag is answered at once rather than after seconds of loading (issue 32 item 9). Only the
// light modules are imported here, directly rather than through a barrel that would load the rest.

/** The target specs of a `conform` run: the primary and, with `--compare`, the second. */
export function targetSpecs(args: ConformArgs): { target: TargetSpec; compare?: TargetSpec } {
  const spec = (target: string, token: string | undefined, limitedToken: string | undefined): TargetSpec => ({
    target,
    token,
    ...(limitedToken !== undefined ? { limitedToken } : {}),
    headers: args.header,
    region: args.region,
  });
  return {
    target: spec(args.target, args.token, args.limitedToken),
    ...(args.compare !== undefined
      ? {
          compare: spec(
            args.compare,
            args.compareToken ?? args.token,
            args.compareLimitedToken ?? args.limitedToken,
          ),
        }
      : {}),
  };
}

/**
 * A scenario file's top-level `id` and `tags`, parsed from those keys' lines alone: parsing whole files
 * (half a megabyte of YAML) would take longer than the loading this check saves. A top-level key starts
 * at column 0; a block list may continue at column 0 with `-`.
 */
function idAndTags(text: string): Selectable['scenario'] | undefined {
  const kept: string[] = [];
  let inside = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^[^\s#-]/.test(line)) inside = /^(id|tags)\s*:/.test(line);
    if (inside) kept.push(line);
  }
  const data: unknown = parse(kept.join('\n'));
  if (typeof data !== 'object' || data === null) return undefined;
  const { id, tags } = data as { id?: unknown; tags?: unknown };
  if (typeof id !== 'string' || !Array.isArray(tags) || !tags.every((t) => typeof t === 'string'))
    return undefined;
  return { id, tags: tags as string[] };
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
      const scenario = idAndTags(readFileSync(full, 'utf8'));
      if (!scenario) return undefined;
      out.push({ scenario, file: path.relative(base, full).split(path.sep).join('/') });
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
export function precheckConform(args: ConformArgs): void {
  const { target, compare } = targetSpecs(args);
  for (const spec of compare ? [target, compare] : [target]) {
    const checked = checkTarget(spec, args.version);
    if (!checked.ok) throw new CliUsageError(checked.error, 'conform');
  }
  if (args.scenario.length === 0 && args.tag.length === 0) return;
  const all = scenarioIndex(path.resolve(args.scenariosDir));
  if (all && selectScenarios(all, { globs: args.scenario, tags: args.tag }).length === 0)
    throw new CliUsageError('no scenario matches --scenario/--tag', 'conform');
}
