// Issue 8 item 3, bad input fuzzing: thousands of generated requests against the real server over HTTP,
// both revisions. Documents are derived from the schema (valid-ish selections and arguments built from the
// store's own ids) and then broken by mutators, or random, or broken at the HTTP level. Every answer must be
// a well-formed GraphQL response without 5xx or INTERNAL_SERVER_ERROR and without a server log line; every
// request that did not write (queries, refused requests, rejected mutations) must leave every store exactly
// as it was (compared as JSON of `toSnapshot()`), and only its own (tenant, region) store may change at all;
// no prototype gets polluted; the server still answers at the end.
//
// Reproduce a failure with FUZZ_SEED=<seed printed in the failure> npm test -- test/reliability/fuzz
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Store } from '../../src/store/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { DocumentGenerator, printOperation, type IdPools } from './documents.js';
import { mutate, prototypeStrings, unmutated } from './mutators.js';
import { Rng } from './random.js';
import {
  postGenerated,
  randomDocument,
  responseProblems,
  send,
  transportCases,
  verdict,
  type Answer,
  type Region,
  type Version,
  type Wire,
} from './wire.js';

const SEED = Number(process.env['FUZZ_SEED'] ?? 20260608);
/**
 * Requests per revision and phase (about 2500 in all with the prototype-name phase, some 30 s of one core);
 * FUZZ_SCALE scales the generated phases.
 */
const SCALE = Number(process.env['FUZZ_SCALE'] ?? 1);
const PLAN = {
  query: Math.round(460 * SCALE),
  mutation: Math.round(380 * SCALE),
  deep: Math.round(30 * SCALE),
  random: Math.round(140 * SCALE),
  transport: 160,
};
const TENANTS = ['dev-firm', 'limited-firm'] as const;
const REGIONS: readonly Region[] = ['us', 'eu', 'au'];

/**
 * Server defects known at the time of writing (reported to the lead; src/server/ is not this test's to
 * change). A response whose only problems match one of these is counted, not failed; each must still
 * occur, so the entry fails the test once the defect is fixed and must then be removed.
 */
// Server defects the fuzzer found are fixed; a new one is added here only with an issue to fix it, and
// each entry must still occur (the test fails once it is fixed, so the entry is then removed).
const KNOWN_SERVER_DEFECTS: Array<{
  id: string;
  matches: (answer: Answer, logs: readonly string[]) => boolean;
}> = [];

let server: TestServer;
const logs: string[] = [];
const stores = new Map<string, Store>();
const lastJson = new Map<string, string>();
const hits = new Map<string, number>();
const stats = { requests: 0, rejectedMutationsChecked: 0, acceptedMutations: 0, unknownVerdicts: 0, ms: 0 };
const statuses = new Map<number, number>();

const PROTOTYPES = {
  Object: Object.prototype,
  Array: Array.prototype,
  Function: Function.prototype,
  String: String.prototype,
};
const prototypeShape = () =>
  Object.entries(PROTOTYPES)
    .map(([name, proto]) => `${name}:${Reflect.ownKeys(proto).map(String).sort().join(',')}`)
    .join('|');
let cleanPrototypes = '';

function storeOf(tenant: string, region: Region): Store {
  return stores.get(`${tenant}/${region}`)!;
}

function seqs(): string {
  return [...stores.entries()].map(([key, store]) => `${key}=${store.seq}`).join(' ');
}

function preview(body: Wire['body']): string {
  if (body === undefined) return '(none)';
  const text = typeof body === 'string' ? body : `bytes ${Buffer.from(body).toString('hex').slice(0, 40)}`;
  return text.length > 400 ? `${text.slice(0, 400)}… (${text.length} chars)` : text;
}

