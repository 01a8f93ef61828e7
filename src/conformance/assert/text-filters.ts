import type { Finding } from './explicit.js';

/**
 * The text filters that match a row's own field as a case-insensitive substring: `displayName` and
 * `office` of employeesWithRelationshipsToView, `displayName` of employeeRelationshipsTo (A-52), and the
 * name, description, owner's and creator's name of lists (A-32). Keyed by `Parent.field` and the filter
 * argument's name.
 */
const TEXT_FILTERS: Readonly<
  Record<string, { argument: string; fields: readonly string[]; basis: readonly string[] }>
> = {
  'Query.employeesWithRelationshipsToView': {
    argument: 'filters',
    fields: ['displayName', 'office'],
    basis: ['§4.1', 'A-52'],
  },
  'Query.employeeRelationshipsTo': { argument: 'filters', fields: ['displayName'], basis: ['§4.1', 'A-52'] },
  'Query.lists': {
    argument: 'filter',
    fields: ['name', 'description', 'ownerName', 'creatorName'],
    basis: ['§4.1', 'A-32'],
  },
};

/** The filter argument a field's text filters come in, when it has any. */
export function textFilterArgument(field: string): string | undefined {
  return TEXT_FILTERS[field]?.argument;
}

/**
 * Each row of a page asked with text filters holds each filter's text in the field it names: a
 * row whose field is null or lacks the text was not selected by the filter, or answers another value than
 * the one it was selected by. Held where the answer selects the field.
 */
export function textFilterFindings(
  field: string,
  filters: unknown,
  at: string,
  page: unknown,
): { finding: Finding; basis: readonly string[] }[] {
  const known = TEXT_FILTERS[field];
  const models = (page as { models?: unknown } | null)?.models;
  if (!known || !Array.isArray(models)) return [];
  const entries = (Array.isArray(filters) ? filters : filters ? [filters] : []).flatMap((entry: unknown) => {
    const { field: name, value } = (entry ?? {}) as { field?: unknown; value?: unknown };
    return typeof name === 'string' &&
      known.fields.includes(name) &&
      typeof value === 'string' &&
      value.trim() !== ''
      ? [{ name, text: value.trim().toLowerCase(), value }]
      : [];
  });
  const out: { finding: Finding; basis: readonly string[] }[] = [];
  models.forEach((row: unknown, i) => {
    if (!row || typeof row !== 'object') return;
    for (const { name, text, value } of entries) {
      if (!(name in row)) continue;
      const got = (row as Record<string, unknown>)[name];
      if (typeof got === 'string' && got.toLowerCase().includes(text)) continue;
      out.push({
        basis: known.basis,
        finding: {
          expectationId: 'text-filter',
          path: `${at}.models[${i}].${name}`,
          kind: 'value-mismatch',
          expected: `a text holding ${JSON.stringify(value)}`,
          actual: got,
          message: `${at}.models[${i}] is answered for the filter ${name} ${JSON.stringify(value)}, but its ${name} is ${JSON.stringify(got)}: a text filter selects the rows whose ${name} holds the text`,
        },
      });
      break;
    }
  });
  return out;
}

/** The text options of searchFirmContacts that `searchTerms` echoes (A-33). */
const ECHOED = ['term', 'firstName', 'lastName', 'company', 'emailAddress'] as const;

/**
 * A search's `searchTerms` echoes each text option it was given, as given (A-33; the last one where an
 * option is given twice): an echo that is null, or says another text, tells the partner it searched for
 * something else. Held for the echo fields the answer selects.
 */
export function searchTermsFindings(
  filters: unknown,
  at: string,
  page: unknown,
): { finding: Finding; basis: readonly string[] }[] {
  const echo = (page as { searchTerms?: unknown } | null)?.searchTerms;
  if (echo === undefined) return [];
  const given = new Map<string, string>();
  for (const entry of Array.isArray(filters) ? filters : filters ? [filters] : []) {
    const { field, value } = (entry ?? {}) as { field?: unknown; value?: unknown };
    if (
      typeof field === 'string' &&
      (ECHOED as readonly string[]).includes(field) &&
      typeof value === 'string'
    )
      given.set(field, value);
  }
  const out: { finding: Finding; basis: readonly string[] }[] = [];
  // A null echo is one difference, not one per option.
  for (const [field, value] of echo === null ? [...given].slice(0, 1) : given) {
    if (echo !== null && (typeof echo !== 'object' || !(field in echo))) continue;
    const got = echo === null ? null : (echo as Record<string, unknown>)[field];
    if (got === value) continue;
    out.push({
      basis: ['§4.1', 'A-33'],
      finding: {
        expectationId: 'search-terms',
        path: echo === null ? `${at}.searchTerms` : `${at}.searchTerms.${field}`,
        kind: 'value-mismatch',
        expected: value,
        actual: got,
        message: `${at}.searchTerms${echo === null ? ' is null' : `.${field} is ${JSON.stringify(got)}`}, but the search was given ${field} ${JSON.stringify(value)}: searchTerms echoes the text options given`,
      },
    });
  }
  return out;
}
