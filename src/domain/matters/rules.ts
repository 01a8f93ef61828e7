import type { RequestContext } from '../area.js';
import type { ValidationError } from '../shared/errors.js';
import { ruleBroken } from '../shared/rule-switch.js';

/** The failure every matter operation returns for a tenant that is not full cloud (§1.6, A-50). */
export const NOT_FULL_CLOUD: ValidationError = {
  propertyName: 'tenant',
  message: 'Matter operations are available only for full cloud tenants.',
};

/** The full-cloud gate of §1.6: the failures to return, or undefined when the tenant may use matters. */
export function fullCloudGate(ctx: RequestContext): ValidationError[] | undefined {
  // A fresh copy each time: results are handed to graphql, never shared.
  return ctx.tenant.fullCloud || ruleBroken(ctx, '§1.6') ? undefined : [{ ...NOT_FULL_CLOUD }];
}

/**
 * An addMatter text as stored: `checked` is the validator's trimmed value (§8/addMatter-trim); when
 * a rule-verification run breaks that rule, the raw input is kept instead.
 */
export function matterText(
  ctx: RequestContext,
  checked: string | undefined,
  raw: string | null | undefined,
): string | undefined {
  return checked !== undefined && ruleBroken(ctx, '§8/addMatter-trim') ? (raw ?? checked) : checked;
}

/** Largest hours or amount accepted in one period. */
export const MAX_AMOUNT = 1e12;

/** Whether the inclusive periods `[aStart, aEnd]` and `[bStart, bEnd]` overlap; open ends are unbounded. */
export function overlaps(
  aStart: string,
  aEnd: string,
  bStart: string | null | undefined,
  bEnd: string | null | undefined,
): boolean {
  return (
    (bStart === null || bStart === undefined || aEnd >= bStart) &&
    (bEnd === null || bEnd === undefined || aStart <= bEnd)
  );
}
