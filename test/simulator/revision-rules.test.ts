// The §9.3 rule switches as a unit (src/simulator/revision-rules.ts): which part of 1.4.0 each broken
// rule serves on 1.2.0, and nothing more. The switches over HTTP are in test/server/break-revision-rules.test.ts.
import { describe, expect, it } from '@jest/globals';
import { printSchema, type GraphQLSchema } from 'graphql';
import { buildContractSchema, buildRevisionSchema } from '../../src/contract/generate.js';
import {
  isRevisionRule,
  revisionTypeDefsWithout,
  type RevisionRule,
} from '../../src/simulator/revision-rules.js';

const older = buildRevisionSchema('1.2.0');
const newer = buildRevisionSchema('1.4.0');
const served = (...rules: RevisionRule[]) => buildContractSchema(revisionTypeDefsWithout(new Set(rules)));

const rootFields = (schema: GraphQLSchema, root: 'Query' | 'Mutation') =>
  Object.keys((root === 'Query' ? schema.getQueryType() : schema.getMutationType())!.getFields()).sort();
const fieldsOf = (schema: GraphQLSchema, type: string) =>
  Object.keys((schema.getType(type) as { getFields(): object }).getFields()).sort();
const argsOf = (schema: GraphQLSchema, field: string) => {
  const query = schema.getQueryType()!.getFields();
  return query[field]!.args.map((a) => a.name).sort();
};

describe('revisionTypeDefsWithout', () => {
  it('serves 1.2.0 unchanged when no rule is broken', () => {
    expect(printSchema(served())).toBe(printSchema(older));
  });

  it('§9.3/score serves the 1.4.0 Score and leaves the operations and folderTypes as in 1.2.0', () => {
    const schema = served('§9.3/score');
    expect(fieldsOf(older, 'Score')).not.toEqual(fieldsOf(newer, 'Score'));
    expect(fieldsOf(schema, 'Score')).toEqual(fieldsOf(newer, 'Score'));
    expect(rootFields(schema, 'Query')).toEqual(rootFields(older, 'Query'));
    expect(argsOf(schema, 'folderTypes')).toEqual(argsOf(older, 'folderTypes'));
  });

  it("§9.3/checkSecurity serves 1.4.0's folderTypes with its argument, and nothing else of 1.4.0", () => {
    const schema = served('§9.3/checkSecurity');
    expect(argsOf(older, 'folderTypes')).not.toContain('checkSecurity');
    expect(argsOf(schema, 'folderTypes')).toEqual(argsOf(newer, 'folderTypes'));
    expect(fieldsOf(schema, 'Score')).toEqual(fieldsOf(older, 'Score'));
    expect(rootFields(schema, 'Query')).toEqual(rootFields(older, 'Query'));
  });

  it('§9.3/operations serves every 1.4.0 query and mutation 1.2.0 lacks, with their types', () => {
    const schema = served('§9.3/operations');
    for (const root of ['Query', 'Mutation'] as const) {
      expect(rootFields(older, root)).not.toEqual(rootFields(newer, root));
      expect(rootFields(schema, root)).toEqual(rootFields(newer, root));
    }
    // 1.2.0's own folderTypes is kept: only the missing operations are added.
    expect(argsOf(schema, 'folderTypes')).toEqual(argsOf(older, 'folderTypes'));
  });

  it('combines rules: all three together serve the union of what each serves', () => {
    const schema = served('§9.3/score', '§9.3/checkSecurity', '§9.3/operations');
    expect(fieldsOf(schema, 'Score')).toEqual(fieldsOf(newer, 'Score'));
    expect(argsOf(schema, 'folderTypes')).toEqual(argsOf(newer, 'folderTypes'));
    expect(rootFields(schema, 'Mutation')).toEqual(rootFields(newer, 'Mutation'));
  });
});

describe('isRevisionRule', () => {
  it('tells the §9.3 rules from the other breakable rules', () => {
    expect(isRevisionRule('§9.3/score')).toBe(true);
    expect(isRevisionRule('§8/skip-default')).toBe(false);
  });
});
