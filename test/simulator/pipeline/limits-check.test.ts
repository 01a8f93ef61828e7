// Issue 41 item 3, page sizes in the cost model: a request whose pages, as full as its `limit`s ask, could
// resolve more fields than the response cap is refused before anything runs, whether the page sizes are
// written in the document, taken from variables or left to the declared default.
import { afterAll, describe, expect, it } from '@jest/globals';
import { createSimulator } from '../../../src/index.js';

const simulator = createSimulator({ profile: 'small' });
afterAll(() => simulator.stop());

/** `count` aliases of `field` in one query, with `head` (variable definitions) after `query`. */
const aliased = (count: number, field: string, head = '') =>
  `query ${head} { ${Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join(' ')} }`;

type Answer = { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] };

const refusal = (answer: Answer) => {
  expect(answer.data).toBeUndefined();
  expect(answer.errors).toHaveLength(1);
  expect(answer.errors?.[0]?.extensions).toEqual({
    code: 'LIMIT_EXCEEDED',
    limit: 'responseFields',
    maximum: 500_000,
  });
  return answer.errors![0]!.message;
};

describe('page sizes weigh in the cost model (issue 41 item 3)', () => {
  it('refuses 200 full pages of activities before running: 200 × 1,000 × 3 fields', async () => {
    const query = aliased(200, 'activities(limit: 1000) { models { id subject summary } }');
    const message = refusal((await simulator.execute(query)) as Answer);
    expect(message).toBe(
      'The operation could resolve 800200 fields with its pages full; the maximum is 500000. Ask for smaller pages or fewer fields.',
    );
  });

  it('weighs a page size given as a variable by its value', async () => {
    const query = aliased(200, 'activities(limit: $n) { models { id subject summary } }', '($n: Int)');
    refusal((await simulator.execute(query, { variables: { n: 1000 } })) as Answer);
    const small = (await simulator.execute(query, { variables: { n: 2 } })) as Answer;
    expect(small.errors).toBeUndefined();
    expect(Object.keys(small.data as object)).toHaveLength(200);
  });

  it('multiplies nested pages, each at its declared default when no limit is given', async () => {
    // 1,000 contacts × (the default 100 activities × 6 fields): 600,000 and more.
    const query = `{ searchFirmContacts(limit: 1000) { models { id activities { models { id type typeId subject summary location } } } } }`;
    refusal((await simulator.execute(query)) as Answer);
  });

  it('counts a fragment where it is spread, times the page it is spread in', async () => {
    const query = `${aliased(200, 'activities(limit: 1000) { ...Page }')} fragment Page on ActivityViewResults { models { id subject summary } }`;
    refusal((await simulator.execute(query)) as Answer);
  });

  it('answers a full page of a few fields', async () => {
    const answer = (await simulator.execute(
      '{ activities(limit: 1000) { totalModels models { id subject } } }',
    )) as Answer;
    expect(answer.errors).toBeUndefined();
  });
});

describe('the nesting bound, checked before validation with the depth walker the proxy uses', () => {
  const depthRefusal = (answer: Answer) => {
    expect(answer.data).toBeUndefined();
    expect(answer.errors?.map((e) => e.extensions)).toEqual([{ code: 'LIMIT_EXCEEDED', limit: 'depth' }]);
    expect(answer.errors?.[0]?.message).toMatch(/nests selection sets more than 200 levels deep/);
  };

  it('expands fragments: a 5,000-fragment chain is refused by the bound, not by the stack', async () => {
    const n = 5000;
    const chain = Array.from({ length: n }, (_, i) =>
      i < n - 1 ? `fragment F${i} on Query { ...F${i + 1} }` : `fragment F${i} on Query { __typename }`,
    );
    depthRefusal((await simulator.execute(`{ ...F0 } ${chain.join(' ')}`)) as Answer);
  });

  it('counts a fragment nobody spreads', async () => {
    const deep = `${'... on Query { '.repeat(300)}__typename${' }'.repeat(300)}`;
    depthRefusal((await simulator.execute(`{ __typename } fragment Unused on Query { ${deep} }`)) as Answer);
  });

  it('leaves a fragment cycle to validation, which names it', async () => {
    const answer = (await simulator.execute(
      '{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }',
    )) as Answer;
    expect(answer.errors?.[0]?.message).toMatch(/^Cannot spread fragment "A" within itself via "B"\.$/);
    expect(answer.errors?.[0]?.extensions?.['code']).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});
