/**
 * The one secrets module: what the journal, the request log, the live stream, the reports and the
 * recordings mask, and how. It sits below every other layer and imports nothing of the project, so
 * each of them can use the same rules (issue "one masker").
 */

export { sameToken, TokenIndex } from './tokens.js';

/** What a masked value reads as. */
export const MASK = '***';

/** What a value nested deeper than {@link MAX_MASK_DEPTH} reads as. */
export const CUT = '…';

/**
 * How deep masking copies a value. Variables may nest thousands of levels deep (the request limits bound
 * documents, not JSON); below this the copy is cut, so masking never exhausts the stack.
 */
export const MAX_MASK_DEPTH = 64;

/** Keys whose values are secrets whatever they hold (password, passphrase, token, apiKey, cookie …). */
const SECRET_KEY =
  /pass(word|wd|phrase)?|token|secret|api[-_]?key|authori[sz]ation|credential|private[-_]?key|cookie/i;

/** Header names that carry credentials, besides any name {@link isSecretKey} already matches. */
const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|x-auth-.*)$/i;

/** Authentication schemes kept in front of a masked header value, so a reader can tell them apart. */
const SCHEME = /^(Bearer|Basic|Token|Digest|Negotiate)\s+/i;

/** Whether a variable, field or JSON key name looks like it holds a secret. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** Whether a header carries credentials (Authorization, Proxy-Authorization, cookies, API keys …). */
export function isSecretHeader(name: string): boolean {
  return SECRET_HEADER.test(name) || SECRET_KEY.test(name);
}

/** Headers with every credential-carrying value masked (the scheme of an Authorization value kept). */
export function maskHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => {
      if (!isSecretHeader(name)) return [name, value];
      const scheme = SCHEME.exec(value)?.[1];
      return [name, scheme ? `${scheme} ${MASK}` : MASK];
    }),
  );
}

/** Every credential value of `headers` (with and without its scheme), for {@link scrubSecrets}. */
export function secretValues(headers: Record<string, string>): string[] {
  return Object.entries(headers)
    .filter(([name]) => isSecretHeader(name))
    .flatMap(([, value]) => [value, value.replace(SCHEME, '')])
    .filter((secret) => secret.length >= 4);
}

/** `text` with every occurrence of each of `secrets` replaced by {@link MASK}, longest first. */
export function scrubSecrets(text: string, secrets: Iterable<string>): string {
  return replacerOf([...secrets])(text);
}

/** A function replacing every occurrence of the secrets in a string, with one regular expression. */
function replacerOf(secrets: readonly string[]): (text: string) => string {
  // Longest first: one token may start with another (dev-token, dev-token-limited).
  const sorted = [...new Set(secrets)].filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
  if (sorted.length === 0) return (text) => text;
  const pattern = new RegExp(sorted.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  return (text) => (text.length === 0 ? text : text.replace(pattern, MASK));
}

/** One replacer per set of known tokens: the set is built once per generation of the tenants. */
const replacers = new WeakMap<ReadonlySet<string>, (text: string) => string>();

/** `text` with every occurrence of a known token replaced by {@link MASK}, wherever it stands. */
export function maskTokensIn(text: string, known: ReadonlySet<string>): string {
  let replace = replacers.get(known);
  if (!replace) {
    replace = replacerOf([...known]);
    replacers.set(known, replace);
  }
  return replace(text);
}

/**
 * A copy of `value` with its secrets masked: values under secret-looking keys ({@link isSecretKey}),
 * bearer credentials, and every known token inside any string (`"key=dev-token"` reads `"key=***"`),
 * at any depth down to {@link MAX_MASK_DEPTH}, below which the copy reads {@link CUT}.
 */
export function maskSecrets(value: unknown, known: ReadonlySet<string>, depth = 0): unknown {
  if (typeof value === 'string') return /^bearer\s+\S/i.test(value) ? MASK : maskTokensIn(value, known);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_MASK_DEPTH) return CUT;
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, known, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      maskTokensIn(key, known),
      isSecretKey(key) && item !== null ? MASK : maskSecrets(item, known, depth + 1),
    ]),
  );
}

/** Control characters (C0, DEL, C1) and the JavaScript line separators. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * `text` with every control character written as an escape (`\n`, `\u001b` …), so a value a client
 * chose cannot start a new log line or drive a terminal. Backslashes are kept as they are: a reader
 * tells an escape from a sent backslash by the JSON line, which escapes both.
 */
export function escapeControl(text: string): string {
  CONTROL.lastIndex = 0;
  if (!CONTROL.test(text)) return text;
  return text.replace(CONTROL, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A client-chosen string as logs show it: known tokens masked, control characters escaped. */
export function safeText(text: string, known: ReadonlySet<string>): string {
  return escapeControl(maskTokensIn(text, known));
}

/**
 * `text` cut to at most `max` characters, with a visible marker saying how much was kept of how much;
 * `text` itself when it fits.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}${cutMarker(max, text.length)}`;
}

/** The marker {@link cutText} appends. */
export function cutMarker(kept: number, total: number): string {
  return `${CUT}[cut: ${kept} of ${total} characters kept]`;
}
