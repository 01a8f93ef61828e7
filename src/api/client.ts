/**
 * The client kit (`rm-api-harness/client`): what a GraphQL client of the contract needs from the harness.
 * `possibleTypes[version]` goes to Apollo Client's `InMemoryCache`, `codegenScalars` to GraphQL Code
 * Generator's `scalars`. It has no run-time imports, so a browser bundle can take it without the simulator.
 */
export { possibleTypes } from '../contract/possible-types.generated.js';
export { codegenScalars } from '../contract/codegen-scalars.js';
export type { Version } from '../contract/versions.js';
