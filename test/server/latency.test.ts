// Latency profiles of the fault rules (issue 21 item 5): the sampler's percentiles over many draws, and
// the profiles applied to real requests over HTTP.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sampleLatency, type LatencyProfile } from '../../src/server/latency.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { Rng } from '../reliability/random.js';

/** mulberry32, as the faults use (test/reliability/random.ts): a seeded uniform source, so a failure can be replayed. */
function seeded(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

function samples(profile: LatencyProfile, n = 20_000, seed = 3): number[] {
  const random = seeded(seed);
  return Array.from({ length: n }, () => sampleLatency(profile, random)).sort((a, b) => a - b);
}

describe('sampleLatency', () => {
  it('gives the fixed delay every time', () => {
    expect(new Set(samples({ kind: 'fixed', ms: 7 }, 100))).toEqual(new Set([7]));
  });

  it('spreads a uniform profile evenly between min and max', () => {
    const s = samples({ kind: 'uniform', minMs: 100, maxMs: 200 });
    expect(s[0]).toBeGreaterThanOrEqual(100);
    expect(s[s.length - 1]).toBeLessThanOrEqual(200);
    expect(percentile(s, 0.25)).toBeGreaterThanOrEqual(122);
    expect(percentile(s, 0.25)).toBeLessThanOrEqual(128);
    expect(percentile(s, 0.5)).toBeGreaterThanOrEqual(147);
    expect(percentile(s, 0.5)).toBeLessThanOrEqual(153);
    expect(percentile(s, 0.75)).toBeGreaterThanOrEqual(172);
    expect(percentile(s, 0.75)).toBeLessThanOrEqual(178);
  });

  it('gives a lognormal profile its median and the tail its sigma implies', () => {
    // ln(X) ~ N(ln 80, 0.5²): p50 = 80, p84.1 = 80·e^0.5 ≈ 131.9, p15.9 = 80·e^-0.5 ≈ 48.5, p97.7 ≈ 217.5.
    const s = samples({ kind: 'lognormal', medianMs: 80, sigma: 0.5 });
    expect(percentile(s, 0.5)).toBeGreaterThanOrEqual(78);
    expect(percentile(s, 0.5)).toBeLessThanOrEqual(82);
    expect(percentile(s, 0.8413)).toBeGreaterThanOrEqual(127);
    expect(percentile(s, 0.8413)).toBeLessThanOrEqual(137);
    expect(percentile(s, 0.1587)).toBeGreaterThanOrEqual(46);
    expect(percentile(s, 0.1587)).toBeLessThanOrEqual(51);
    expect(percentile(s, 0.9772)).toBeGreaterThanOrEqual(200);
    expect(percentile(s, 0.9772)).toBeLessThanOrEqual(235);
  });

  it('draws the same delays from the same seed, and other ones from another', () => {
    const profile: LatencyProfile = { kind: 'lognormal', medianMs: 5, sigma: 1 };
    const a = seeded(11);
    const b = seeded(11);
    const c = seeded(12);
    const draw = (r: () => number) => Array.from({ length: 50 }, () => sampleLatency(profile, r));
    const first = draw(a);
    expect(draw(b)).toEqual(first);
    expect(draw(c)).not.toEqual(first);
  });

  it('never exceeds the one-minute cap', () => {
    expect(samples({ kind: 'lognormal', medianMs: 50_000, sigma: 3 }, 2_000).at(-1)).toBe(60_000);
  });
});

describe('latency profiles over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const query = '{ regionalSettings { locale { code } } }';

  async function durations(n: number): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < n; i += 1) {
      const start = performance.now();
      expect((await server.gql(query)).status).toBe(200);
      out.push(performance.now() - start);
    }
    return out.sort((a, b) => a - b);
  }

  it('delays every matching request by at least the profile minimum, spread over its range', async () => {
    const set = await server.admin('PUT', '/faults', {
      seed: 5,
      rules: [{ operations: ['regionalSettings'], latency: { kind: 'uniform', minMs: 40, maxMs: 120 } }],
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      rules: [{ operations: ['regionalSettings'], latency: { kind: 'uniform', minMs: 40, maxMs: 120 } }],
    });
    const d = await durations(12);
    expect(d[0]).toBeGreaterThanOrEqual(39);
    // Twelve uniform draws over 80 ms differ by far more than request-to-request noise.
    expect(d[d.length - 1]! - d[0]!).toBeGreaterThan(20);
  });

  it('keeps latencyMs as a fixed delay, and a lognormal profile centres near its median', async () => {
    await server.admin('PUT', '/faults', { rules: [{ latencyMs: 60 }] });
    expect((await durations(3))[0]).toBeGreaterThanOrEqual(59);
    await server.admin('PUT', '/faults', {
      rules: [{ latency: { kind: 'lognormal', medianMs: 5, sigma: 0.5 } }],
    });
    const d = await durations(30);
    // About half the draws are under 5 ms; every draw is over 5·e^(-3·0.5) ≈ 1.1 ms of delay.
    expect(percentile(d, 0.5)).toBeGreaterThanOrEqual(2);
    expect(percentile(d, 0.5)).toBeLessThan(40);
    await server.admin('DELETE', '/faults');
  });

  it.each([
    [{ latencyMs: 5, latency: { kind: 'fixed', ms: 5 } }, 'gives latencyMs and latency; give one'],
    [{ latency: { kind: 'uniform', minMs: 9, maxMs: 3 } }, 'latency.minMs is above latency.maxMs'],
    [{ latency: { kind: 'gaussian', ms: 3 } }, 'kind'],
    [{ latency: { kind: 'lognormal', medianMs: 5 } }, "must have required property 'sigma'"],
  ])('refuses the rule %j with 400', async (rule, message) => {
    const res = await server.admin('PUT', '/faults', { rules: [rule] });
    expect(res.status).toBe(400);
    const errors = (res.body as { errors: Array<{ message: string }> }).errors;
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain(message);
  });
});
