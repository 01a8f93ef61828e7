import { GraphQLError } from 'graphql';
import type { ErrorCode } from '../../contract/error-codes.js';
import { CODE } from '../../contract/error-codes.js';

/** A business-rule failure as the spec's `validationErrors` entries carry it (§7.1). */
export interface ValidationError {
  propertyName: string;
  message: string;
}

/** A GraphQL error with `extensions.code`; the single way resolvers build errors. */
export function graphqlError(
  code: ErrorCode,
  message: string,
  extra: Record<string, unknown> = {},
): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extra } });
}

/** An argument that is malformed beyond what GraphQL validation checks (e.g. a negative `limit`). */
export function badUserInput(message: string): GraphQLError {
  return graphqlError(CODE.BAD_USER_INPUT, message);
}

/**
 * Business-rule failures of a mutation whose result has no `validationErrors` field: a GraphQL
 * error carrying the same propertyName/message pairs in `extensions.validationErrors`.
 */
export function businessRuleError(errors: readonly ValidationError[]): GraphQLError {
  const first = errors[0]?.message ?? 'The request breaks a business rule.';
  return graphqlError(
    CODE.BAD_USER_INPUT,
    errors.length > 1 ? `${first} (and ${errors.length - 1} more)` : first,
    {
      validationErrors: errors,
    },
  );
}
