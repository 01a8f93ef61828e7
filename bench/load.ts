import autocannon from 'autocannon';
import {
  BENCH_HEADERS,
  BENCH_PATH,
  requestBody,
  type BenchFixture,
  type BenchRequestName,
} from './queries.js';

/** One load measurement: requests per second and latency percentiles in milliseconds. */
export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Failed requests (connection errors, timeouts, non-2xx). */
  errors: number;
}

/** How to load a server. */
export interface LoadOptions {
  duration: number;
  connections: number;
}

/** Sends the request once and throws unless the answer is a GraphQL response with data and no errors. */
export async function verify(url: string, name: BenchRequestName, fixture: BenchFixture): Promise<string> {
  const response = await fetch(`${url}${BENCH_PATH}`, {
    method: 'POST',
    headers: BENCH_HEADERS,
    body: requestBody(name, fixture, -1),
  });
  const text = await response.text();
  const body = JSON.parse(text) as { data?: unknown; errors?: unknown };
  if (response.status !== 200 || body.errors || !body.data) {
    throw new Error(`${name} at ${url}: HTTP ${response.status} ${text.slice(0, 300)}`);
  }
  return text;
}

/** Runs autocannon once with one request (the mutation gets a new value on every call). */
export async function loadOnce(
  url: string,
  name: BenchRequestName,
  fixture: BenchFixture,
  options: LoadOptions,
): Promise<LoadResult> {
  let n = 0;
  const result = await autocannon({
    url: `${url}${BENCH_PATH}`,
    connections: options.connections,
    duration: options.duration,
    method: 'POST',
    headers: BENCH_HEADERS,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({ ...request, body: requestBody(name, fixture, (n += 1)) }),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
