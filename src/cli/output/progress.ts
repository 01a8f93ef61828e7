import cliProgress from 'cli-progress';
import type { CliStream } from '../context.js';
import type { Colors } from './style.js';

/** A progress bar over a known number of steps. */
export interface Progress {
  /** Moves the bar to `done` steps and shows `label` as the current item. */
  update(done: number, label: string): void;
  /** Takes the bar off the terminal (and shows the cursor again); safe to call twice. */
  stop(): void;
}

/** What a disabled bar does: nothing. */
const NO_PROGRESS: Progress = { update: () => {}, stop: () => {} };

/** How a bar looks and whether it shows at all. */
export interface ProgressOptions {
  /** Off for --quiet; the bar also stays off when `stream` is not a terminal. */
  enabled: boolean;
  /** Words before the bar, e.g. `seeding`. */
  title: string;
  colors: Colors;
}

/**
 * A cli-progress bar on `stream` (the CLI passes stderr, so stdout stays clean for pipes), only when
 * `stream` is a terminal: a log file or a CI console gets no redraw escapes. Cleared when it stops, so
 * the summary that follows stands alone.
 */
export function startProgress(stream: CliStream, total: number, options: ProgressOptions): Progress {
  if (!options.enabled || stream.isTTY !== true || total <= 0) return NO_PROGRESS;
  const c = options.colors;
  const bar = new cliProgress.SingleBar({
    // cli-progress only writes to the stream and reads isTTY and columns, which CliStream has.
    stream: stream as unknown as NodeJS.WritableStream,
    format: `${c.bold(options.title)} ${c.cyan('{bar}')} {value}/{total} ${c.dim('{label}')}`,
    barCompleteChar: '█',
    barIncompleteChar: '░',
    barsize: 24,
    hideCursor: true,
    clearOnComplete: true,
    // Restores the cursor when the user interrupts a long run.
    gracefulExit: true,
    // Line wrapping off while drawing: a wrapped line could not be redrawn in place.
    linewrap: false,
  });
  bar.start(total, 0, { label: '' });
  let stopped = false;
  return {
    update: (done, label) => {
      if (!stopped) bar.update(done, { label });
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      bar.stop();
    },
  };
}
