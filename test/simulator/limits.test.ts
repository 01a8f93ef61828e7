// The page-size limit as a unit (src/simulator/limits.ts): which fields it wraps and what it refuses,
// on a schema of our own. The other limits are the request pipeline's (test/simulator/pipeline).
import { describe, expect, it } from '@jest/globals';
import { buildSchema, graphql, type GraphQLSchema } from 'graphql';
import { limitPageSizes } from '../../src/simulator/limits.js';
import { DEFAULT_LIMITS, limitError } from '../../src/simulator/index.js';

const SDL = `
  input TargetPersonRelationshipInput { personId: ID!, limit: Int }
  input OtherInput { limit: Int }
  type Query {
    people(limit: Int = 100): [Int!]!
    related(input: TargetPersonRelationshipInput!): [Int!]!
    other(input: OtherInput): [Int!]!
    count(skip: Int): Int!
  }
`;

/** Resolvers answer with the limit they were given, so a test sees whether they ran. */
function limitedSchema(maxPageSize: number): GraphQLSchema {
  const schema = buildSchema(SDL);
  const fields = schema.getQueryType()!.getFields();
  fields['people']!.resolve = (_s, args: { limit: number }) => [args.limit];
  fields['related']!.resolve = (_s, args: { input: { limit?: number } }) => [args.input.limit ?? 0];
  fields['other']!.resolve = (_s, args: { input?: { limit?: number } }) => [args.input?.limit ?? 0];
  fields['count']!.resolve = () => 1;
  limitPageSizes(schema, maxPageSize);
  return schema;
}

const run = async (schema: GraphQLSchema, source: string) =>
  JSON.parse(JSON.stringify(await graphql({ schema, source }))) as {
    data?: Record<string, unknown> | null;
    errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
  };

describe('limitPageSizes', () => {
  it('lets a page up to the limit through, and its default', async () => {
    const schema = limitedSchema(500);
    expect(await run(schema, '{ a: people(limit: 500) b: people }')).toEqual({
      data: { a: [500], b: [100] },
    });
  });

  it('refuses a larger page with LIMIT_EXCEEDED and the maximum', async () => {
    const result = await run(limitedSchema(500), '{ people(limit: 501) }');
    expect(result.data).toBeNull();
    expect(result.errors).toEqual([
      {
        message: 'limit must be at most 500 (got 501).',
        locations: [{ line: 1, column: 3 }],
        path: ['people'],
        extensions: { code: 'LIMIT_EXCEEDED', limit: 'pageSize', maximum: 500 },
      },
    ]);
  });

  it("reads the limit of targetPersonConnections' input, and no other input's", async () => {
    const schema = limitedSchema(500);
    const related = await run(schema, '{ related(input: { personId: "p", limit: 900 }) }');
    expect(related.errors?.[0]?.extensions).toMatchObject({ code: 'LIMIT_EXCEEDED' });
    expect(await run(schema, '{ other(input: { limit: 900 }) count(skip: 900000) }')).toEqual({
      data: { other: [900], count: 1 },
    });
  });
});

describe('DEFAULT_LIMITS and limitError', () => {
  it('admits the largest default page of the spec (relationshipTypes, 500)', () => {
    expect(DEFAULT_LIMITS.maxPageSize).toBeGreaterThanOrEqual(500);
  });

  it('carries the limit and its maximum in extensions', () => {
    expect(limitError('too deep', 'depth', 15).extensions).toEqual({
      code: 'LIMIT_EXCEEDED',
      limit: 'depth',
      maximum: 15,
    });
  });
});
