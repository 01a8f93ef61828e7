/**
 * Moved to scenario/json-path.ts (the path syntax is part of the scenario format, and scenario/ sits
 * below assert/). Kept only for run/step.ts and fuzz/session.ts, which other branches rewrite now;
 * delete once they import from the new place or from conformance/index.ts.
 */
export { formatPath, getAtPath, type PathSegment } from '../scenario/json-path.js';
