// The contract of the judge's unit tests: small enough to see every rule at work (non-null, lists, a
// nullable enum, a Date, an Int, an interface, a payload with validationErrors), and the responses built on it.
import { buildSchema, parse } from 'graphql';
import type { JudgedResponse, ShapeJudgement } from '../../../src/conformance/judge/judge.js';
import { compileShape } from '../../../src/conformance/shape/compile.js';

const schema = buildSchema(`
  scalar Date
  enum Kind { PERSON COMPANY }
  interface Contact { id: ID! name: String! }
  type Person implements Contact { id: ID! name: String! born: Date }
  type Company implements Contact { id: ID! name: String! }
  type Page { total: Int! items: [Contact!]! kind: Kind }
  type Payload { id: ID validationErrors: [ValidationError!] }
  type ValidationError { propertyName: String! message: String! }
  type Query { contacts(limit: Int): Page! }
  type Mutation { addPerson(name: String): Payload! }
`);

/** A read of every kind of field of the contract. */
export const QUERY = `{ contacts(limit: 2) { total kind items { __typename id name ... on Person { born } } } }`;

/** The shape the judge holds `data` to for a document of the contract. */
export function shapeOf(document: string): ShapeJudgement {
  const compiled = compileShape(schema, parse(document));
  if (!compiled.ok) throw new Error(compiled.errors.join('; '));
  return { schema: compiled.schema, rootFields: compiled.rootFields };
}

/** A JSON response with `body`. */
export const json = (body: unknown, status = 200): JudgedResponse => ({
  status,
  contentType: 'application/json',
  body,
  text: JSON.stringify(body),
});

/** A page of QUERY that keeps the contract. */
export const GOOD_PAGE = {
  total: 2,
  kind: 'PERSON',
  items: [
    { __typename: 'Person', id: '1', name: 'Ada', born: '1815-12-10' },
    { __typename: 'Company', id: '2', name: 'Acme' },
  ],
};
