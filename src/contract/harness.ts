import { readFileSync } from 'node:fs';

/**
 * The package's own `package.json`, resolved from this module so it is found from `src/` (a checkout)
 * and from `dist/` (the installed package) alike: both sit one folder below the package root.
 */
export const PACKAGE_JSON_URL = new URL('../../package.json', import.meta.url);

const pkg = JSON.parse(readFileSync(PACKAGE_JSON_URL, 'utf8')) as { name: string; version: string };

/** Name of the harness package, as published. */
export const HARNESS_NAME: string = pkg.name;

/** Version of the harness package (`rm-harness --version`), recorded in every JSON report. */
export const HARNESS_VERSION: string = pkg.version;
