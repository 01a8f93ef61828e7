import { createRequire } from 'node:module';
import type * as AjvModule from 'ajv';
import type { Options, ValidateFunction } from 'ajv';

const require = createRequire(import.meta.url);

/**
 * A JSON Schema validator compiled by ajv on its first call, not when its module loads: ajv's ~60
 * modules and every compile (each ajv instance first compiles its meta-schema) used to cost `serve`
 * and every CLI command their start-up, though most runs never validate a fault, clock, tenant or
 * config document. ajv (CommonJS) is required synchronously then, so callers stay synchronous.
 */
export function compileOnFirstUse<T>(options: Options, schema: object): () => ValidateFunction<T> {
  let validate: ValidateFunction<T> | undefined;
  return () => {
    if (!validate) {
      const { Ajv } = require('ajv') as typeof AjvModule;
      validate = new Ajv(options).compile<T>(schema);
    }
    return validate;
  };
}
