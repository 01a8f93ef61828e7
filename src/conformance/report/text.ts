import escapeHtml from 'escape-html';
/** Escapes text for HTML element content and attribute values (`&<>"'`, as express escapes its pages). */
export { escapeHtml };

/** Escapes text for XML (JUnit); drops characters XML 1.0 cannot carry. */
export function escapeXml(s: string): string {
  // eslint-disable-next-line no-control-regex
  return escapeHtml(s).replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '');
}

/** Object keys in sorted order, as the JSON report writes them, so a value reads alike before and after it. */
function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = Object.entries(value as Record<string, unknown>);
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * A value as one short line: JSON for structures (keys sorted, so a run rendered from memory and the
 * same run read back from its JSON report, e.g. by `report merge`, give the same text), cut at `max`.
 */
export function brief(value: unknown, max = 200): string {
  const text =
    value === undefined ? 'absent' : typeof value === 'string' ? value : JSON.stringify(value, sortedKeys);
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

/**
 * How console text marks emphasis and verdicts; the CLI passes terminal colours (picocolors has this
 * shape), everything else keeps {@link PLAIN}, so reports never depend on a terminal.
 */
export interface TextStyle {
  bold(s: string): string;
  dim(s: string): string;
  green(s: string): string;
  red(s: string): string;
  yellow(s: string): string;
}

const same = (s: string): string => s;

/** No styling: the text as it is. */
export const PLAIN: TextStyle = { bold: same, dim: same, green: same, red: same, yellow: same };

/** `text` in `colour` when `n` is above zero, as it is otherwise: counts that only matter when present. */
export function when(n: number, colour: (s: string) => string, text: string): string {
  return n > 0 ? colour(text) : text;
}

/**
 * Waiting for the target as a sentence (`waited 3.2 s for the target, 2 busy answers retried`), or
 * undefined when the run never waited; waiting is reported, never counted as a failure.
 */
export function waitingText(w: { waitedMs: number; busyRetries: number } | undefined): string | undefined {
  if (!w || (w.waitedMs === 0 && w.busyRetries === 0)) return undefined;
  const retried =
    w.busyRetries > 0
      ? `, ${w.busyRetries} busy answer${w.busyRetries === 1 ? '' : 's'} (429/503) retried`
      : '';
  return `waited ${(w.waitedMs / 1000).toFixed(1)} s for the target (rate limit and Retry-After)${retried}`;
}

/**
 * What the differential mode compared: nothing to say when the targets held the same data; otherwise
 * that values depending on the data were left out, in the words every report uses.
 */
export function compareDataText(
  data: { same: boolean; shared: number; of: number } | undefined,
): string | undefined {
  if (data === undefined || data.same) return undefined;
  return `the targets hold different data (${data.shared} of ${data.of} entity ids in common): compared by shape, counts' arithmetic and behaviour, not by value`;
}
