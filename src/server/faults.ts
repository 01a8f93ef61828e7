import type { Socket } from 'node:net';
import type { ServerResponse } from 'node:http';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { compileOnFirstUse } from '../contract/json-schema.js';
import { EVENT_VIEW_QUERIES, type EventFeedFaults } from '../simulator/index.js';
import type { GraphqlAnswer } from './graphql-route.js';
import { LATENCY_SCHEMA, latencyProblem, sampleLatency, type LatencyProfile } from './latency.js';
import {
  deliverNetworkFault,
  NETWORK_FAULT_KINDS,
  releaseHung,
  type NetworkFault,
  type NetworkFaultKind,
} from './network-faults.js';
import { CODE } from '../contract/error-codes.js';
import { errorAnswer, errorEnvelope } from '../contract/error-envelope.js';

/**
 * What an injected failure looks like to the client: an HTTP status or a GraphQL error, or a network
 * fault — a reset connection, no answer at all, a slow, truncated or mislabelled body.
 */
export type FaultKind = 'http429' | 'http503' | 'graphqlError' | NetworkFaultKind;

/** One fault rule, set through the admin API; every matching request is delayed and/or failed. */
export interface FaultRule {
  /** Root field names the rule applies to (e.g. `searchFirmContacts`); absent or empty means every operation. */
  operations?: string[];
  /** Tenant id the rule applies to; absent means every tenant. */
  tenant?: string;
  /** Added latency in milliseconds before the request is handled (the same as a `fixed` profile). */
  latencyMs?: number;
  /** Added latency drawn per request from a profile (fixed, uniform or lognormal); not with `latencyMs`. */
  latency?: LatencyProfile;
  /** Share of matching requests that fail, 0 to 1. */
  errorRate?: number;
  /** How they fail (default http503). */
  errorKind?: FaultKind;
  /** `reset` only: cut the connection right after the headers, or half way through the body (default). */
  resetAt?: 'headers' | 'body';
  /** `slowBody` only: how fast the body is sent (default 1024). */
  bytesPerSecond?: number;
  /** `wrongContentType` only: the content type sent (default `text/html; charset=utf-8`). */
  contentType?: string;
}

/** Event-feed faults of some tenants' event views; absent settings are off. */
export interface EventFeedRule {
  /** Tenant id; absent means every tenant. */
  tenant?: string;
  /** Query name of the view (e.g. `firmContactEventViews`); absent means all six. */
  view?: string;
  lagSeconds?: number;
  duplicateRate?: number;
  reorderWithinPage?: boolean;
}

/** A whole fault configuration: what `PUT /__admin/faults` takes and `serve.faults` of the config file holds. */
export interface FaultConfig {
  /** Seed of the generators that pick the failing requests, the latencies and the event-feed faults (default 1). */
  seed?: number;
  rules?: FaultRule[];
  /** Event-feed faults (lag, duplicates, reordering) per tenant and view. */
  eventFeed?: EventFeedRule[];
}

/** JSON Schema of the admin API's fault configuration (the config file's `serve.faults` reuses it). */
export const FAULTS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    seed: { type: 'integer', minimum: 0 },
    // Two lists of rule objects, alike in JSON Schema's form only: ajv reads each as data.
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
          latency: LATENCY_SCHEMA,
          errorRate: { type: 'number', minimum: 0, maximum: 1 },
          errorKind: { enum: ['http429', 'http503', 'graphqlError', ...NETWORK_FAULT_KINDS] },
          resetAt: { enum: ['headers', 'body'] },
          bytesPerSecond: { type: 'integer', minimum: 1, maximum: 1_000_000_000 },
          contentType: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\x20-\\x7e]+$' },
        },
      },
    },
    eventFeed: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          tenant: { type: 'string' },
          view: { enum: EVENT_VIEW_QUERIES },
          lagSeconds: { type: 'integer', minimum: 0, maximum: 86_400 },
          duplicateRate: { type: 'number', minimum: 0, maximum: 1 },
          reorderWithinPage: { type: 'boolean' },
        },
      },
    },
  },
} as const;

const faultsValidator = compileOnFirstUse<FaultConfig>({ allErrors: true }, FAULTS_SCHEMA);

