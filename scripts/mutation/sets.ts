/**
 * The mutant sets `npm run mutation-score -- --set NAME` chooses from: the project's own and each
 * held-out set, kept apart from score.ts so that tests can read the table without running the CLI.
 */
import { HOLDOUT } from './holdout.js';
import { HOLDOUT2 } from './holdout2.js';
import { HOLDOUT3 } from './holdout3.js';
import { HOLDOUT4 } from './holdout4.js';
import { HOLDOUT5 } from './holdout5.js';
import { HOLDOUT6 } from './holdout6.js';
import { HOLDOUT7 } from './holdout7.js';
import { HOLDOUT8 } from './holdout8.js';
import { HOLDOUT9 } from './holdout9.js';
import { HOLDOUT10 } from './holdout10.js';
import { HOLDOUT11 } from './holdout11.js';
import { HOLDOUT12 } from './holdout12.js';
import { HOLDOUT13 } from './holdout13.js';
import { HOLDOUT14 } from './holdout14.js';
import { HOLDOUT15 } from './holdout15.js';
import { HOLDOUT16 } from './holdout16.js';
import { HOLDOUT17 } from './holdout17.js';
import { HOLDOUT18 } from './holdout18.js';
import { HOLDOUT19 } from './holdout19.js';
import { HOLDOUT20 } from './holdout20.js';
import { HOLDOUT21 } from './holdout21.js';
import { HOLDOUT22 } from './holdout22.js';
import { HOLDOUT23 } from './holdout23.js';
import { HOLDOUT24 } from './holdout24.js';
import { HOLDOUT25 } from './holdout25.js';
import { HOLDOUT26 } from './holdout26.js';
import { HOLDOUT27 } from './holdout27.js';
import { HOLDOUT28 } from './holdout28.js';
import { HOLDOUT29 } from './holdout29.js';
import { HOLDOUT30 } from './holdout30.js';
import { MUTANTS, type Mutant } from './mutants.js';

/** The mutant sets `--set` chooses from. */
export const SETS = {
  main: MUTANTS,
  holdout: HOLDOUT,
  holdout2: HOLDOUT2,
  holdout3: HOLDOUT3,
  holdout4: HOLDOUT4,
  holdout5: HOLDOUT5,
  holdout6: HOLDOUT6,
  holdout7: HOLDOUT7,
  holdout8: HOLDOUT8,
  holdout9: HOLDOUT9,
  holdout10: HOLDOUT10,
  holdout11: HOLDOUT11,
  holdout12: HOLDOUT12,
  holdout13: HOLDOUT13,
  holdout14: HOLDOUT14,
  holdout15: HOLDOUT15,
  holdout16: HOLDOUT16,
  holdout17: HOLDOUT17,
  holdout18: HOLDOUT18,
  holdout19: HOLDOUT19,
  holdout20: HOLDOUT20,
  holdout21: HOLDOUT21,
  holdout22: HOLDOUT22,
  holdout23: HOLDOUT23,
  holdout24: HOLDOUT24,
  holdout25: HOLDOUT25,
  holdout26: HOLDOUT26,
  holdout27: HOLDOUT27,
  holdout28: HOLDOUT28,
  holdout29: HOLDOUT29,
  holdout30: HOLDOUT30,
  all: [
    ...MUTANTS,
    ...HOLDOUT,
    ...HOLDOUT2,
    ...HOLDOUT3,
    ...HOLDOUT4,
    ...HOLDOUT5,
    ...HOLDOUT6,
    ...HOLDOUT7,
    ...HOLDOUT8,
    ...HOLDOUT9,
    ...HOLDOUT10,
    ...HOLDOUT11,
    ...HOLDOUT12,
    ...HOLDOUT13,
    ...HOLDOUT14,
    ...HOLDOUT15,
    ...HOLDOUT16,
    ...HOLDOUT17,
    ...HOLDOUT18,
    ...HOLDOUT19,
    ...HOLDOUT20,
    ...HOLDOUT21,
    ...HOLDOUT22,
    ...HOLDOUT23,
    ...HOLDOUT24,
    ...HOLDOUT25,
    ...HOLDOUT26,
    ...HOLDOUT27,
    ...HOLDOUT28,
    ...HOLDOUT29,
    ...HOLDOUT30,
  ],
} as const satisfies Record<string, readonly Mutant[]>;

export type MutantSet = keyof typeof SETS;
