import { DEV_TOKENS } from '../../contract/endpoint.js';
import { VERSIONS, type Version } from '../../contract/versions.js';
import { postGraphQL, type HttpOptions } from './http-client.js';
import {
  displayUrl,
  endpointOf,
  endpointTemplate,
  isSimulatorAt,
  simulatorTemplate,
  type EndpointTemplate,
  type Target,
  type TargetFactory,
} from './target.js';

/** How the user named a target on the command line. */
export interface TargetSpec {
  /** `sim` or a URL. */
  target: string;
  token?: string;
  /** The limited (second) tenant's token; defaults to the simulator's for `sim`. */
  limitedToken?: string;
  /** `name=value` pairs. */
  headers: readonly string[];
  region: string;
}

/** A target ready for requests, and how to release it. */
export interface OpenTarget {
  target: Target;
  close(): Promise<void>;
}

/** Parses `--header name=value` flags. */
export function parseHeaders(
  list: readonly string[],
): { ok: true; headers: Record<string, string> } | { ok: false; error: string } {
  const headers: Record<string, string> = {};
  for (const item of list) {
    const eq = item.indexOf('=');
    const name = eq > 0 ? item.slice(0, eq).trim() : '';
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name))
      return { ok: false, error: `--header "${item}" is not name=value` };
    headers[name.toLowerCase()] = item.slice(eq + 1).trim();
  }
  return { ok: true, headers };
}

/** A target spec checked without loading or sending anything: its request headers and, for a URL, its endpoint template. */
export interface CheckedTarget {
  headers: Record<string, string>;
  limitedHeaders?: Record<string, string>;
  /** Undefined for `sim`. */
  template?: EndpointTemplate;
}

/**
 * Checks what can be checked of a target spec before anything is loaded or sent: the headers, the URL,
 * that it can serve every revision asked for, and that a URL has a token. The CLI runs it before loading
 * the runner, so these usage errors come at once.
 */
export function checkTarget(
  spec: TargetSpec,
  revisions: readonly Version[],
): { ok: true; checked: CheckedTarget } | { ok: false; error: string } {
  const parsed = parseHeaders(spec.headers);
  if (!parsed.ok) return parsed;
  const headers = { ...parsed.headers };
  const token = spec.token ?? (spec.target === 'sim' ? DEV_TOKENS.full : undefined);
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const limitedToken = spec.limitedToken ?? (spec.target === 'sim' ? DEV_TOKENS.limited : undefined);
  const limited =
    limitedToken !== undefined
      ? { limitedHeaders: { ...headers, authorization: `Bearer ${limitedToken}` } }
      : {};
  if (spec.target === 'sim') return { ok: true, checked: { headers, ...limited } };
  const template = endpointTemplate(spec.target, spec.region);
  if ('error' in template)
    return { ok: false, error: `--target: ${template.error} (expected "sim" or an http(s) URL)` };
  if (!template.versioned && revisions.length > 1) {
    return {
      ok: false,
      error: `the target URL names no revision, so it cannot serve ${revisions.join(' and ')}; pass one --version, or put {version} in the URL (e.g. https://host/{version}/public-api/graphql)`,
    };
  }
  if (headers.authorization === undefined) {
    return {
      ok: false,
      error: `--token is needed for ${displayUrl(spec.target)} (or pass --header authorization=…)`,
    };
  }
  return { ok: true, checked: { headers, ...limited, template } };
}

/**
 * Opens a target: starts the simulator for `sim`, or reads a URL (probing whether it is a simulator).
 * Errors are values; they are setup errors (exit 2) for the CLI.
 */
export async function openTarget(
  spec: TargetSpec,
  revisions: readonly Version[],
  http: HttpOptions,
  startSimulator: TargetFactory | undefined,
): Promise<{ ok: true; open: OpenTarget } | { ok: false; error: string }> {
  const check = checkTarget(spec, revisions);
  if (!check.ok) return check;
  const { headers, limitedHeaders, template } = check.checked;
  const limited = limitedHeaders ? { limitedHeaders } : {};
  if (template === undefined) {
    if (!startSimulator)
      return { ok: false, error: 'simulator not available: src/server could not be loaded' };
    let started;
    try {
      started = await startSimulator();
    } catch (error) {
      return { ok: false, error: `simulator not available: ${(error as Error).message}` };
    }
    const sim = simulatorTemplate(started.baseUrl, spec.region);
    return {
      ok: true,
      open: {
        target: {
          label: 'sim',
          endpointFor: (v) => endpointOf(sim, v),
          endpointIn: (v, r) => endpointOf(simulatorTemplate(started.baseUrl, r), v),
          region: spec.region,
          headers,
          ...limited,
          isSimulator: true,
          admin: started.admin && { baseUrl: started.baseUrl, ...started.admin },
        },
        close: () => started.close(),
      },
    };
  }
  const isSimulator = await isSimulatorAt(template.template, http);
  return {
    ok: true,
    open: {
      target: {
        label: displayUrl(template.template),
        endpointFor: (v) => endpointOf(template, v),
        ...(spec.target.includes('{region}')
          ? {
              region: spec.region,
              endpointIn: (v: Version, r: string) => {
                const other = endpointTemplate(spec.target, r);
                return 'error' in other ? endpointOf(template, v) : endpointOf(other, v);
              },
            }
          : {}),
        headers,
        ...limited,
        isSimulator,
      },
      close: async () => {},
    },
  };
}

/**
 * Checks each revision's endpoint answers a trivial query; a setup error message when it does not.
 * A refusal (401, 403) or a 404 is a setup error only where the credentials are refused, or the address
 * answers 404, on every revision: a token or a URL the user got wrong. Where another revision serves the
 * same credentials at the same address, the one that does not is the target's defect, which the run
 * reports as differences (a revision whose key set or route was lost in a release). So is a limited
 * tenant's token that every revision refuses while the main token is served: every step of that tenant
 * then reports the refusal (a key a release lost, or a token mistyped: the differences say which token).
 */
export async function preflight(
  target: Target,
  revisions: readonly Version[],
  http: HttpOptions,
): Promise<string | undefined> {
  const credentials: [Record<string, string>, string][] = [[target.headers, '--token']];
  if (target.limitedHeaders) credentials.push([target.limitedHeaders, '--limited-token']);
  let mainServed = false;
  for (const [headers, flag] of credentials) {
    let problem: string | undefined;
    let served = false;
    for (const revision of revisions.length > 0 ? revisions : VERSIONS) {
      const url = target.endpointFor(revision);
      const outcome = await postGraphQL({ url, headers, body: { query: '{ __typename }' } }, http);
      if (outcome.kind === 'network-error')
        return `cannot reach the target ${displayUrl(url)}: ${outcome.message}`;
      if (outcome.status === 401 || outcome.status === 403)
        problem ??= `the target ${displayUrl(url)} rejected the credentials (HTTP ${outcome.status}); check ${flag}`;
      else if (outcome.status === 404)
        problem ??= `the target ${displayUrl(url)} answers 404: no GraphQL endpoint at that address`;
      else served = true;
    }
    // A second tenant's token refused where the first tenant's is served may be a key the release lost
    // (a rotation that dropped it): its steps report the refusals, as a lost revision's do.
    if (problem !== undefined && !served && !(flag === '--limited-token' && mainServed)) return problem;
    if (flag === '--token') mainServed = served;
  }
  return undefined;
}
