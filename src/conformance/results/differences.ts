/**
 * Moved to outcome/differences.ts (outcome/ sits below coverage/, which needs it, and results/ sits
 * above). Kept only for fuzz/session.ts, which another branch rewrites now; delete once it imports
 * from conformance/index.ts.
 */
export type * from '../outcome/differences.js';
