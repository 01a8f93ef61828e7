// Issue 41 item 3, one small request and a huge answer: 30,000 activities written by a few aliased
// requests sharing one 4,000-character variable, then read back 60 (and 130) times in one small document.
// The response byte cap stops the answer while it is built: a LIMIT_EXCEEDED error, never a 500 or a
// RangeError from a string too long to build, and the heap stays bounded. On both engines.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestServer, type GqlResponse, type TestServer } from '../helpers/server.js';
import { heapAfterGcMb } from '../helpers/heap.js';
import { ENGINES } from '../../src/simulator/index.js';

const ALIASES_PER_WRITE = 200;
const WRITES = 150;
const SUMMARY = 'x'.repeat(4000);
/** What the heap may keep after the amplified reads, over what it held before them. */
const HEAP_GROWTH_MB = 64;

/** `count` aliases of `field` in one document. */
function aliased(kind: 'query' | 'mutation', count: number, field: string, head = ''): string {
  const fields = Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join(' ');
  return `${kind} ${head} { ${fields} }`;
}

/** The whole page of every activity's summary, `count` times over: about 4 MB of answer per alias. */
const read = (count: number) => aliased('query', count, 'activities(limit: 1000) { models { summary } }');

describe.each(ENGINES)('response amplification (issue 41 item 3), engine %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    const typeId = dataOf(
      await server.gql<{ activityTypes: { models: { id: string }[] } }>(
        '{ activityTypes(onlyUserCreatable: false) { models { id } } }',
      ),
    ).activityTypes.models[0]!.id;
    const add = aliased(
      'mutation',
      ALIASES_PER_WRITE,
      `addActivity(input: { typeId: "${typeId}", activityDate: "2026-01-01 09:00:00", subject: "s", summary: $s }) { id }`,
      '($s: String!)',
    );
    for (let i = 0; i < WRITES; i += 1) dataOf(await server.gql(add, { s: SUMMARY }));
  }, 300_000);
  afterAll(() => server.close());

  const expectByteCap = (answer: GqlResponse) => {
    expect(answer.status).toBe(200);
    expect(answer.data).toBeNull();
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors?.[0]?.extensions).toEqual({
      code: 'LIMIT_EXCEEDED',
      limit: 'responseBytes',
      maximum: 32 * 1024 * 1024,
    });
  };

  it('answers 60 reads of 30,000 activities with LIMIT_EXCEEDED, and the heap stays bounded', async () => {
    const total = dataOf(
      await server.gql<{ activities: { totalModels: number } }>('{ activities { totalModels } }'),
    ).activities.totalModels;
    expect(total).toBeGreaterThanOrEqual(ALIASES_PER_WRITE * WRITES);
    const before = heapAfterGcMb();
    expectByteCap(await server.gql(read(60)));
    expect(heapAfterGcMb() - before).toBeLessThan(HEAP_GROWTH_MB);
  }, 240_000);

  it('answers 130 reads (an answer longer than V8 can hold as a string) with LIMIT_EXCEEDED, not a 500', async () => {
    const before = heapAfterGcMb();
    expectByteCap(await server.gql(read(130)));
    expect(heapAfterGcMb() - before).toBeLessThan(HEAP_GROWTH_MB);
  }, 240_000);

  it('still answers a page of the same activities within the cap', async () => {
    const page = dataOf(
      await server.gql<{ activities: { models: { summary: string | null }[] } }>(read(1)),
    ) as unknown as Record<string, { models: unknown[] }>;
    expect(page['a0']?.models).toHaveLength(1000);
  }, 60_000);
});
