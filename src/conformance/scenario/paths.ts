import { fileURLToPath } from 'node:url';

/** The shipped scenario folder `conformance/` at the repository root. */
export const SCENARIO_DIR = fileURLToPath(new URL('../../../conformance/', import.meta.url));

/** The JSON Schema every scenario file is validated against. */
export const SCENARIO_SCHEMA_FILE = fileURLToPath(
  new URL('../../../conformance/scenario.schema.json', import.meta.url),
);

/** The spec rules scenarios cite (not a scenario: the loader skips it). */
export const SPEC_RULES_FILE_NAME = 'spec-rules.yaml';

/** `conformance/spec-rules.yaml`: every numbered rule of spec sections 1.6, 6, 7, 8 and 9.3 with its id. */
export const SPEC_RULES_FILE = fileURLToPath(
  new URL(`../../../conformance/${SPEC_RULES_FILE_NAME}`, import.meta.url),
);

/** `contracts/ASSUMPTIONS.md`: the A-ids scenarios cite. */
export const ASSUMPTIONS_FILE = fileURLToPath(new URL('../../../contracts/ASSUMPTIONS.md', import.meta.url));

/**
 * The config file's JSON Schema: the scenario schema's `state.faults` refers to its `serve.faults`, so the
 * fault rules are described once (generated from the admin API's own schema).
 */
export const CONFIG_SCHEMA_FILE = fileURLToPath(
  new URL('../../../rm-harness.config.schema.json', import.meta.url),
);
