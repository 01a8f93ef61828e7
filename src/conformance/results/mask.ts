/** What masked values are replaced with. */
export const MASK = '***';

const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|x-api-key)$|token|secret|password/i;

/** Headers as reports may show them: values of credential-carrying headers are masked. */
export function maskHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([k, v]) => {
      if (!SECRET_HEADER.test(k)) return [k, v];
      // Keep the scheme so a reader can tell Bearer from Basic.
      const scheme = /^(Bearer|Basic|Token)\s/i.exec(v)?.[1];
      return [k, scheme ? `${scheme} ${MASK}` : MASK];
    }),
  );
}

/** Every header value that must never appear in a report, for a last sweep over rendered text. */
export function secretValues(headers: Record<string, string>): string[] {
  return Object.entries(headers)
    .filter(([k]) => SECRET_HEADER.test(k))
    .flatMap(([, v]) => [v, v.replace(/^(Bearer|Basic|Token)\s+/i, '')])
    .filter((s) => s.length >= 4);
}

/** Replaces every occurrence of the secrets in a rendered text. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of [...secrets].sort((a, b) => b.length - a.length)) out = out.split(s).join(MASK);
  return out;
}
