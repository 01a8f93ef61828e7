import { describe, expect, it } from '@jest/globals';
import { buildSchema } from 'graphql';
import { checkDocuments } from '../../src/partner/check.js';
import { collectOperations, extractDocuments, readPartnerDocuments } from '../../src/partner/documents.js';

const F = 'test/partner/fixtures';

describe('check-documents findings on the sample partner documents', () => {
  it('finds every file and operation, with the line where the operation starts', async () => {
    const docs = await readPartnerDocuments([F]);
    expect(docs.files).toEqual([
      `${F}/contacts.graphql`,
      `${F}/opportunities.gql`,
      `${F}/src/api.ts`,
      `${F}/src/legacy.js`,
      `${F}/typos.graphql`,
    ]);
    expect(docs.syntaxErrors).toEqual([]);
    expect(docs.operations.map((o) => [o.type, o.name, `${o.position.file}:${o.position.line}`])).toEqual([
      ['query', 'PersonCard', `${F}/contacts.graphql:2`],
      ['query', 'FirmSettings', `${F}/contacts.graphql:19`],
      ['query', 'OpenOpportunities', `${F}/opportunities.gql:2`],
      ['query', 'ListTypes', `${F}/opportunities.gql:12`],
      ['query', 'SearchContacts', `${F}/src/api.ts:6`],
      ['query', 'Currencies', `${F}/src/api.ts:18`],
      ['mutation', 'AddList', `${F}/src/api.ts:24`],
      ['query', 'Activity', `${F}/src/legacy.js:5`],
      ['query', 'CompanyCard', `${F}/typos.graphql:1`],
      ['query', 'Lists', `${F}/typos.graphql:8`],
    ]);
  });

  it('reports exactly the expected problems, per operation and revision, at file:line:column', async () => {
    const docs = await readPartnerDocuments([F]);
    const checks = checkDocuments(docs.operations, ['1.4.0', '1.2.0']);
    const valid = checks.filter((c) => c.status === 'valid').map((c) => `${c.operation} ${c.revision}`);
    expect(valid).toEqual([
      'PersonCard 1.4.0',
      'PersonCard 1.2.0',
      'FirmSettings 1.4.0',
      'FirmSettings 1.2.0',
      'OpenOpportunities 1.4.0',
      'ListTypes 1.4.0',
      'SearchContacts 1.4.0',
      'SearchContacts 1.2.0',
      'Currencies 1.4.0',
    ]);
    const findings = checks.flatMap((c) =>
      c.findings.map((f) => [c.operation, c.revision, f.kind, f.message, `${f.file}:${f.line}:${f.column}`]),
    );
    const typo = (op: string, kind: string, message: string, at: string) =>
      (['1.4.0', '1.2.0'] as const).map((r) => [op, r, kind, message, at]);
    expect(findings).toEqual([
      [
        'OpenOpportunities',
        '1.2.0',
        'unknown-type',
        'Unknown type "OpportunityFilterInput": exists only in 1.4.0',
        `${F}/opportunities.gql:2:34`,
      ],
      [
        'OpenOpportunities',
        '1.2.0',
        'unknown-field',
        'Cannot query field "opportunities" on type "Query": exists only in 1.4.0',
        `${F}/opportunities.gql:3:3`,
      ],
      [
        'ListTypes',
        '1.2.0',
        'unknown-argument',
        'Unknown argument "checkSecurity" on field "Query.folderTypes": exists only in 1.4.0',
        `${F}/opportunities.gql:13:42`,
      ],
      [
        'Currencies',
        '1.2.0',
        'unknown-field',
        'Cannot query field "currencies" on type "Query": exists only in 1.4.0',
        `${F}/src/api.ts:19:5`,
      ],
      ...typo(
        'AddList',
        'unknown-field',
        'Cannot query field "nam" on type "List". Did you mean "name"?',
        `${F}/src/api.ts:28:9`,
      ),
      ...typo(
        'Activity',
        'unknown-field',
        'Cannot query field "subjectt" on type "Activity". Did you mean "subject"?',
        `${F}/src/legacy.js:5:79`,
      ),
      ...typo(
        'CompanyCard',
        'unknown-field',
        'Cannot query field "displayNam" on type "Company". Did you mean "displayName"?',
        `${F}/typos.graphql:4:5`,
      ),
      ...typo(
        'Lists',
        'unknown-argument',
        'Unknown argument "limt" on field "Query.lists". Did you mean "limit"?',
        `${F}/typos.graphql:9:9`,
      ),
    ]);
    expect(checks.flatMap((c) => c.findings).every((f) => f.severity === 'error')).toBe(true);
  });
});

describe('documents and fragments', () => {
  it('uses a fragment from another template of the same code file and places its problems in that template', () => {
    const code = [
      'const gql = String.raw;',
      'export const F = gql`',
      '  fragment P on Person { id nickname }',
      '`;',
      'export const Q = gql`query Q { person(id: "1") { ...P } }`;',
    ].join('\n');
    const { operations, syntaxErrors } = collectOperations(extractDocuments('a.ts', code));
    expect(syntaxErrors).toEqual([]);
    const [check] = checkDocuments(operations, ['1.2.0']);
    expect(check).toMatchObject({ operation: 'Q', line: 5, status: 'broken' });
    expect(check?.findings.map((f) => [f.message, f.file, f.line, f.column])).toEqual([
      [
        'Cannot query field "nickname" on type "Person". Did you mean "firstName", "fullName", or "lastName"?',
        'a.ts',
        3,
        29,
      ],
    ]);
  });

  it('reports a document that does not parse at its place in the file', () => {
    const code = 'const gql = String.raw;\n\nexport const Q = gql`\n  query Broken {\n    firm {\n`;\n';
    const { operations, syntaxErrors } = collectOperations(extractDocuments('b.ts', code));
    expect(operations).toEqual([]);
    expect(syntaxErrors).toEqual([
      { file: 'b.ts', line: 6, column: 1, message: 'Syntax Error: Expected Name, found <EOF>.' },
    ]);
  });

  it('warns about deprecated use without breaking the operation', () => {
    const schema = buildSchema(`
      type Query { old: String @deprecated(reason: "use new") new: String }
    `);
    const { operations } = collectOperations(extractDocuments('d.graphql', 'query D {\n  old\n  new\n}\n'));
    const [check] = checkDocuments(operations, ['1.4.0'], { schemaOf: () => schema });
    expect(check?.status).toBe('valid');
    expect(check?.findings).toEqual([
      {
        file: 'd.graphql',
        line: 2,
        column: 3,
        kind: 'deprecated',
        severity: 'warning',
        message: 'The field Query.old is deprecated. use new',
      },
    ]);
  });
});
