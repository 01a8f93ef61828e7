/** The servers the simulator is measured against, side by side in one run (see README "Performance"). */
export const BASELINES = [
  { key: 'L', kind: 'raw', label: 'L: raw node:http answering precomputed bytes (the physical limit)' },
  {
    key: 'E',
    kind: 'express',
    label: 'E: express + JSON body parser answering the same bytes (the stack floor)',
  },
  {
    key: 'C',
    kind: 'fair',
    label: 'C: express + graphql-http, Map by id, search index, document cache (the fair ceiling)',
  },
  {
    key: 'F',
    kind: 'mercurius',
    label: 'F: fastify + mercurius + graphql-jit, Map by id, bearer check (the fastest Node GraphQL stack)',
  },
  { key: 'M', kind: 'mock', label: 'M: @graphql-tools/mock (stateless)' },
] as const;

/** Key of a baseline in the report. */
export type BaselineKey = (typeof BASELINES)[number]['key'];
