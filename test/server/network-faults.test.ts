// Network faults, each seen by a real HTTP client (Node's fetch, and node:http for the hang at
// shutdown): reset → connection error, hang → client timeout, slowBody → a body no faster than the rate,
// truncate → JSON parse error, wrongContentType → the content type seen.
import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startSimulator, type HttpSimulator } from '../../src/api/index.js';

const QUERY = '{ lists(limit: 20) { totalModels models { id name description ownerName creatorName } } }';

let sim: HttpSimulator;

function ask(signal?: AbortSignal, query = QUERY): Promise<Response> {
  return fetch(sim.graphqlUrl(), {
    method: 'POST',
    headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
    ...(signal ? { signal } : {}),
  });
}

/** The error a promise rejects with (fails when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

beforeAll(async () => {
  sim = await startSimulator();
});

beforeEach(() => sim.clearFaults());

afterAll(async () => {
  await sim.stop();
});

describe('network faults', () => {
  it('reset mid-body: the client gets the headers, then the connection fails while reading the body', async () => {
    await sim.setFaults({ rules: [{ operations: ['lists'], errorRate: 1, errorKind: 'reset' }] });
    const res = await ask();
    expect(res.status).toBe(200);
    const error = await rejection(res.text());
    expect(error.message).toMatch(/terminated|reset|closed/i);
    // Only the operations named are affected.
    const other = await ask(undefined, '{ regionalSettings { language { name } } }');
    const answer = (await other.json()) as { data: { regionalSettings: { language: { name: string } } } };
    expect(answer.data.regionalSettings.language.name).toEqual(expect.any(String));
  });

  it('reset after the headers: no byte of the body arrives', async () => {
    await sim.setFaults({ rules: [{ errorRate: 1, errorKind: 'reset', resetAt: 'headers' }] });
    const error = await rejection(ask().then((res) => res.arrayBuffer()));
    expect(error.message).toMatch(/terminated|reset|closed|fetch failed/i);
  });

  it('hang: nothing is answered until the client gives up', async () => {
    await sim.setFaults({ rules: [{ errorRate: 1, errorKind: 'hang' }] });
    const error = await rejection(ask(AbortSignal.timeout(300)));
    expect(error.name).toBe('TimeoutError');
  });

  it('slowBody: the body takes at least as long as its length at the rate', async () => {
    const full = Buffer.byteLength(await (await ask()).text());
    const rate = 4096;
    await sim.setFaults({ rules: [{ errorRate: 1, errorKind: 'slowBody', bytesPerSecond: rate }] });
    const started = performance.now();
    const res = await ask();
    const text = await res.text();
    const elapsed = performance.now() - started;
    expect(Buffer.byteLength(text)).toBe(full);
    expect(JSON.parse(text).data.lists.totalModels).toBeGreaterThan(0);
    // A lower bound the server's pacing guarantees: its window (first slice due to last sent) lies
    // inside the client's (request sent to body read), on the same clock.
    expect(elapsed).toBeGreaterThanOrEqual((full / rate) * 1000);
  });

  it('truncate: a whole HTTP answer whose JSON is cut', async () => {
    await sim.setFaults({ rules: [{ errorRate: 1, errorKind: 'truncate' }] });
    const res = await ask();
    expect(res.status).toBe(200);
    const error = await rejection(res.json());
    // Node's own SyntaxError, from another realm than jest's: compare by name.
    expect(error.name).toBe('SyntaxError');
  });

  it("wrongContentType: the body is labelled as HTML (or the rule's type)", async () => {
    await sim.setFaults({ rules: [{ errorRate: 1, errorKind: 'wrongContentType' }] });
    expect((await ask()).headers.get('content-type')).toBe('text/html; charset=utf-8');
    await sim.setFaults({
      rules: [{ errorRate: 1, errorKind: 'wrongContentType', contentType: 'text/plain' }],
    });
    const res = await ask();
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(JSON.parse(await res.text()).data.lists.totalModels).toBeGreaterThan(0);
  });

  it('applies per tenant and by rate and seed like the other kinds', async () => {
    const limited = sim.tenants.find((t) => t.token === 'dev-token-limited')!.id;
    await sim.setFaults({ rules: [{ tenant: limited, errorRate: 1, errorKind: 'truncate' }] });
    const whole = (await (await ask()).json()) as { data: { lists: { totalModels: number } } };
    expect(whole.data.lists.totalModels).toBeGreaterThan(0);
    const outcomes = async () => {
      await sim.setFaults({ seed: 5, rules: [{ errorRate: 0.5, errorKind: 'truncate' }] });
      const out: boolean[] = [];
      for (let i = 0; i < 12; i += 1)
        out.push(
          await (await ask()).json().then(
            () => true,
            () => false,
          ),
        );
      return out;
    };
    const first = await outcomes();
    expect(first).toContain(true);
    expect(first).toContain(false);
    expect(await outcomes()).toEqual(first);
  });

  it('refuses shaping fields of another kind', async () => {
    await expect(sim.setFaults({ rules: [{ errorKind: 'reset', bytesPerSecond: 10 }] })).rejects.toThrow(
      /bytesPerSecond applies to errorKind slowBody only/,
    );
    await expect(sim.setFaults({ rules: [{ errorKind: 'http503', resetAt: 'headers' }] })).rejects.toThrow(
      /resetAt/,
    );
    await expect(sim.setFaults({ rules: [{ errorKind: 'slowBody', bytesPerSecond: 0 }] })).rejects.toThrow(
      /bytesPerSecond/,
    );
  });
});

describe('a hung request at shutdown', () => {
  it('a body slower than anyone waits for does not keep the server from stopping either', async () => {
    const own = await startSimulator();
    await own.setFaults({ rules: [{ errorRate: 1, errorKind: 'slowBody', bytesPerSecond: 1 }] });
    const res = await fetch(own.graphqlUrl(), {
      method: 'POST',
      headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ regionalSettings { language { name } } }' }),
    });
    const reading = res.text().then(
      () => 'read',
      (error: Error) => error.message,
    );
    await own.stop();
    expect(await reading).toMatch(/terminated|closed|reset/i);
  });

  it('does not keep the server from stopping, and the client sees the connection end', async () => {
    const own = await startSimulator();
    await own.setFaults({ rules: [{ errorRate: 1, errorKind: 'hang' }] });
    const url = new URL(own.graphqlUrl());
    const ended = new Promise<string>((resolve) => {
      const req = request(
        url,
        {
          method: 'POST',
          headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
        },
        () => resolve('answered'),
      );
      req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      req.end(JSON.stringify({ query: '{ firm { name } }' }));
      // Stop once the request is sent (and a moment for it to be read); a hang that arrives while the
      // server closes drops its connection at once, so the order does not decide the outcome.
      req.once('finish', () => setTimeout(() => void own.stop(), 50));
    });
    expect(await ended).toMatch(/ECONNRESET|socket hang up/);
    await own.stop();
  });
});
