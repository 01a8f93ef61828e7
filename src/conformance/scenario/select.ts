import type { LoadedScenario } from './types.js';

// Not compare/structural.ts's pathPattern: files part at `/` and know `?`; JSON paths part at `.` and `[`.
/** A glob over scenario ids and files: `*` stays within a path segment, `**` crosses them. */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob[i] ?? '';
    if (glob.startsWith('**', i)) {
      re += '.*';
      i += 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** Which scenarios to run: any of the globs (id or file, extension optional) and any of the tags. */
export interface ScenarioFilter {
  globs: string[];
  tags: string[];
}

/** What selecting looks at: a loaded scenario, or the id and tags `conform` reads before loading. */
export type Selectable = Pick<LoadedScenario, 'file'> & {
  scenario: Pick<LoadedScenario['scenario'], 'id' | 'tags'>;
};

/** Scenarios matching the filter; empty filters select everything. */
export function selectScenarios<T extends Selectable>(all: readonly T[], filter: ScenarioFilter): T[] {
  const patterns = filter.globs.map(globToRegExp);
  return all.filter(({ scenario, file }) => {
    const names = [scenario.id, file, file.replace(/\.ya?ml$/, '')];
    const byGlob = patterns.length === 0 || patterns.some((p) => names.some((n) => p.test(n)));
    const byTag =
      filter.tags.length === 0 ||
      filter.tags.some((t) => scenario.tags.includes(t) || scenario.id.split('.')[0] === t);
    return byGlob && byTag;
  });
}
