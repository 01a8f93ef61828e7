/**
 * The light door of src/conformance: what a command needs to check its arguments before a run (target
 * URLs, scenario files and filters, shards, rates), without loading the runner, the judge, the shape
 * compiler or the contract behind them. Everything else comes through index.ts; a command imports the
 * heavy door only once its arguments are known good, so a usage error answers as fast as `--help`.
 */
export { listYamlFiles } from './scenario/files.js';
export { SCENARIO_DIR } from './scenario/paths.js';
export { selectScenarios, type Selectable } from './scenario/select.js';
export { checkTarget, type TargetSpec } from './target/open.js';
export type { TargetFactory } from './target/target.js';
export { createPacer, isValidRate } from './target/rate.js';
export { parseShard, type Shard } from './run/shard.js';
export { CONFORM_DEFAULTS, gateOf, type ConformSettings } from './settings.js';