function faultErrors(): string {
  return (
    (faultsValidator().errors ?? [])
      // "must match then schema" only repeats the error inside it, as the propertyNames enum does.
      .filter((e) => e.keyword !== 'if' && !e.schemaPath.includes('/propertyNames/'))
      .map((e) => {
        const at = e.instancePath || '(root)';
        const params = e.params as { propertyName?: string; allowedValues?: unknown[] };
        if (e.keyword === 'propertyNames') return `${at} does not take ${params.propertyName}`;
        if (e.keyword === 'enum') return `${at} must be one of ${params.allowedValues?.join(', ')}`;
        return `${at} ${e.message}`;
      })
      .join('; ')
  );
}

/** What JSON Schema cannot say: a rule with two latencies, a uniform range upside down. */
function ruleProblems(config: FaultConfig): string | undefined {
  for (const [i, rule] of (config.rules ?? []).entries()) {
    if (rule.latency && rule.latencyMs !== undefined)
      return `/rules/${i} gives latencyMs and latency; give one`;
    const problem = rule.latency && latencyProblem(rule.latency);
    if (problem) return `/rules/${i} ${problem}`;
    // A shaping field of another kind would be silently ignored: say so instead.
    const kind = rule.errorKind ?? 'http503';
    if (rule.resetAt !== undefined && kind !== 'reset')
      return `/rules/${i} resetAt applies to errorKind reset only`;
    if (rule.bytesPerSecond !== undefined && kind !== 'slowBody')
      return `/rules/${i} bytesPerSecond applies to errorKind slowBody only`;
    if (rule.contentType !== undefined && kind !== 'wrongContentType')
      return `/rules/${i} contentType applies to errorKind wrongContentType only`;
  }
  return undefined;
}

/** Checks a fault configuration; returns why it is invalid, or undefined. */
export function checkFaults(body: unknown): string | undefined {
  return faultsValidator()(body) ? ruleProblems(body) : faultErrors();
}

