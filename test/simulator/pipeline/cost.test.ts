import { describe, expect, it } from '@jest/globals';
import { countAliases } from '@graphql-inspector/core/validate/alias-count';
import { calculateOperationComplexity } from '@graphql-inspector/core/validate/complexity';
import { countDepth } from '@graphql-inspector/core/validate/query-depth';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { operationCosts } from '../../../src/simulator/pipeline/cost.js';

const only = (query: string) => [...operationCosts(parse(query)).values()][0]!;

describe('operationCosts', () => {
  it.each([
    '{ a }',
    '{ a { b c { d } } e: f }',
    '{ searchFirmContacts(limit: 5) { models { id displayName tags addresses { id street city } } } }',
  ])('counts a document without fragments as @graphql-inspector/core did: %s', (query) => {
    const operation = parse(query).definitions.find(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    )!;
    const none = () => undefined;
    expect(only(query)).toEqual({
      depth: countDepth(operation, 0, none),
      aliases: countAliases(operation, none),
      complexity: Math.round(
        calculateOperationComplexity(operation, { scalarCost: 1, objectCost: 2, depthCostFactor: 1.5 }, none),
      ),
    });
  });

  it('counts a fragment where it is spread, as if written out there', () => {
    const inlined = only('{ a { x: b c } a2: a { x: b c } }');
    const spread = only('{ a { ...F } a2: a { ...F } } fragment F on T { x: b ... on T { c } }');
    expect(spread).toEqual(inlined);
  });

  it('costs a fan-out of 1,000 levels without expanding it (2^1000 fields)', () => {
    const levels = 1000;
    const fragments = Array.from({ length: levels }, (_, i) =>
      i + 1 < levels ? `fragment F${i} on Q { ...F${i + 1} ...F${i + 1} }` : `fragment F${i} on Q { a: b }`,
    );
    const cost = only(`{ ...F0 } ${fragments.join(' ')}`);
    expect(cost.depth).toBe(1);
    expect(cost.aliases).toBe(2 ** 999);
    expect(cost.complexity).toBeGreaterThan(1e300);
  });

  it('walks a chain of 20,000 fragments without overflowing the stack', () => {
    const count = 20_000;
    const fragments = Array.from({ length: count }, (_, i) =>
      i + 1 < count ? `fragment F${i} on Q { ...F${i + 1} }` : `fragment F${i} on Q { b }`,
    );
    expect(only(`{ ...F0 } ${fragments.join(' ')}`)).toEqual({ depth: 1, aliases: 0, complexity: 4 });
  });
});
