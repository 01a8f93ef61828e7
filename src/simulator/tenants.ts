import { readFileSync } from 'node:fs';
import type { ValidateFunction } from 'ajv';
import { DEV_TOKENS } from '../contract/endpoint.js';
import { compileOnFirstUse } from '../contract/json-schema.js';
import type { TenantSettings } from '../domain/tenancy.js';

/** A tenant as configured: its settings plus the bearer token of its API user. */
export interface TenantConfig extends TenantSettings {
  token: string;
}

/** The default tenants of design.md: a full-cloud firm and a limited one. */
export const DEFAULT_TENANTS: readonly TenantConfig[] = [
  {
    id: 'dev-firm',
    name: 'Harbour & Finch LLP',
    token: DEV_TOKENS.full,
    fullCloud: true,
    languageSpecificInformation: true,
    auditFeature: true,
  },
  {
    id: 'limited-firm',
    name: 'Marlow Street Partners',
    token: DEV_TOKENS.limited,
    fullCloud: false,
    languageSpecificInformation: false,
    auditFeature: false,
  },
];

/** JSON Schema of one tenant (files and the admin API use it). */
export const TENANT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'token'],
  properties: {
    id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    name: { type: 'string', minLength: 1, maxLength: 200 },
    token: { type: 'string', minLength: 8, maxLength: 512 },
    fullCloud: { type: 'boolean', default: true },
    languageSpecificInformation: { type: 'boolean', default: true },
    auditFeature: { type: 'boolean', default: true },
  },
} as const;

/** JSON Schema of a change to a tenant's switches through the admin API. */
export const TENANT_PATCH_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name: TENANT_SCHEMA.properties.name,
    fullCloud: { type: 'boolean' },
    languageSpecificInformation: { type: 'boolean' },
    auditFeature: { type: 'boolean' },
  },
} as const;

const ajvOptions = { allErrors: true, useDefaults: true };
const tenantsValidator = compileOnFirstUse<TenantConfig[]>(ajvOptions, {
  type: 'array',
  minItems: 1,
  items: TENANT_SCHEMA,
});
const tenantValidator = compileOnFirstUse<TenantConfig>(ajvOptions, TENANT_SCHEMA);
const patchValidator = compileOnFirstUse<Partial<TenantSettings>>(ajvOptions, TENANT_PATCH_SCHEMA);

/** Why a tenant configuration was refused. */
export class TenantConfigError extends Error {}

function describeErrors(errors: ValidateFunction['errors']): string {
  return (errors ?? [])
    .map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`)
    .slice(0, 5)
    .join('; ');
}

/** Checks a list of tenants: schema, unique ids and tokens. Defaults fill missing switches. */
export function parseTenants(value: unknown, source: string): TenantConfig[] {
  const copy = structuredClone(value);
  const validateTenants = tenantsValidator();
  if (!validateTenants(copy))
    throw new TenantConfigError(`${source}: ${describeErrors(validateTenants.errors)}`);
  const ids = new Set<string>();
  const tokens = new Set<string>();
  for (const tenant of copy) {
    if (ids.has(tenant.id)) throw new TenantConfigError(`${source}: duplicate tenant id "${tenant.id}"`);
    if (tokens.has(tenant.token)) throw new TenantConfigError(`${source}: two tenants share one token`);
    ids.add(tenant.id);
    tokens.add(tenant.token);
  }
  return copy;
}

/** Reads a tenants file (a JSON array of tenants). */
export function loadTenantsFile(path: string): TenantConfig[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new TenantConfigError(`cannot read tenants file ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new TenantConfigError(`tenants file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  return parseTenants(json, path);
}

/** Checks one new tenant (admin API); returns it with defaults filled, or a message. */
export function checkTenant(value: unknown): TenantConfig | string {
  const copy = structuredClone(value);
  const validateTenant = tenantValidator();
  return validateTenant(copy) ? copy : describeErrors(validateTenant.errors);
}

/** Checks a change of tenant switches (admin API); returns it, or a message. */
export function checkTenantPatch(value: unknown): Partial<TenantSettings> | string {
  const copy = structuredClone(value);
  const validatePatch = patchValidator();
  return validatePatch(copy) ? copy : describeErrors(validatePatch.errors);
}