/** Sends one request and returns what is wrong with its answer and its effect on the stores. */
async function exec(wire: Wire): Promise<string[]> {
  const target = wire.target ?? { tenant: 'dev-firm', region: 'us' as Region };
  const store = storeOf(target.tenant, target.region);
  const seqsBefore = seqs();
  const key = `${target.tenant}/${target.region}`;
  // The JSON taken after the previous request on this store is its state now: nothing else writes here.
  const before = lastJson.get(key) ?? JSON.stringify(store.toSnapshot());
  logs.length = 0;
  const answer = await send(server.url, wire);
  stats.requests += 1;
  statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);

  let problems = responseProblems(answer);
  if (logs.length) problems.push(`server logged: ${logs.join(' | ').slice(0, 400)}`);
  if (problems.length) {
    const known = KNOWN_SERVER_DEFECTS.find((d) => d.matches(answer, logs));
    if (known) {
      hits.set(known.id, (hits.get(known.id) ?? 0) + 1);
      problems = [];
    }
  }

  if (prototypeShape() !== cleanPrototypes || ({} as Record<string, unknown>)['polluted'] !== undefined) {
    problems.push('a built-in prototype changed');
  }
  const v = verdict(wire, answer);
  // Queries that answered are compared whole on a sample (every third): a JSON of the store costs a few ms.
  const sampled =
    wire.mutationRoots !== undefined || !wire.label.startsWith('query/') || stats.requests % 3 === 0;
  const after = sampled || v !== 'unchanged' ? JSON.stringify(store.toSnapshot()) : before;
  lastJson.set(key, after);
  if (v !== 'unchanged' && /"(__proto__|constructor|prototype)":/.test(after)) {
    problems.push('a stored object has a prototype key');
  }
  if (v === 'unchanged') {
    if (wire.mutationRoots) stats.rejectedMutationsChecked += 1;
    if (after !== before)
      problems.push(`the ${target.tenant}/${target.region} store changed though nothing was written`);
    if (seqs() !== seqsBefore) problems.push(`store seqs changed: ${seqsBefore} -> ${seqs()}`);
  } else {
    if (v === 'accepted') stats.acceptedMutations += 1;
    else stats.unknownVerdicts += 1;
    const others = (s: string) =>
      s
        .split(' ')
        .filter((kv) => !kv.startsWith(`${target.tenant}/${target.region}=`))
        .join(' ');
    if (others(seqs()) !== others(seqsBefore)) problems.push(`another tenant's or region's store changed`);
  }
  if (problems.length === 0) return [];
  return [
    `${wire.label} ${wire.method} ${wire.path}: ${problems.join('; ')}\n    request: ${preview(wire.body)}\n    response: HTTP ${answer.status} ${answer.text.slice(0, 300)}`,
  ];
}

function failureReport(version: string, violations: string[]): string {
  return (
    `${violations.length} fuzz violation(s) in ${version} with FUZZ_SEED=${SEED} ` +
    `(rerun: FUZZ_SEED=${SEED} npm test -- test/reliability/fuzz):\n` +
    violations.slice(0, 15).join('\n')
  );
}

async function pools(): Promise<IdPools> {
  const byCollection = new Map<string, string[]>();
  for (const [name, entities] of Object.entries(storeOf('dev-firm', 'us').toSnapshot().collections)) {
    if (name !== 'events')
      byCollection.set(
        name,
        entities.map((e) => e.id),
      );
  }
  const foreign = Object.values(storeOf('limited-firm', 'us').toSnapshot().collections)
    .flat()
    .map((e) => e.id)
    .slice(0, 500);
  return { byCollection, foreign };
}

/** Mostly the full tenant in the US; sometimes another region, or the limited tenant. */
function pickTarget(rng: Rng): { token: string; region: Region } {
  const r = rng.next();
  if (r < 0.75) return { token: 'dev-token', region: 'us' };
  if (r < 0.85) return { token: 'dev-token', region: rng.pick(['eu', 'au'] as const) };
  return { token: 'dev-token-limited', region: rng.pick(REGIONS) };
}

beforeAll(async () => {
  server = await startTestServer({ log: (message) => logs.push(message) });
  for (const tenant of TENANTS) {
    for (const region of REGIONS)
      stores.set(`${tenant}/${region}`, await server.simulator.store(tenant, region));
  }
  cleanPrototypes = prototypeShape();
});

afterAll(async () => {
  await server?.close();
});