/** The latency generator's seed, derived from the configuration's so the two draw different numbers. */
function latencySeed(seed: number): number {
  return (seed ^ 0x9e3779b9) >>> 0;
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
  private feedRules: EventFeedRule[] = [];
  private seed = 1;
  private random: () => number = generator(1);
  // Its own generator, so adding a latency profile does not change which requests fail.
  private latencyRandom: () => number = generator(latencySeed(1));
  /** Connections of requests a `hang` fault holds unanswered. */
  private readonly hung = new Set<Socket>();
  /** Set once the server closes: a `hang` from then on drops its connection at once. */
  private released = false;

  /** The current rules. */
  list(): FaultRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  /** What `GET /__admin/faults` shows: the rules, and the event-feed rules when there are any. */
  view(): { rules: FaultRule[]; eventFeed?: EventFeedRule[] } {
    const eventFeed = this.feedRules.map((r) => ({ ...r }));
    return { rules: this.list(), ...(eventFeed.length > 0 ? { eventFeed } : {}) };
  }

  /** Replaces the rules; returns an error message for an invalid configuration. */
  configure(body: unknown): string | undefined {
    const problem = checkFaults(body);
    if (problem !== undefined) return problem;
    const config = body as FaultConfig;
    this.rules = (config.rules ?? []).map((r) => ({ ...r }));
    this.feedRules = (config.eventFeed ?? []).map((r) => ({ ...r }));
    this.seed = config.seed ?? 1;
    this.random = generator(this.seed);
    this.latencyRandom = generator(latencySeed(this.seed));
    return undefined;
  }

  /** Turns every fault off. */
  clear(): void {
    this.rules = [];
    this.feedRules = [];
  }

  /** Drops the connections that `hang` faults hold (the server is closing and would wait for them). */
  releaseHung(): void {
    this.released = true;
    releaseHung(this.hung);
  }

  /**
   * The event-feed faults of a tenant, per view query name, for the request context; undefined when
   * no rule names the tenant, so the views behave as the spec says. Several matching rules combine:
   * the longest lag, the highest duplicate rate, reordering if any asks for it.
   */
  eventFeed(tenant: string): ((query: string) => EventFeedFaults | undefined) | undefined {
    const rules = this.feedRules.filter((r) => r.tenant === undefined || r.tenant === tenant);
    if (rules.length === 0) return undefined;
    const seed = this.seed;
    return (query) => {
      const matching = rules.filter((r) => r.view === undefined || r.view === query);
      if (matching.length === 0) return undefined;
      return {
        lagSeconds: Math.max(...matching.map((r) => r.lagSeconds ?? 0)),
        duplicateRate: Math.max(...matching.map((r) => r.duplicateRate ?? 0)),
        reorderWithinPage: matching.some((r) => r.reorderWithinPage === true),
        seed,
      };
    };
  }

  /**
   * What the fault rules decide for one request of `tenant`: undefined when no rule can match it, decided
   * from the tenant alone so that a rule for one tenant costs another nothing (its body is never parsed
   * here); otherwise the latency to add and the failure to inject, if any. The draws follow the seeded
   * generators, so a run with a seed fails the same requests every time.
   */
  decide(tenant: string, request: FaultedRequest): FaultDecision | undefined {
    if (this.rules.length === 0) return undefined;
    const candidates = this.rules.filter((r) => r.tenant === undefined || r.tenant === tenant);
    if (candidates.length === 0) return undefined;
    // The body is parsed only when a rule of this tenant names operations.
    const fields = candidates.some((r) => r.operations?.length) ? rootFields(request) : [];
    const matching = candidates.filter(
      (r) => !r.operations?.length || r.operations.some((op) => fields.includes(op)),
    );
    if (matching.length === 0) return undefined;
    const latencyMs = Math.max(
      ...matching.map((r) => (r.latency ? sampleLatency(r.latency, this.latencyRandom) : (r.latencyMs ?? 0))),
    );
    const failing = matching.find((r) => (r.errorRate ?? 0) > 0 && this.random() < (r.errorRate ?? 0));
    if (!failing) return { latencyMs };
    const kind = failing.errorKind ?? 'http503';
    if ((NETWORK_FAULT_KINDS as readonly string[]).includes(kind))
      return { latencyMs, network: { ...failing, kind: kind as NetworkFaultKind } };
    return { latencyMs, answer: faultAnswer(kind as Exclude<FaultKind, NetworkFaultKind>) };
  }

  /**
   * Holds a `hang` fault's connection unanswered until the client gives up or the server closes; once
   * the server is closing the connection is dropped at once.
   */
  hang(socket: Socket): void {
    if (this.released) {
      socket.destroy();
      return;
    }
    this.hung.add(socket);
    socket.once('close', () => this.hung.delete(socket));
  }

  /** Sends an answer through a network fault; slow bodies are released like hangs on close. */
  deliver(res: ServerResponse, fault: NetworkFault, answer: GraphqlAnswer): void {
    if (fault.kind === 'hang') {
      if (res.socket) this.hang(res.socket);
      return;
    }
    deliverNetworkFault(res, fault, answer, this.hung);
  }
}

/** The request a fault rule looks at: its method, URL (for a GET's query) and body text. */
export interface FaultedRequest {
  method: string;
  url: string;
  body: string | undefined;
}

/** What the rules decided for a request: a latency, and an answer instead of the route's or a network fault. */
export interface FaultDecision {
  latencyMs: number;
  /** The injected HTTP or GraphQL error, answered instead of executing the request. */
  answer?: GraphqlAnswer;
  /** The network fault the route's answer goes through. */
  network?: NetworkFault;
}

/** The answer of an injected HTTP status or GraphQL error (Retry-After comes with the code). */
function faultAnswer(kind: Exclude<FaultKind, NetworkFaultKind>): GraphqlAnswer {
  if (kind === 'http429')
    return errorAnswer(CODE.RATE_LIMITED, 'Too many requests (injected fault).', { status: 429 });
  if (kind === 'http503')
    return errorAnswer(CODE.SERVICE_UNAVAILABLE, 'Service unavailable (injected fault).', { status: 503 });
  return {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ ...errorEnvelope(CODE.INJECTED_FAULT, 'Injected fault.'), data: null }),
  };
}

/** Root field names of the operation a GraphQL request would run; empty when it cannot be read. */
function rootFields(req: FaultedRequest): string[] {
  let query: unknown;
  let operationName: unknown;
  try {
    if (req.method === 'GET') {
      const params = new URL(req.url, 'http://localhost').searchParams;
      query = params.get('query');
      operationName = params.get('operationName');
    } else {
      const body = JSON.parse(req.body ?? '') as {
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
