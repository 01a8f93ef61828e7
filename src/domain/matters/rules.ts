import type { RequestContext } from '../area.js';
import type { ValidationError } from '../shared/errors.js';

/** The failure every matter operation returns for a tenant that is not full cloud (§1.6, A-50). */
export const NOT_FULL_CLOUD: ValidationError = {
  propertyName: 'tenant',
  message: 'Matter operations are available only for full cloud tenants.',
};

/** The full-cloud gate of §1.6: the failures to return, or undefined when the tenant may use matters. */
export function fullCloudGate(ctx: RequestContext): ValidationError[] | undefined {
  // A fresh copy each time: results are handed to graphql, never shared.
  return ctx.tenant.fullCloud ? undefined : [{ ...NOT_FULL_CLOUD }];
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
