import path from 'node:path';
import { CONFIG_FILE_NAME } from '../config/load.js';
import { DEFAULT_TENANTS, type Simulator, type TenantConfig } from '../simulator/index.js';
import type { RunningMock } from '../mock/server.js';
import type { FaultConfig } from '../server/index.js';
import { CliError, type CliIo } from './context.js';
import { watchFiles, type FileWatch } from './file-watch.js';
import { resolveServeFlags, type ServeFlags } from './resolve-serve.js';
import { resolveStoreArgs } from './simulator-options.js';

/** What a reload changed, by tenant id. */
export interface TenantChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

const SWITCHES = ['name', 'fullCloud', 'languageSpecificInformation', 'auditFeature'] as const;

/**
 * Makes the simulator's tenants those of `next`, keeping every store: a new tenant is added, a changed
 * one takes its new name and switches from its next request, a removed one stops answering. A tenant
 * whose token changed is removed and added again (same id, so same stores).
 */
export function applyTenants(simulator: Simulator, next: readonly TenantConfig[]): TenantChanges {
  const changes: TenantChanges = { added: [], changed: [], removed: [] };
  const wanted = new Map(next.map((tenant) => [tenant.id, tenant]));
  /** Tenants removed only to be added again with a new token: a change to the user, not an addition. */
  const retokened = new Set<string>();
  // Removals first, so a token that moved to another tenant is free again.
  for (const tenant of simulator.listTenants()) {
    const target = wanted.get(tenant.id);
    if (!target || target.token !== tenant.token) {
      simulator.removeTenant(tenant.id);
      if (target) retokened.add(tenant.id);
      else changes.removed.push(tenant.id);
    }
  }
  for (const target of next) {
    const current = simulator.tenant(target.id);
    if (!current) {
      simulator.addTenant(target);
      (retokened.has(target.id) ? changes.changed : changes.added).push(target.id);
    } else if (SWITCHES.some((key) => current[key] !== target[key])) {
      const { id: _id, token: _token, ...patch } = target;
      simulator.updateTenant(target.id, patch);
      changes.changed.push(target.id);
    }
  }
  return changes;
}

/** The files whose change reloads the tenants: the config file (unless `--no-config`) and the tenants file. */
export function reloadedFiles(flags: ServeFlags, cwd = process.cwd()): string[] {
  const files: string[] = [];
  if (flags.config !== false) files.push(path.resolve(cwd, flags.config ?? CONFIG_FILE_NAME));
  try {
    const { tenants } = resolveServeFlags(flags);
    if (tenants !== undefined) files.push(path.resolve(cwd, tenants));
  } catch {
    // An unreadable config file names no tenants file; it is still watched, to see it fixed.
  }
  return files;
}

/**
 * Reads the tenants again, as `serve` did at start (flags, config file, tenants file, defaults), and
 * applies them. A file that cannot be used changes nothing: its one-line reason is returned instead.
 */
export function reloadTenants(simulator: Simulator, flags: ServeFlags): TenantChanges | string {
  try {
    const { tenants } = resolveStoreArgs(resolveServeFlags(flags));
    return applyTenants(simulator, tenants ?? DEFAULT_TENANTS);
  } catch (error) {
    if (error instanceof CliError) return error.message;
    throw error;
  }
}

/** One line of a message that may hold several (a JSON parser's excerpt). */
const oneLine = (message: string) => message.replace(/\s*\n\s*/g, ' ');

/** What `serve --watch` reloads besides the tenants: the config file's faults, through the running server. */
export interface FaultTarget {
  setFaults(config: FaultConfig): string | undefined;
}

/**
 * The config file's `serve.faults` as they are now, or why they cannot be read. Absent faults are
 * none, so deleting them from the file turns them off.
 */
function fileFaults(flags: ServeFlags): FaultConfig | string {
  try {
    return resolveServeFlags(flags).faults ?? { rules: [] };
  } catch (error) {
    if (error instanceof CliError) return error.message;
    throw error;
  }
}

/**
 * `serve --watch`: reloads the tenants whenever the config file or the tenants file changes, and the
 * config file's faults when they differ from those last read from it (faults set since through the
 * admin API stay until the file's faults change); says what changed (stdout) or why nothing did (stderr).
 */
export function watchTenants(
  flags: ServeFlags,
  simulator: Simulator,
  io: CliIo,
  faults?: FaultTarget,
): FileWatch {
  let files = reloadedFiles(flags);
  const initial = fileFaults(flags);
  let lastFaults = typeof initial === 'string' ? undefined : JSON.stringify(initial);
  const announce = () => io.stdout.write(`Watching ${files.join(', ')} (tenants reload on change)\n`);
  const reloadFaults = () => {
    const next = fileFaults(flags);
    if (!faults || typeof next === 'string' || JSON.stringify(next) === lastFaults) return;
    const problem = faults.setFaults(next);
    if (problem !== undefined) {
      io.stderr.write(`rm-harness: reload failed, the faults are unchanged: ${oneLine(problem)}\n`);
      return;
    }
    lastFaults = JSON.stringify(next);
    io.stdout.write(`Faults reloaded: ${next.rules?.length ?? 0} rule(s)\n`);
  };
  const reload = () => {
    const result = reloadTenants(simulator, flags);
    if (typeof result === 'string') {
      io.stderr.write(`rm-harness: reload failed, the tenants are unchanged: ${oneLine(result)}\n`);
    } else {
      const parts = (['added', 'changed', 'removed'] as const).map(
        (key) => `${key} ${result[key].length ? result[key].join(', ') : '-'}`,
      );
      io.stdout.write(`Tenants reloaded: ${parts.join('; ')}\n`);
      reloadFaults();
    }
    // The config file may now name another tenants file.
    const next = reloadedFiles(flags);
    if (next.join('\n') !== files.join('\n')) {
      files = next;
      watch.close();
      watch = watchFiles(files, reload);
      announce();
    }
  };
  let watch = watchFiles(files, reload);
  announce();
  return { close: () => watch.close() };
}

/**
 * `serve --schema FILE --watch`: reloads the mock when its SDL or its overrides file changes; a broken
 * file keeps the old schema and overrides.
 */
export function watchMockSchema(mock: RunningMock, io: CliIo): FileWatch {
  const files = [mock.schemaFile, ...(mock.overridesFile === undefined ? [] : [mock.overridesFile])];
  const watch = watchFiles(files, () => {
    const problem = mock.reload();
    if (problem) io.stderr.write(`rm-harness: kept the previous schema: ${oneLine(problem.message)}\n`);
    else io.stdout.write(`Schema reloaded from ${files.join(' and ')}\n`);
  });
  io.stdout.write(`Watching ${files.join(' and ')} (the mock reloads on change)\n`);
  return watch;
}
