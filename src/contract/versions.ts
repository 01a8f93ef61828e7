import { fileURLToPath } from 'node:url';

/** The contract revisions the harness knows, current first. */
export const VERSIONS = ['1.4.0', '1.2.0'] as const;

/** One known contract revision. */
export type Version = (typeof VERSIONS)[number];

/** The current (newest) revision; also what the unversioned endpoint serves. */
export const CURRENT_VERSION: Version = '1.4.0';

/** Whether `s` names a known revision. */
export function isVersion(s: unknown): s is Version {
  return typeof s === 'string' && (VERSIONS as readonly string[]).includes(s);
}

const VERSION_PATTERN = /^\d+(\.\d+)*$/;

/** Compares dotted numeric versions ("1.10.0" > "1.9.0"): negative, zero or positive like a sort comparator. */
export function compareVersions(a: string, b: string): number {
  for (const v of [a, b]) {
    if (!VERSION_PATTERN.test(v)) throw new Error(`not a dotted numeric version: ${JSON.stringify(v)}`);
  }
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  // Missing trailing parts count as 0 so "1.4" equals "1.4.0".
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** Human list of the known versions, e.g. "1.4.0 or 1.2.0", for error messages. */
export function describeVersions(): string {
  const all: readonly string[] = VERSIONS;
  return all.length === 1 ? all.join('') : `${all.slice(0, -1).join(', ')} or ${all[all.length - 1]}`;
}

/** The `contracts/` folder, resolved from this module's location so it works from any cwd. */
export const CONTRACTS_DIR_URL = new URL('../../contracts/', import.meta.url);

/** Filesystem path of the `contracts/` folder (with a trailing separator). */
export const CONTRACTS_DIR = fileURLToPath(CONTRACTS_DIR_URL);
