import { describe, expect, it } from '@jest/globals';
import { AnswerMemory } from '../../../src/conformance/run/answers.js';
import { heapAfterGcMb } from '../../helpers/heap.js';
import type { GraphQLRequest } from '../../../src/conformance/target/http-client.js';

const request = (query: string, headers: Record<string, string> = {}): GraphQLRequest => ({
  url: 'http://127.0.0.1/us/1.4.0/public-api/graphql',
  headers: { authorization: 'Bearer t', ...headers },
  body: { query },
});
const answer = {
  data: { lists: { totalModels: 12, models: [{ id: 'a-list-of-its-own', name: 'Partners' }] } },
};

describe('AnswerMemory', () => {
  it('names the cache when a failed step was answered what another question was, and what differed', () => {
    const memory = new AnswerMemory();
    expect(memory.observe('s/first [1.4.0]', request('{ a }'), answer, false)).toBeUndefined();
    const found = memory.observe(
      's/second [1.4.0]',
      request('{ b }', { accept: 'application/json' }),
      answer,
      true,
    );
    expect(found).toMatchObject({ expectationId: 'cached-answer', kind: 'value-mismatch' });
    expect(found?.message).toBe(
      'answered byte for byte what s/first [1.4.0] was answered, though the document and the Accept header differ: the mark of an answer cache whose key leaves them out',
    );
  });

  it('says nothing for a step that passed, the same question asked again, or an answer of few values', () => {
    const memory = new AnswerMemory();
    memory.observe('s/first [1.4.0]', request('{ a }'), answer, false);
    expect(memory.observe('s/passed [1.4.0]', request('{ b }'), answer, false)).toBeUndefined();
    expect(memory.observe('s/again [1.4.0]', request('{ a }'), answer, true)).toBeUndefined();
    const refusal = { data: { addList: { validationErrors: [], item: null } } };
    memory.observe('s/short [1.4.0]', request('{ a }'), refusal, false);
    expect(memory.observe('s/short2 [1.4.0]', request('{ b }'), refusal, true)).toBeUndefined();
  });

  it('stays bounded in bytes however many long answers to long documents a run gives, measured after a full GC', () => {
    const memory = new AnswerMemory();
    const before = heapAfterGcMb();
    const long = 'x'.repeat(20_000);
    for (let i = 0; i < 20_000; i += 1) {
      memory.observe(`s/step-${i} [1.4.0]`, request(`{ a${i} ${long} }`), { ...answer, i, long }, false);
    }
    // 20,000 documents and answers of 20 KB passed through (800 MB); the memory keeps digests of 5,000.
    expect(heapAfterGcMb() - before).toBeLessThan(8);
    expect(
      memory.observe('s/last [1.4.0]', request('{ other }'), { ...answer, i: 19_999, long }, true),
    ).toBeDefined();
  });
});
