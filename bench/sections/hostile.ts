/**
 * The "hostile" section (issue "hostile clients"): a simulator in its own process, flooded the way an
 * attacker would, while a canary request with a token measures whether other clients are still served.
 * Per flood: the server's RSS growth (peak over the RSS before the flood) and the canary's latency,
 * against ≤ 300 MB growth and the canary answered within 1 s. A flood whose server passes
 * {@link RSS_CEILING_MB} is stopped (the machine is shared), and then does not hold.
 */
import { readFileSync } from 'node:fs';
import { log } from '../log.js';
import { startServeChild } from '../serve-cli.js';

const MB = 1024 * 1024;
/** A flooded server above this RSS is killed rather than left to take the machine. */
const RSS_CEILING_MB = 2048;
/** A flood request not answered within this is given up (counted as unanswered). */
const REQUEST_TIMEOUT_MS = 120_000;
const GROWTH_TARGET_MB = 300;
const CANARY_TARGET_MS = 1000;

/** One flood's figures. */
export interface FloodFigures {
  name: string;
  requests: number;
  /** Peak RSS of the server during the flood minus its RSS before it. */
  rssGrowthMb: number;
  /** From sending the canary (once the flood is under way) to its answer; null when it got none. */
  canaryMs: number | null;
  /** Statuses of the flood's answers, with how many of each (`none` for no answer). */
  statuses: Record<string, number>;
  wallMs: number;
  /** Whether the server was killed for passing the RSS ceiling. */
  stopped: boolean;
  holds: boolean;
}

/** The section's figures. */
export interface HostileFigures {
  floods: FloodFigures[];
}

/** The resident set of a process in MB (Linux /proc). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function send(url: string, body: string, token?: string, signal?: AbortSignal): Promise<string> {
  try {
    const res = await fetch(`${url}/public-api/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
      body,
      signal: signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await res.arrayBuffer();
    return String(res.status);
  } catch {
    return 'none';
  }
}

const CANARY = JSON.stringify({ query: '{ regionalSettings { language { name } } }' });

/** Runs one flood against a fresh server and measures it. */
async function flood(
  name: string,
  bodies: readonly string[],
  token: string | undefined,
): Promise<FloodFigures> {
  const { child, url } = await startServeChild(['--quiet']);
  const pid = child.pid!;
  try {
    // Warm: the route, the schema and the tenant's store exist before the baseline is taken.
    for (let i = 0; i < 5; i += 1) await send(url, CANARY, 'dev-token');
    const before = rssMb(pid);
    let peak = before;
    let stopped = false;
    const abort = new AbortController();
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, rssMb(pid));
        if (peak > RSS_CEILING_MB && !stopped) {
          stopped = true;
          abort.abort();
          child.kill('SIGKILL');
        }
      } catch {
        // The process is gone.
      }
    }, 50);
    const started = performance.now();
    const answers = Promise.all(
      bodies.map((body) =>
        send(url, body, token, AbortSignal.any([abort.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)])),
      ),
    );
    // The canary goes once the flood is under way: its requests are sent, the server busy with them.
    await new Promise((resolve) => setTimeout(resolve, 250));
    const canaryStart = performance.now();
    const canaryStatus = await send(
      url,
      CANARY,
      'dev-token',
      AbortSignal.any([abort.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
    );
    const canaryMs = canaryStatus === '200' ? performance.now() - canaryStart : null;
    const statuses: Record<string, number> = {};
    for (const status of await answers) statuses[status] = (statuses[status] ?? 0) + 1;
    const wallMs = performance.now() - started;
    clearInterval(sampler);
    const rssGrowthMb = Math.round(peak - before);
    const holds =
      !stopped && rssGrowthMb <= GROWTH_TARGET_MB && canaryMs !== null && canaryMs <= CANARY_TARGET_MS;
    return {
      name,
      requests: bodies.length,
      rssGrowthMb,
      canaryMs: canaryMs === null ? null : Math.round(canaryMs),
      statuses,
      wallMs: Math.round(wallMs),
      stopped,
      holds,
    };
  } finally {
    child.kill('SIGKILL');
  }
}

/** A 1 MB body whose variables parse into about 350,000 objects (the issue's out-of-memory request). */
function unauthenticatedBody(): string {
  const head = '{"query":"query Flood($a: [String]) { __typename }","variables":{"a":[';
  const count = Math.floor((MB - head.length - 4) / 3);
  return `${head}${'{},'.repeat(count - 1)}{}]}}`;
}

/** 1,200 aliases of an introspection of every type's fields (about 96 KB), the issue's stalling request. */
function introspectionBody(): string {
  const selection = '__schema { types { name description fields { name description type { name kind } } } }';
  const aliases = Array.from({ length: 1200 }, (_, i) => `a${i}: ${selection}`).join(' ');
  return JSON.stringify({ query: `{ ${aliases} }` });
}

/** Runs the floods one after the other, each on a fresh server, and logs holds / does not hold. */
export async function measureHostile(): Promise<HostileFigures> {
  const floods: FloodFigures[] = [];
  const body = unauthenticatedBody();
  log('hostile: unauthenticated 1 MB bodies ×300');
  floods.push(
    await flood(
      'unauthenticated 1 MB bodies ×300',
      Array.from({ length: 300 }, () => body),
      undefined,
    ),
  );
  const introspection = introspectionBody();
  log('hostile: introspection aliases (1,200 per request) ×8 in parallel');
  floods.push(
    await flood(
      'introspection aliases ×8',
      Array.from({ length: 8 }, () => introspection),
      'dev-token',
    ),
  );
  for (const f of floods)
    log(
      `hostile: ${f.name}: RSS +${f.rssGrowthMb} MB (≤ ${GROWTH_TARGET_MB}), canary ${f.canaryMs === null ? 'not answered' : `${f.canaryMs} ms`} (≤ ${CANARY_TARGET_MS}), answers ${JSON.stringify(f.statuses)}, ${f.wallMs} ms${f.stopped ? `, stopped above ${RSS_CEILING_MB} MB` : ''} → ${f.holds ? 'holds' : 'does not hold'}`,
    );
  return { floods };
}
