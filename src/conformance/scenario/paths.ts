import { fileURLToPath } from 'node:url';

/** The shipped scenario folder `conformance/` at the repository root. */
export const SCENARIO_DIR = fileURLToPath(new URL('../../../conformance/', import.meta.url));

/** The JSON Schema every scenario file is validated against. */
export const SCENARIO_SCHEMA_FILE = fileURLToPath(
  new URL('../../../conformance/scenario.schema.json', import.meta.url),
);
