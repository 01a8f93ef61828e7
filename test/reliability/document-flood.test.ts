// Issue 41 item 5, compiled documents are unbounded: graphql-jit's compiled queries were kept as long as
// the document cache kept their documents (500), and documents of thousands of operations were cached
// like any other. Distinct documents must not grow the heap: measured as live heap after a full GC.
import { afterAll, describe, expect, it } from '@jest/globals';
import { createSimulator } from '../../src/index.js';
import { heapAfterGcMb } from '../helpers/heap.js';

/** What the heap may keep after a flood, over what it held before it. */
const HEAP_GROWTH_MB = 16;

describe('distinct documents (issue 41 item 5)', () => {
  const simulator = createSimulator({ profile: 'small', engine: 'jit' });
  afterAll(() => simulator.stop());

  it('keeps the heap bounded over 21,000 distinct small documents (an alias that differs)', async () => {
    await simulator.execute('{ __typename }');
    const before = heapAfterGcMb();
    for (let i = 0; i < 21_000; i += 1) {
      const answer = await simulator.execute(
        `{ x${i}: regionalSettings { language { name } } r: regionalSettings { locale { code } } }`,
      );
      expect(answer.errors).toBeUndefined();
    }
    const growth = heapAfterGcMb() - before;
    expect(growth).toBeLessThan(HEAP_GROWTH_MB);
  }, 600_000);

  it('keeps the heap bounded over twelve documents of 2,500 named operations, each run once', async () => {
    const before = heapAfterGcMb();
    for (let d = 0; d < 12; d += 1) {
      const document = Array.from({ length: 2500 }, (_, i) => `query Q${d}_${i} { __typename }`).join('\n');
      const answer = await simulator.execute(document, { operationName: `Q${d}_${d}` });
      expect(answer).toEqual({ data: { __typename: 'Query' } });
    }
    const growth = heapAfterGcMb() - before;
    expect(growth).toBeLessThan(HEAP_GROWTH_MB);
  }, 600_000);
});
