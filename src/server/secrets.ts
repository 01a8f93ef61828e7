/** What a masked value reads as in the journal, the log and the inspector. */
export const MASK = '***';

/** Keys whose values are secrets whatever they hold (password, token, secret, apiKey, authorization …). */
const SECRET_KEY =
  /pass(word|wd|phrase)?|token|secret|api[-_]?key|authori[sz]ation|credential|private[-_]?key/i;

/** Whether a variable or field name looks like it holds a secret. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/**
 * How deep the journal copies variables and responses. A request may nest variables thousands of levels
 * deep (the request limits bound documents, not JSON variables); below this the value is cut, so masking
 * never exhausts the stack.
 */
export const MAX_MASK_DEPTH = 64;

/** What a value nested deeper than {@link MAX_MASK_DEPTH} reads as in the journal. */
export const CUT = '…';

/**
 * A copy of `value` fit for the journal: values under secret-looking keys, bearer credentials and any of
 * the `known` tokens (tenant and admin tokens) become {@link MASK}, at any depth down to
 * {@link MAX_MASK_DEPTH}, below which the copy reads {@link CUT}.
 */
export function maskSecrets(value: unknown, known: ReadonlySet<string>, depth = 0): unknown {
  if (typeof value === 'string') return isSecretString(value, known) ? MASK : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_MASK_DEPTH) return CUT;
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, known, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      isSecretKey(key) && item !== null ? MASK : maskSecrets(item, known, depth + 1),
    ]),
  );
}

/** `text` with every occurrence of a known token replaced (a document may carry one inline). */
export function maskTokensIn(text: string, known: ReadonlySet<string>): string {
  let masked = text;
  // Longest first: one token may start with another (dev-token, dev-token-limited).
  const tokens = [...known].filter((t) => t.length > 0).sort((a, b) => b.length - a.length);
  for (const token of tokens) masked = masked.split(token).join(MASK);
  return masked;
}

function isSecretString(value: string, known: ReadonlySet<string>): boolean {
  return known.has(value) || /^bearer\s+\S/i.test(value);
}
