/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Escapes text for XML (JUnit); drops characters XML 1.0 cannot carry. */
export function escapeXml(s: string): string {
  // eslint-disable-next-line no-control-regex
  return escapeHtml(s).replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '');
}

/** A value as one short line: JSON for structures, cut at `max` characters. */
export function brief(value: unknown, max = 200): string {
  const text = value === undefined ? 'absent' : typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Percentage of passed among the scenarios that ran (skipped ones excluded). */
export function passRate(t: { total: number; passed: number; skipped: number }): string {
  const ran = t.total - t.skipped;
  return ran === 0 ? 'n/a' : `${Math.round((t.passed / ran) * 1000) / 10}%`;
}

/** `§8, A-30` for a difference's basis, or `contract` when only the SDL stands behind it. */
export function basisText(basis: { spec: string[]; assumptions: string[] }): string {
  const all = [...basis.spec, ...basis.assumptions];
  return all.length > 0 ? all.join(', ') : 'contract';
}
