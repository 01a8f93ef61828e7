/**
 * GraphQL Code Generator's `scalars` option for the contract: the TypeScript type of each custom scalar.
 * Both travel as JSON strings (Date `YYYY-MM-DD`, DateTime ISO 8601 UTC ending in `Z`, see scalars.ts), and
 * a client receives them unparsed, so `string` is what a generated type can promise; without the mapping
 * codegen types them `unknown`. This module imports nothing: the client entry point re-exports it.
 */
export const codegenScalars = { Date: 'string', DateTime: 'string' } as const;