describe(`bad input fuzzing (FUZZ_SEED=${SEED})`, () => {
  it.each(['1.4.0', '1.2.0'] as const)(
    'survives generated bad input on %s',
    async (version: Version) => {
      const started = Date.now();
      const rng = new Rng(SEED ^ (version === '1.4.0' ? 0x140 : 0x120));
      const gen = new DocumentGenerator(server.simulator.schema(version), await pools());
      const violations: string[] = [];
      const run = async (wire: Wire) => violations.push(...(await exec(wire)));

      for (let i = 0; i < PLAN.query; i += 1) {
        const { token, region } = pickTarget(rng);
        const op = gen.query(rng);
        const req = rng.chance(0.45) ? unmutated(op) : mutate(rng, op);
        await run(postGenerated(req, version, region, token, 'query'));
      }

      // Every mutation at least twice (valid-ish and broken), then random ones.
      const names = gen.mutationNames;
      for (let i = 0; i < PLAN.mutation; i += 1) {
        const { token, region } = pickTarget(rng);
        const op = gen.mutation(rng, i < 2 * names.length ? names[i % names.length] : undefined);
        const req = i < names.length || rng.chance(0.4) ? unmutated(op) : mutate(rng, op);
        await run(postGenerated(req, version, region, token, 'mutation'));
      }

      // Every operation with arguments with every String and ID value "__proto__": once with all arguments,
      // and once per optional argument alone (so no other argument's error stops it first).
      for (const [kind, names] of [
        ['query', gen.queryNamesWithArgs],
        ['mutation', gen.mutationNames],
      ] as const) {
        for (const name of names) {
          for (const only of [undefined, ...gen.optionalArgs(kind, name)]) {
            const req = prototypeStrings(gen.everyArgument(rng, kind, name, only), '__proto__');
            if (req) await run(postGenerated(req, version, 'us', 'dev-token', 'prototype-names'));
          }
        }
      }

      for (let i = 0; i < PLAN.deep; i += 1) {
        const op = gen.deepQuery(rng, rng.pick([3, 8, 14, 40]));
        await run(postGenerated(unmutated(op), version, 'us', 'dev-token', 'deep-query'));
      }

      for (let i = 0; i < PLAN.random; i += 1) {
        const { token, region } = pickTarget(rng);
        const op = rng.chance(0.5) ? gen.query(rng) : gen.mutation(rng);
        const req = {
          ...unmutated(op),
          label: 'random-document',
          query: randomDocument(rng, printOperation(op)),
        };
        await run(postGenerated(req, version, region, token, 'random'));
      }

      const cases = transportCases(version);
      for (let i = 0; i < PLAN.transport; i += 1) {
        await run((i < cases.length ? cases[i]! : rng.pick(cases))(rng));
      }

      stats.ms += Date.now() - started;
      if (violations.length) throw new Error(failureReport(version, violations));
      expect(violations).toEqual([]);
      // About 15 s of one core each; the timeout only keeps a loaded CI machine from failing it spuriously.
    },
    120_000,
  );

  it('exercised both verdicts: many rejected mutations compared whole, and accepted writes', () => {
    expect(stats.rejectedMutationsChecked).toBeGreaterThanOrEqual(300 * SCALE);
    expect(stats.acceptedMutations).toBeGreaterThanOrEqual(20 * SCALE);
    expect(stats.requests).toBeGreaterThan(
      2 * (PLAN.query + PLAN.mutation + PLAN.deep + PLAN.random + PLAN.transport),
    );
  });

  it('leaves the prototypes clean and the server answering', async () => {
    expect(prototypeShape()).toBe(cleanPrototypes);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>)['polluted']).toBeUndefined();
    for (const version of ['1.4.0', '1.2.0'] as const) {
      const res = await server.gql('{ __typename regionalSettings { language { name } } }', {}, { version });
      expect(res.status).toBe(200);
      expect(res.errors).toBeUndefined();
      expect(res.data).toMatchObject({ __typename: 'Query' });
    }
    const health = await fetch(`${server.url}/__admin/health`);
    expect(health.status).toBe(200);
  });

  it('still meets every known server defect it tolerates (remove an entry once it is fixed)', () => {
    const summary = Object.fromEntries(KNOWN_SERVER_DEFECTS.map((d) => [d.id, hits.get(d.id) ?? 0]));
    console.log(
      `fuzz seed ${SEED}: ${stats.requests} requests in ${stats.ms} ms; statuses ${JSON.stringify(Object.fromEntries(statuses))}; ` +
        `rejected mutations compared ${stats.rejectedMutationsChecked}, accepted ${stats.acceptedMutations}, ` +
        `unknown ${stats.unknownVerdicts}; known server defects ${JSON.stringify(summary)}`,
    );
    for (const defect of KNOWN_SERVER_DEFECTS)
      expect({ [defect.id]: hits.get(defect.id) ?? 0 }).not.toEqual({ [defect.id]: 0 });
  });
});
