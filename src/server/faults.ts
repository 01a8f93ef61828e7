import { Ajv } from 'ajv';
import type { NextFunction, Request, Response } from 'express';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { sendError } from './http.js';

/** What an injected failure looks like to the client. */
export type FaultKind = 'http429' | 'http503' | 'graphqlError';

/** One fault rule, set through the admin API; every matching request is delayed and/or failed. */
export interface FaultRule {
  /** Root field names the rule applies to (e.g. `searchFirmContacts`); absent or empty means every operation. */
  operations?: string[];
  /** Tenant id the rule applies to; absent means every tenant. */
  tenant?: string;
  /** Added latency in milliseconds before the request is handled. */
  latencyMs?: number;
  /** Share of matching requests that fail, 0 to 1. */
  errorRate?: number;
  /** How they fail (default http503). */
  errorKind?: FaultKind;
}

/** A whole fault configuration: what `PUT /__admin/faults` takes and `serve.faults` of the config file holds. */
export interface FaultConfig {
  /** Seed of the generator that picks the failing requests (default 1). */
  seed?: number;
  rules: FaultRule[];
}

/** JSON Schema of the admin API's fault configuration (the config file's `serve.faults` reuses it). */
export const FAULTS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['rules'],
  properties: {
    seed: { type: 'integer', minimum: 0 },
    rules: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          operations: { type: 'array', items: { type: 'string', minLength: 1 }, maxItems: 200 },
          tenant: { type: 'string' },
          latencyMs: { type: 'integer', minimum: 0, maximum: 60_000 },
          errorRate: { type: 'number', minimum: 0, maximum: 1 },
          errorKind: { enum: ['http429', 'http503', 'graphqlError'] },
        },
      },
    },
  },
} as const;

const validateFaults = new Ajv({ allErrors: true }).compile<FaultConfig>(FAULTS_SCHEMA);

function faultErrors(): string {
  return (validateFaults.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}`).join('; ');
}

/** Checks a fault configuration; returns why it is invalid, or undefined. */
export function checkFaults(body: unknown): string | undefined {
  return validateFaults(body) ? undefined : faultErrors();
}

/** A small seeded generator (mulberry32) so a fault run with a seed fails the same requests every time. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The fault rules of a simulator: off (no rules) by default. */
export class Faults {
  private rules: FaultRule[] = [];
  private random: () => number = generator(1);

  /** The current rules. */
  list(): FaultRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  /** Replaces the rules; returns an error message for an invalid configuration. */
  configure(body: unknown): string | undefined {
    if (!validateFaults(body)) return faultErrors();
    this.rules = body.rules.map((r) => ({ ...r }));
    this.random = generator(body.seed ?? 1);
    return undefined;
  }

  /** Turns every fault off. */
  clear(): void {
    this.rules = [];
  }

  /** Express middleware for a GraphQL route: applies the matching rules, if any, to the request. */
  middleware(tenantOf: (req: Request) => string | undefined) {
    return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
      if (this.rules.length === 0) return next();
      const tenant = tenantOf(req);
      const fields = rootFields(req);
      const matching = this.rules.filter(
        (r) =>
          (r.tenant === undefined || r.tenant === tenant) &&
          (!r.operations?.length || r.operations.some((op) => fields.includes(op))),
      );
      if (matching.length === 0) return next();
      const latency = Math.max(...matching.map((r) => r.latencyMs ?? 0));
      if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
      const failing = matching.find((r) => (r.errorRate ?? 0) > 0 && this.random() < (r.errorRate ?? 0));
      if (!failing) return next();
      const kind = failing.errorKind ?? 'http503';
      if (kind === 'http429') {
        res.setHeader('Retry-After', '1');
        return sendError(res, 429, 'Too many requests (injected fault).', 'RATE_LIMITED');
      }
      if (kind === 'http503')
        return sendError(res, 503, 'Service unavailable (injected fault).', 'SERVICE_UNAVAILABLE');
      res
        .status(200)
        .type('application/json')
        .send(
          JSON.stringify({
            errors: [{ message: 'Injected fault.', extensions: { code: 'INJECTED_FAULT' } }],
            data: null,
          }),
        );
    };
  }
}

/** Root field names of the operation a GraphQL request would run; empty when it cannot be read. */
function rootFields(req: Request): string[] {
  let query: unknown;
  let operationName: unknown;
  try {
    if (req.method === 'GET') {
      query = req.query['query'];
      operationName = req.query['operationName'];
    } else {
      const body = JSON.parse(typeof req.body === 'string' ? req.body : '') as {
        query?: unknown;
        operationName?: unknown;
      };
      query = body.query;
      operationName = body.operationName;
    }
    if (typeof query !== 'string') return [];
    const operations = parse(query).definitions.filter(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    );
    const operation =
      typeof operationName === 'string'
        ? operations.find((o) => o.name?.value === operationName)
        : operations[0];
    return (operation?.selectionSet.selections ?? []).flatMap((s) =>
      s.kind === Kind.FIELD ? [s.name.value] : [],
    );
  } catch {
    // An unreadable request is left to graphql-http, which answers it with a proper error.
    return [];
  }
}
