import { GRAPHQL_PATH } from '../../contract/endpoint.js';
import { VERSIONS, type Version } from '../../contract/versions.js';
import { sendHttp, type HttpOptions } from './http-client.js';

/** Where and how the runner sends requests. */
export interface Target {
  /** What reports call the target: `sim` or the URL without credentials. */
  label: string;
  /** The GraphQL endpoint serving a revision. */
  endpointFor(version: Version): string;
  /** Headers sent with every request (Authorization included; reports mask it). */
  headers: Record<string, string>;
  /** Headers of steps with `as: limited` (the second tenant); absent when no limited tenant is configured. */
  limitedHeaders?: Record<string, string>;
  /**
   * The endpoint serving a revision in another region (steps with `region`); absent when the target
   * URL names no `{region}`, so it reaches one region only.
   */
  endpointIn?(version: Version, region: string): string;
  /** The target's own region (`--region`), that steps without `region` are sent to. */
  region?: string;
  /** Whether this is the simulator, where `mutates` scenarios may run without --allow-mutations. */
  isSimulator: boolean;
  /** The simulator's admin API, when the runner started it: scenarios' provider states (`state`) need it. */
  admin?: SimulatorAdmin;
}

/** Where a scenario's provider states are set: the admin API of a simulator and the main tenant's id. */
export interface SimulatorAdmin {
  /** Base URL of the simulator, e.g. `http://127.0.0.1:4100`. */
  baseUrl: string;
  token: string;
  /** Id of the tenant whose token the scenarios run with. */
  tenant: string;
}

/** A started target the caller must close, e.g. the in-process simulator. */
export interface StartedTarget {
  baseUrl: string;
  /** The admin API's token, when the started target is a simulator that exposes one. */
  adminToken?: string;
  close(): Promise<void>;
  /** The admin token and the main tenant's id, for scenarios' provider states. */
  admin?: { token: string; tenant: string };
}

/** Starts a target; the CLI's `--target sim` uses one that starts the simulator on a fresh in-memory store. */
export type TargetFactory = () => Promise<StartedTarget>;

/** An endpoint template: `{version}` marks where the revision goes, or nothing when the URL names none. */
export interface EndpointTemplate {
  template: string;
  /** False when the URL serves one revision only, so `--version all` cannot use it. */
  versioned: boolean;
}

/**
 * Reads a target URL: `{version}` (and `{region}`) placeholders, or a `/1.4.0/`-style path segment
 * that is swapped per revision (A-57, the simulator's layout); `/public-api/graphql` is appended
 * when the URL is a base address.
 */
export function endpointTemplate(url: string, region = 'us'): EndpointTemplate | { error: string } {
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/\{(version|region)\}/g, '_$1_'));
  } catch {
    return { error: `"${url}" is not a URL` };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return { error: `"${url}" is not an http(s) URL` };
  let template = url.replace(/\{region\}/g, region).replace(/\/+$/, '');
  let versioned = template.includes('{version}');
  if (!versioned) {
    const segment = new RegExp(`/(${VERSIONS.map((v) => v.replace(/\./g, '\\.')).join('|')})(?=/|$)`);
    if (segment.test(new URL(template).pathname)) {
      template = template.replace(segment, '/{version}');
      versioned = true;
    }
  }
  const path = new URL(template.replace(/\{version\}/g, 'v')).pathname;
  if (!path.endsWith(GRAPHQL_PATH)) template += GRAPHQL_PATH;
  return { template, versioned };
}

/** The simulator's endpoint template below its base URL (design.md). */
export function simulatorTemplate(baseUrl: string, region = 'us'): EndpointTemplate {
  return { template: `${baseUrl.replace(/\/+$/, '')}/${region}/{version}${GRAPHQL_PATH}`, versioned: true };
}

/** Fills a template for one revision. */
export function endpointOf(template: EndpointTemplate, version: Version): string {
  return template.template.replace(/\{version\}/g, version);
}

/** A URL safe to print: no user info, no query string. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url.replace(/\{version\}/g, '_version_'));
    u.username = '';
    u.password = '';
    u.search = '';
    return u.toString().replace(/_version_/g, '{version}');
  } catch {
    return url;
  }
}

/** Whether `GET <origin>/__admin/health` answers `{ "simulator": true }`; anything else is a real endpoint. */
export async function isSimulatorAt(url: string, http: HttpOptions): Promise<boolean> {
  let origin: string;
  try {
    origin = new URL(url.replace(/\{version\}/g, 'v')).origin;
  } catch {
    return false;
  }
  const outcome = await sendHttp(
    `${origin}/__admin/health`,
    { method: 'GET', headers: { accept: 'application/json' } },
    { ...http, retries: 0 },
  );
  return (
    outcome.kind === 'response' &&
    outcome.status === 200 &&
    typeof outcome.body === 'object' &&
    outcome.body !== null &&
    (outcome.body as Record<string, unknown>).simulator === true
  );
}
