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
 * A copy of `value` fit for the journal: values under secret-looking keys, bearer credentials and any of
 * the `known` tokens (tenant and admin tokens) become {@link MASK}, at any depth.
 */
export function maskSecrets(value: unknown, known: ReadonlySet<string>): unknown {
  if (typeof value === 'string') return isSecretString(value, known) ? MASK : value;
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, known));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        isSecretKey(key) && item !== null ? MASK : maskSecrets(item, known),
      ]),
    );
  }
  return value;
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
