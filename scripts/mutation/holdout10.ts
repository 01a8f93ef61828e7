/**
 * A tenth held-out set of regressions, chosen from the spec and from what vendors ship after the ninth
 * held-out set had been measured and the checks extended to it, again without looking at the scenarios
 * or checks. `npm run mutation-score -- --set holdout10` runs them.
 */
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { lostRootField } from './holdout.js';
import { argumentIgnored, sortColumnWrong } from './holdout8.js';
import { tokenOf, type Mutant } from './mutants.js';
import { as, onData, rootFields } from './rewrite.js';

const OBJECTIVE_READS = new Set(['objective', 'objectives']);

/** Regressions the certification was not written against (a tenth blind set). */
export const HOLDOUT10: readonly Mutant[] = [
  {
    id: 'holdout10.paging.initiatives-skip-ignored',
    class: 'paging',
    description: 'initiatives ignores skip: every page starts at the first initiative',
    names: /skip|page|offset|initiatives|initiative/i,
    handle: argumentIgnored('initiatives', 'skip'),
  },
  {
    id: 'holdout10.paging.lists-limit-ignored',
    class: 'paging',
    description: 'lists ignores limit: every page holds up to the default 100 lists',
    names: /limit|page|lists|\blist/i,
    handle: argumentIgnored('lists', 'limit'),
  },
  {
    id: 'holdout10.sort.initiatives-name-as-end-date',
    class: 'sort',
    description: 'initiatives sorted by name come in endDate order (a sort column mapped wrong)',
    names: /sort|order|name|initiatives|initiative/i,
    handle: sortColumnWrong('initiatives', 'name', 'endDate'),
  },
  {
    id: 'holdout10.null.person-current-job-title',
    class: 'nullability',
    description: "a person's currentJobTitle is null (the column dropped from the person view)",
    names: /currentJobTitle|job title|jobTitle|person|null/i,
    handle: onData((key, value) => (key === 'currentJobTitle' ? null : value)),
  },
  {
    id: 'holdout10.versions.target-person-connections-missing',
    class: 'versions',
    description:
      'the 1.4.0 endpoint lost the targetPersonConnections query (\'Cannot query field "targetPersonConnections"\')',
    names: /targetPersonConnections|connection|1\.4\.0|version|drift|GRAPHQL_VALIDATION_FAILED/i,
    handle: lostRootField('1.4.0', 'targetPersonConnections', 'Query'),
  },
  {
    id: 'holdout10.tenancy.limited-objectives-full',
    class: 'tenancy',
    description: "objectives and objective of the limited tenant answer the full tenant's objectives",
    names: /tenant|limited|isolation|leak|other|objectives|objective/i,
    handle: (request, forward) =>
      tokenOf(request) === DEV_TOKENS.limited && rootFields(request).some((f) => OBJECTIVE_READS.has(f))
        ? as(DEV_TOKENS.full, request, forward)
        : forward(request),
  },
];
