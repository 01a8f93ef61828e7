import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { getNamedType, GraphQLError, isObjectType, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { parse as parseYaml } from 'yaml';
import { compileOnFirstUse } from '../contract/json-schema.js';

/**
 * Example values the mock serves before generating anything: per type and field (every object
 * of the type gets the value; `totalModels` of a page type sets the size of every such page), and whole
 * answers per operation name and variables.
 */
export interface MockOverrides {
  types?: Record<string, Record<string, unknown>>;
  operations?: OperationOverride[];
}

/** One canned answer: served as is to a request with this operation name and exactly these variables. */
export interface OperationOverride {
  operationName: string;
  /** The request's variables must equal these (absent: any variables). */
  variables?: Record<string, unknown>;
  data?: unknown;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

const OVERRIDES_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    types: {
      type: 'object',
      additionalProperties: { type: 'object' },
    },
    operations: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['operationName'],
        anyOf: [{ required: ['data'] }, { required: ['errors'] }],
        properties: {
          operationName: { type: 'string', minLength: 1 },
          variables: { type: 'object' },
          data: {},
          errors: {
            type: 'array',
            items: {
              type: 'object',
              required: ['message'],
              properties: { message: { type: 'string' }, extensions: { type: 'object' } },
            },
          },
        },
      },
    },
  },
} as const;

const validator = compileOnFirstUse<MockOverrides>({ allErrors: true }, OVERRIDES_SCHEMA);

/**
 * Reads an overrides file (JSON or YAML) and checks it against the schema: every type must be an object
 * type of it and every field one of that type's scalar or enum fields (or `totalModels` of a page).
 * Throws an Error with a one-line message otherwise.
 */
export function loadOverrides(file: string, schema: GraphQLSchema): MockOverrides {
  let value: unknown;
  try {
    value = parseYaml(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read overrides file ${file}: ${(error as Error).message.split('\n')[0]}`);
  }
  const validate = validator();
  if (!validate(value)) {
    const why = (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}`).join('; ');
    throw new Error(`invalid overrides file ${file}: ${why}`);
  }
  for (const [typeName, fields] of Object.entries(value.types ?? {})) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) throw new Error(`invalid overrides file ${file}: no object type ${typeName}`);
    for (const fieldName of Object.keys(fields)) {
      const field = type.getFields()[fieldName];
      if (!field) throw new Error(`invalid overrides file ${file}: ${typeName} has no field ${fieldName}`);
      if (isObjectType(getNamedType(field.type)))
        throw new Error(`invalid overrides file ${file}: ${typeName}.${fieldName} is an object, not a value`);
    }
  }
  return value;
}

/** The canned answer for a request, if an override names its operation and variables. */
export function operationOverride(
  overrides: MockOverrides,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
): ExecutionResult | undefined {
  const found = overrides.operations?.find(
    (o) =>
      o.operationName === operationName &&
      (o.variables === undefined || isDeepStrictEqual(o.variables, variables ?? {})),
  );
  if (!found) return undefined;
  const errors = found.errors?.map((e) => new GraphQLError(e.message, { extensions: e.extensions }));
  return {
    ...(found.data === undefined ? {} : { data: found.data as ExecutionResult['data'] }),
    ...(errors ? { errors } : {}),
  };
}
