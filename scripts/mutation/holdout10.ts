/**
 * A tenth held-out set of regressions, chosen from the spec and from what vendors ship after the ninth
 * held-out set had been measured, again without looking at the scenarios or checks.
 * `npm run mutation-score -- --set holdout10` runs them.
 */
import { lostRootField } from './holdout.js';
import { descendingDropped } from './holdout5.js';
import { argumentIgnored } from './holdout8.js';
import type { Mutant } from './mutants.js';
import { mapArgument, onData, onFields, rootFields } from './rewrite.js';
import type { Incoming } from './proxy.js';

/** Whether a request selects one of the root fields named. */
const selecting =
  (...names: string[]) =>
  (request: Incoming): boolean =>
    rootFields(request).some((f) => names.includes(f));

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
    id: 'holdout10.paging.firm-contact-events-limit-ignored',
    class: 'paging',
    description: 'firmContactEventViews ignores limit: every page holds up to the default 100 events',
    names: /limit|page|firmContactEventViews|contact event|event/i,
    handle: argumentIgnored('firmContactEventViews', 'limit'),
  },
  {
    id: 'holdout10.sort.initiatives-sort-ignored',
    class: 'sort',
    description: 'initiatives ignores its sort argument and answers in store order',
    names: /sort|order|initiatives|initiative/i,
    handle: argumentIgnored('initiatives', 'sort'),
  },
  {
    id: 'holdout10.sort.lists-descending-ignored',
    class: 'sort',
    description: 'lists sorted with direction Descending come in ascending order',
    names: /sort|order|direction|descending|lists|list/i,
    handle: onFields((node, definition, vars) =>
      node.name.value === 'lists'
        ? mapArgument(node, definition, vars, 'sort', descendingDropped)
        : undefined,
    ),
  },
  {
    id: 'holdout10.null.activity-subject',
    class: 'nullability',
    description: "an activity's subject is null on reads (the column dropped from the read view)",
    names: /subject|activit|null/i,
    handle: onData(
      (key, value) => (key === 'subject' ? null : value),
      selecting('activity', 'activities'),
    ),
  },
  {
    id: 'holdout10.null.objective-created-by',
    class: 'nullability',
    description: "an objective's createdBy is null (the join to the creating user lost)",
    names: /createdBy|creator|objective|null/i,
    handle: onData(
      (key, value) => (key === 'createdBy' ? null : value),
      selecting('objective', 'objectives'),
    ),
  },
  {
    id: 'holdout10.versions.firm-contact-event-views-missing',
    class: 'versions',
    description: 'the 1.4.0 endpoint lost the firmContactEventViews query',
    names: /firmContactEventViews|contact event|1\.4\.0|version|drift|GRAPHQL_VALIDATION_FAILED/i,
    handle: lostRootField('1.4.0', 'firmContactEventViews', 'Query'),
  },
  {
    id: 'holdout10.versions.remove-matter-missing',
    class: 'versions',
    description: 'the 1.4.0 endpoint lost the removeMatter mutation',
    names: /removeMatter|matter|1\.4\.0|version|drift|GRAPHQL_VALIDATION_FAILED/i,
    handle: lostRootField('1.4.0', 'removeMatter', 'Mutation'),
  },
];
