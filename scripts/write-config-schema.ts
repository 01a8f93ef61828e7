// Writes rm-harness.config.schema.json from src/config/schema.ts (the source of truth), formatted as
// prettier would, so `npm run lint` stays clean. test/config/schema.test.ts fails when it is stale.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { CONFIG_SCHEMA } from '../src/config/schema.js';

const file = fileURLToPath(new URL('../rm-harness.config.schema.json', import.meta.url));
const options = (await prettier.resolveConfig(file)) ?? {};
writeFileSync(file, await prettier.format(JSON.stringify(CONFIG_SCHEMA), { ...options, filepath: file }));
process.stdout.write(`wrote ${file}\n`);
