import picocolors from 'picocolors';
import type { CliIo, CliStream } from '../context.js';

/** picocolors' formatters (bold, red, green …). */
export type Colors = ReturnType<typeof picocolors.createColors>;

type Env = CliIo['env'];

/** FORCE_COLOR as supports-color reads it: set and not "0"/"false" forces colour on. */
function forced(env: Env): boolean {
  const value = env?.['FORCE_COLOR'];
  return value !== undefined && value !== '0' && value.toLowerCase() !== 'false';
}

/**
 * Whether to colour what goes to `stream`: never with NO_COLOR (no-color.org: any non-empty value),
 * always with FORCE_COLOR, otherwise only on a terminal that is not TERM=dumb. NO_COLOR wins over
 * FORCE_COLOR as in picocolors. picocolors' own detection looks at fd 1, not at the stream we write.
 */
export function colorEnabled(stream: Pick<CliStream, 'isTTY'>, env: Env): boolean {
  if ((env?.['NO_COLOR'] ?? '') !== '') return false;
  if (forced(env)) return true;
  return stream.isTTY === true && env?.['TERM'] !== 'dumb';
}

/** picocolors formatters for `stream`: identity functions when colour is off. */
export function colorsFor(stream: Pick<CliStream, 'isTTY'>, env: Env): Colors {
  return picocolors.createColors(colorEnabled(stream, env));
}
