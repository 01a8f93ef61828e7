import type { Finding } from './explicit.js';

/**
 * A list's members filtered strictly by a primary sponsor's name are members whose primary sponsor has
 * that name (A-73: the filter matches a sponsor's display or full name, case-insensitively; strict means
 * the primary sponsor only). Held where the answer selects the members' sponsors with `isPrimary` and a
 * name; a member sponsored by that user only secondarily, or by no one of that name, is a difference.
 */
export function strictSponsorFindings(
  filter: unknown,
  at: string,
  page: unknown,
): { finding: Finding; basis: readonly string[] }[] {
  const f = filter as { primarySponsorUserName?: unknown; checkForStrictPrimarySponsor?: unknown } | null;
  const name =
    typeof f?.primarySponsorUserName === 'string' ? f.primarySponsorUserName.trim().toLowerCase() : '';
  const models = (page as { models?: unknown } | null)?.models;
  if (f?.checkForStrictPrimarySponsor !== true || name === '' || !Array.isArray(models)) return [];
  const named = (s: Record<string, unknown>): boolean =>
    [s.displayName, s.fullName].some((n) => typeof n === 'string' && n.toLowerCase().includes(name));
  const out: { finding: Finding; basis: readonly string[] }[] = [];
  models.forEach((member: unknown, i) => {
    const sponsors = (member as { sponsors?: unknown } | null)?.sponsors;
    if (!Array.isArray(sponsors)) return;
    const rows = sponsors.filter((s): s is Record<string, unknown> => !!s && typeof s === 'object');
    // Without isPrimary and a name selected the answer cannot show which sponsor is whose.
    if (!rows.every((s) => 'isPrimary' in s && ('displayName' in s || 'fullName' in s))) return;
    if (rows.some((s) => s.isPrimary === true && named(s))) return;
    out.push({
      basis: ['§2.4', 'A-73'],
      finding: {
        expectationId: 'strict-sponsor-filter',
        path: `${at}.models[${i}].sponsors`,
        kind: 'value-mismatch',
        expected: `a primary sponsor named like ${JSON.stringify(f.primarySponsorUserName)}`,
        actual: sponsors,
        message: `${at}.models[${i}] is listed by a strict filter on the primary sponsor ${JSON.stringify(f.primarySponsorUserName)}, but its primary sponsor is not that user: strict means the primary sponsor only`,
      },
    });
  });
  return out;
}
