import { describe, expect, it } from '@jest/globals';
import { parse, print } from 'graphql';
import { aloneQueries, aloneRequest } from '../../../src/conformance/run/alone.js';

const normal = (document: string) => print(parse(document));

describe('aloneQueries', () => {
  it('splits aliased and neighbouring roots, each with only the variables and fragments it uses', () => {
    const document = `
      query Two($a: ID!, $b: ID!, $limit: Int) {
        first: company(id: $a) { ...C }
        people(ids: [$b]) { id }
        lists(limit: $limit) { totalModels }
      }
      fragment C on Company { id name ...N }
      fragment N on Company { website }
      fragment Unused on Person { id }`;
    const alone = aloneQueries(document);
    expect(alone.map((a) => [a.key, a.name, [...a.variables].sort()])).toEqual([
      ['first', 'company', ['a']],
      ['people', 'people', ['b']],
      ['lists', 'lists', ['limit']],
    ]);
    expect(alone[0]!.document).toBe(
      normal(`query Two($a: ID!) { company(id: $a) { ...C } }
        fragment C on Company { id name ...N }
        fragment N on Company { website }`),
    );
    expect(alone[2]!.document).toBe(
      normal('query Two($limit: Int) { lists(limit: $limit) { totalModels } }'),
    );
  });

  it('splits one aliased root, and two asks of one field under their own name each', () => {
    expect(aloneQueries('{ mine: lists { totalModels } }').map((a) => a.document)).toEqual([
      normal('{ lists { totalModels } }'),
    ]);
    expect(
      aloneQueries('{ a: country(id: "1") { id } b: country(id: "2") { id } }').map((a) => a.document),
    ).toEqual([normal('{ country(id: "1") { id } }'), normal('{ country(id: "2") { id } }')]);
  });

  it('leaves alone what a split could change or must not repeat', () => {
    expect(aloneQueries('{ lists { totalModels } }')).toEqual([]);
    expect(aloneQueries('mutation { a: removeList(id: "1") { isSuccessful } }')).toEqual([]);
    expect(aloneQueries('{ a: lists { totalModels } __typename }')).toEqual([]);
    expect(aloneQueries('{ a: lists @include(if: true) { totalModels } b: firm { name } }')).toEqual([]);
    expect(aloneQueries('{ ... on Query { lists { totalModels } } firm { name } }')).toEqual([]);
    expect(aloneQueries('{ a: lists { ')).toEqual([]);
  });

  it('builds the request with only the variables the field uses, marked as a twin', () => {
    const [, people] = aloneQueries(
      'query Q($a: ID!, $b: ID!) { x: company(id: $a) { id } people(ids: [$b]) { id } }',
    );
    const request = aloneRequest(
      {
        url: 'http://127.0.0.1/graphql',
        headers: { authorization: 'Bearer t' },
        body: { query: 'ignored', variables: { a: '1', b: '2' }, operationName: 'Q' },
      },
      people!,
    );
    expect(request.body).toEqual({ query: people!.document, variables: { b: '2' }, operationName: 'Q' });
    expect(request.headers).toEqual({ authorization: 'Bearer t', 'x-rm-harness-twin': 'alone' });
  });
});
