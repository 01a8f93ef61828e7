/**
 * The "hostile" section (issue "hostile clients"): a simulator in its own process, flooded the way an
 * attacker would, while a canary request with a token measures whether other clients are still served.
 * Per flood: the server's RSS growth (peak over the RSS before the flood) and the canary's latency,
 * against ≤ 300 MB growth and the canary answered within 1 s. A flood whose server passes
 * {@link RSS_CEILING_MB} is stopped (the machine is shared), and then does not hold.
 */
import { readFileSync } from 'node:fs';
import pLimit from 'p-limit';
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

/** How a flood is sent: what is written first (before the baseline), and how many requests at once. */
interface FloodOptions {
  /** Run against the fresh server before the baseline is taken (data the flood reads). */
  prepare?: (url: string) => Promise<void>;
  /** Most flood requests in flight at once (default: all of them). */
  concurrency?: number;
}

/** Runs one flood against a fresh server and measures it. */
async function flood(
  name: string,
  bodies: readonly string[],
  token: string | undefined,
  options: FloodOptions = {},
): Promise<FloodFigures> {
  const { child, url } = await startServeChild(['--quiet']);
  const pid = child.pid!;
  try {
    await options.prepare?.(url);
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
    const limit = pLimit(options.concurrency ?? Math.max(1, bodies.length));
    const answers = Promise.all(
      bodies.map((body) =>
        limit(() =>
          send(url, body, token, AbortSignal.any([abort.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)])),
        ),
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

/** `count` aliases of `field` in one document. */
function aliased(kind: 'query' | 'mutation', count: number, field: string, head = ''): string {
  return `${kind} ${head} { ${Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join(' ')} }`;
}

/**
 * Writes 30,000 activities with 150 requests of 200 aliased addActivity calls sharing one 4,000-character
 * summary (issue 41 item 3): the data the amplification flood reads back.
 */
async function writeActivities(url: string): Promise<void> {
  const types = await fetch(`${url}/public-api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer dev-token' },
    body: JSON.stringify({ query: '{ activityTypes(onlyUserCreatable: false) { models { id } } }' }),
  });
  const typeId = ((await types.json()) as { data: { activityTypes: { models: { id: string }[] } } }).data
    .activityTypes.models[0]!.id;
  const add = aliased(
    'mutation',
    200,
    `addActivity(input: { typeId: "${typeId}", activityDate: "2026-01-01 09:00:00", subject: "s", summary: $s }) { id }`,
    '($s: String)',
  );
  const body = JSON.stringify({ query: add, variables: { s: 'x'.repeat(4000) } });
  for (let i = 0; i < 150; i += 1) await send(url, body, 'dev-token');
}

/** A page of contacts with their addresses, e-mails and phones, under an alias that differs each time. */
function distinctDocument(i: number): string {
  return JSON.stringify({
    query: `{ x${i}: searchFirmContacts(limit: 1) { totalModels models { id displayName tags addresses { id street city } emailAddresses { address } phoneNumbers { number } ... on Person { firstName lastName fullName title currentEmployer { id name } } } } }`,
  });
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
  // Issue 41 item 3: six parallel reads of 60 full pages of those activities (245 MB each before the
  // byte cap), and item 5: distinct documents, 8 at a time, each compiled by the jit engine.
  log('hostile: response amplification (60 pages of 4,000-character activities) ×6 in parallel');
  floods.push(
    await flood(
      'response amplification ×6',
      Array.from({ length: 6 }, () =>
        JSON.stringify({ query: aliased('query', 60, 'activities(limit: 1000) { models { summary } }') }),
      ),
      'dev-token',
      { prepare: writeActivities },
    ),
  );
  log('hostile: distinct documents ×3,000 (8 at a time)');
  floods.push(
    await flood(
      'distinct documents ×3,000',
      Array.from({ length: 3000 }, (_, i) => distinctDocument(i)),
      'dev-token',
      { concurrency: 8 },
    ),
  );
  for (const f of floods)
    log(
      `hostile: ${f.name}: RSS +${f.rssGrowthMb} MB (≤ ${GROWTH_TARGET_MB}), canary ${f.canaryMs === null ? 'not answered' : `${f.canaryMs} ms`} (≤ ${CANARY_TARGET_MS}), answers ${JSON.stringify(f.statuses)}, ${f.wallMs} ms${f.stopped ? `, stopped above ${RSS_CEILING_MB} MB` : ''} → ${f.holds ? 'holds' : 'does not hold'}`,
    );
  return { floods };
}
