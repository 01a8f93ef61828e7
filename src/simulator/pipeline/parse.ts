import { GraphQLError, parse, type DocumentNode, type Source } from 'graphql';
import { CODE } from '../../contract/error-codes.js';

/** Most tokens a document may have; far beyond any real operation, and short of what overflows the parser. */
export const MAX_TOKENS = 50_000;

/** graphql-js parsing with a token bound, and a clear error instead of a stack overflow for absurd nesting. */
export function boundedParse(source: string | Source): DocumentNode {
  try {
    return parse(source, { maxTokens: MAX_TOKENS });
  } catch (error) {
    if (error instanceof RangeError) {
      throw new GraphQLError('The document is nested too deeply to parse.', {
        extensions: { code: CODE.LIMIT_EXCEEDED, limit: 'depth' },
      });
    }
    throw error;
  }
}
