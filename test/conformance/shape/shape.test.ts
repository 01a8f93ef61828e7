import { describe, expect, it } from '@jest/globals';
import { buildSchema, parse } from 'graphql';
import { compileShape, type JsonSchema } from '../../../src/conformance/shape/compile.js';
import { checkShape } from '../../../src/conformance/shape/check.js';

const schema = buildSchema(/* GraphQL */ `
  scalar Date
  enum Kind {
    A
    B
  }
  interface Contact {
    id: ID
    name: String
  }
  type Person implements Contact {
    id: ID
    name: String
    first: String
  }
  type Company implements Contact {
    id: ID
    name: String
    employees: Int
  }
  type Page {
    total: Int!
    items: [Contact]
    kind: Kind
    when: Date
    tags: [String!]!
  }
  type Query {
    page(limit: Int): Page
    contact: Contact
  }
`);

function shapeOf(doc: string): JsonSchema {
  const compiled = compileShape(schema, parse(doc));
  if (!compiled.ok) throw new Error(compiled.errors.join('; '));
  return compiled.schema;
}

const kinds = (data: unknown, doc: string): string[] =>
  checkShape(data, shapeOf(doc)).map((f) => `${f.path} ${f.kind}`);

describe('compileShape', () => {
  it('uses response keys (aliases), nullability and lists from the schema', () => {
    const doc = '{ p: page { total tags } }';
    expect(kinds({ p: { total: 1, tags: ['x'] } }, doc)).toEqual([]);
    expect(kinds({ p: null }, doc)).toEqual([]);
    expect(kinds({ p: { total: null, tags: [null] } }, doc)).toEqual([
      'data.p.tags[0] null-for-non-null',
      'data.p.total null-for-non-null',
    ]);
    expect(kinds({ p: { tags: [] } }, doc)).toEqual(['data.p.total missing-field']);
    expect(kinds({ p: { total: 1, tags: [], page: 1 } }, doc)).toEqual(['data.p.page extra-field']);
  });

  it('checks Int range, enums and custom scalar formats', () => {
    const doc = '{ page { total kind when tags } }';
    expect(kinds({ page: { total: 2 ** 31, kind: 'C', when: '2024-02-30', tags: [] } }, doc)).toEqual([
      'data.page.kind extra-enum-value',
      'data.page.total out-of-range',
      'data.page.when invalid-format',
    ]);
    expect(kinds({ page: { total: '1', kind: 3, when: null, tags: {} } }, doc)).toEqual([
      'data.page.kind wrong-type',
      'data.page.tags wrong-type',
      'data.page.total wrong-type',
    ]);
  });

  it('discriminates inline fragments on interfaces by __typename', () => {
    const doc =
      '{ page { total tags items { __typename id ... on Person { first } ... on Company { employees } } } }';
    const ok = {
      page: {
        total: 2,
        tags: [],
        items: [
          { __typename: 'Person', id: '1', first: 'A' },
          { __typename: 'Company', id: '2', employees: 3 },
        ],
      },
    };
    expect(kinds(ok, doc)).toEqual([]);
    const bad = {
      page: {
        total: 2,
        tags: [],
        items: [
          { __typename: 'Person', id: '1', employees: 3 },
          { __typename: 'Robot', id: '2' },
        ],
      },
    };
    expect(kinds(bad, doc)).toEqual([
      'data.page.items[0].employees extra-field',
      'data.page.items[0].first missing-field',
      'data.page.items[1].__typename unknown-typename',
    ]);
  });

  it('accepts any possible type when __typename is not selected', () => {
    const doc = '{ contact { id ... on Person { first } } }';
    expect(kinds({ contact: { id: '1' } }, doc)).toEqual([]);
    expect(kinds({ contact: { id: '1', first: 'A' } }, doc)).toEqual([]);
    expect(kinds({ contact: { first: 'A' } }, doc)).toEqual(['data.contact.id missing-field']);
  });

  it('follows named fragments and makes @skip/@include fields optional', () => {
    const doc = 'query($s: Boolean!) { page { ...P tags @include(if: $s) } } fragment P on Page { total }';
    expect(kinds({ page: { total: 1 } }, doc)).toEqual([]);
  });

  it('refuses a document that is not valid for the schema', () => {
    const compiled = compileShape(schema, parse('{ missing }'));
    expect(compiled).toEqual({ ok: false, errors: ['Cannot query field "missing" on type "Query".'] });
  });
});
