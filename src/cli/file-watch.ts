import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

/** Quiet time after the last change before `onChange` runs: editors write a file in several steps. */
export const WATCH_DEBOUNCE_MS = 150;

/** Files being watched; `close` stops watching. */
export interface FileWatch {
  close(): void;
}

/**
 * Calls `onChange` once the given files have stopped changing for `debounceMs`. Each file's folder is
 * watched rather than the file, so a save that replaces the file (write to a temporary, rename) and a
 * file created after the start are both seen.
 */
export function watchFiles(
  files: readonly string[],
  onChange: () => void,
  debounceMs = WATCH_DEBOUNCE_MS,
): FileWatch {
  const byDir = new Map<string, Set<string>>();
  for (const file of files) {
    const absolute = path.resolve(file);
    const dir = path.dirname(absolute);
    byDir.set(dir, (byDir.get(dir) ?? new Set()).add(path.basename(absolute)));
  }
  let timer: NodeJS.Timeout | undefined;
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, debounceMs);
  };
  const watchers: FSWatcher[] = [];
  for (const [dir, names] of byDir) {
    const watcher = watch(dir, { persistent: false }, (_event, name) => {
      // Some platforms do not say which file changed; a spurious reload is harmless.
      if (name === null || names.has(path.basename(name.toString()))) changed();
    });
    // A watched folder that disappears ends its watch; the server keeps its last good settings.
    watcher.on('error', () => watcher.close());
    watchers.push(watcher);
  }
  return {
    close: () => {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}
