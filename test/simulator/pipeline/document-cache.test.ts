import { describe, expect, it } from '@jest/globals';
import { buildSchema, parse, specifiedRules, validate, type DocumentNode, type Source } from 'graphql';
import { DocumentCache } from '../../../src/simulator/pipeline/document-cache.js';

const schema = buildSchema('type Query { a: Int b(x: Int): Int }');

/** A parser that counts its calls, so the tests see what the cache saved. */
function countingParse() {
  const calls: string[] = [];
  const fn = (source: string | Source): DocumentNode => {
    calls.push(typeof source === 'string' ? source : source.body);
    return parse(source);
  };
  return { fn, calls };
}

describe('DocumentCache', () => {
  it('parses a text once and gives back the same document', () => {
    const cache = new DocumentCache();
    const { fn, calls } = countingParse();
    const cachedParse = cache.parser(fn);
    const first = cachedParse('{ a }');
    expect(cachedParse('{ a }')).toBe(first);
    expect(calls).toEqual(['{ a }']);
  });

  it('does not cache a text that fails to parse', () => {
    const cache = new DocumentCache();
    const { fn, calls } = countingParse();
    const cachedParse = cache.parser(fn);
    expect(() => cachedParse('{ a')).toThrow(/Syntax Error/);
    expect(() => cachedParse('{ a')).toThrow(/Syntax Error/);
    expect(calls).toHaveLength(2);
    expect(cache.size).toBe(0);
  });

  it('remembers only passed validations, and only for its own schema and the specified rules', () => {
    const cache = new DocumentCache();
    let runs = 0;
    const counting: typeof validate = (...args) => {
      runs += 1;
      return validate(...args);
    };
    const cachedValidate = cache.validator(schema, counting);
    const cachedParse = cache.parser(parse);
    const good = cachedParse('{ a }');
    expect(cachedValidate(schema, good, specifiedRules)).toEqual([]);
    expect(cachedValidate(schema, good, [...specifiedRules])).toEqual([]);
    expect(runs).toBe(1);
    const bad = cachedParse('{ c }');
    const errors = cachedValidate(schema, bad, specifiedRules);
    expect(errors[0]?.message).toMatch(/Cannot query field "c"/);
    expect(cachedValidate(schema, bad, specifiedRules)).toEqual(errors);
    expect(runs).toBe(3);
    // Another schema or other rules are never answered from the cache.
    const other = buildSchema('type Query { z: Int }');
    expect(cachedValidate(other, good, specifiedRules)).toHaveLength(1);
    expect(cachedValidate(schema, good, [])).toEqual([]);
    expect(runs).toBe(5);
  });

  it('evicts the least recently used documents beyond its bounds, and validates them afresh', () => {
    const cache = new DocumentCache({ maxEntries: 2, maxChars: 1000 });
    const { fn, calls } = countingParse();
    const cachedParse = cache.parser(fn);
    cachedParse('{ a }');
    cachedParse('{ b }');
    cachedParse('{ a }'); // now the most recent
    cachedParse('{ a b }'); // evicts "{ b }"
    expect(cache.size).toBe(2);
    cachedParse('{ a }');
    cachedParse('{ b }');
    expect(calls).toEqual(['{ a }', '{ b }', '{ a b }', '{ b }']);
  });

  it('keeps the total text within its character bound and never caches an oversized text', () => {
    const cache = new DocumentCache({ maxEntries: 100, maxChars: 800 });
    const { fn, calls } = countingParse();
    const cachedParse = cache.parser(fn);
    const big = `{ ${'a '.repeat(60)}}`; // longer than maxChars / 8
    cachedParse(big);
    cachedParse(big);
    expect(calls).toHaveLength(2);
    expect(cache.size).toBe(0);
    const texts = Array.from({ length: 20 }, (_, i) => `{ ${'a '.repeat(20)}} # ${i}`);
    for (const text of texts) cachedParse(text);
    expect(cache.size).toBeLessThan(20);
    expect(cache.size * texts[0]!.length).toBeLessThanOrEqual(800);
  });
});
