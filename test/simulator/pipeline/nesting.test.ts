// The one depth walker of the simulator's limits and of the proxy: inline fragments and fragment spreads
// each count as a level, fragments are expanded (each costed once), unused fragments count, a fragment
// cycle is reported and adds nothing, and the walk never recurses and stops once past the limit.
import { describe, expect, it } from '@jest/globals';
import {
  Kind,
  OperationTypeNode,
  parse,
  type DocumentNode,
  type FieldNode,
  type SelectionSetNode,
} from 'graphql';
import { documentNesting, MAX_NESTING } from '../../../src/simulator/index.js';

const nesting = (document: string, limit?: number) => documentNesting(parse(document), limit);

describe('documentNesting', () => {
  it('counts selection sets and inline fragments as levels', () => {
    expect(nesting('{ a }')).toEqual({ depth: 1, cycle: false });
    expect(nesting('{ a { b { c } } }')).toEqual({ depth: 3, cycle: false });
    expect(nesting('{ a { ... on T { b } } }')).toEqual({ depth: 3, cycle: false });
  });

  it('expands fragment spreads, a spread counting as a level as an inline fragment does', () => {
    expect(nesting('{ a { ...F } } fragment F on T { b { c } }')).toEqual({ depth: 4, cycle: false });
    // The deepest operation counts, wherever its fragment is defined.
    expect(nesting('fragment F on T { b { c } } query A { x } query B { a { ...F } }').depth).toBe(4);
  });

  it('costs each fragment once: a chain of fragments each spreading the next twice stays linear', () => {
    const n = 60;
    const fragments = Array.from({ length: n }, (_, i) =>
      i < n - 1
        ? `fragment F${i} on T { a { ...F${i + 1} } b { ...F${i + 1} } }`
        : `fragment F${i} on T { z }`,
    );
    // 2^59 expansions if each spread were walked; memoised, the walk is instant.
    expect(nesting(`{ ...F0 } ${fragments.join(' ')}`)).toEqual({ depth: 1 + 2 * (n - 1) + 1, cycle: false });
  });

  it('counts a fragment nobody spreads, since validation walks it too', () => {
    const deep = `${'... on T { '.repeat(300)}x${' }'.repeat(300)}`;
    expect(nesting(`{ a } fragment Unused on T { ${deep} }`).depth).toBeGreaterThan(MAX_NESTING);
  });

  it('reports a fragment cycle without following it, and stops once past the limit', () => {
    expect(nesting('{ ...A } fragment A on T { x { ...B } } fragment B on T { ...A }')).toEqual({
      depth: 4,
      cycle: true,
    });
    expect(nesting('{ ...A } fragment A on T { ...A }')).toEqual({ depth: 2, cycle: true });
    // A cycle through 5,000 fragments is as deep as its chain: refused by depth alone.
    const n = 5000;
    const chain = Array.from({ length: n }, (_, i) => `fragment F${i} on T { ...F${(i + 1) % n} }`);
    const long = nesting(`{ ...F0 } ${chain.join(' ')}`);
    expect(long.depth).toBeGreaterThan(MAX_NESTING);
    expect(long.depth).toBeLessThan(MAX_NESTING + 3);
  });

  it('walks nesting far deeper than the stack allows', () => {
    // Built by hand: the parser itself would overflow on such a text.
    let set: SelectionSetNode = { kind: Kind.SELECTION_SET, selections: [] };
    for (let i = 0; i < 100_000; i++) {
      const field: FieldNode = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: 'a' }, selectionSet: set };
      set = { kind: Kind.SELECTION_SET, selections: [field] };
    }
    const document: DocumentNode = {
      kind: Kind.DOCUMENT,
      definitions: [
        { kind: Kind.OPERATION_DEFINITION, operation: OperationTypeNode.QUERY, selectionSet: set },
      ],
    };
    expect(documentNesting(document, Infinity)).toEqual({ depth: 100_001, cycle: false });
  });
});
