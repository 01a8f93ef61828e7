import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { graphql, isScalarType } from 'graphql';
import {
  buildRevisionSchema,
  checkRevisionFiles,
  clearRevisionSchemaCache,
  ContractGenerationError,
  GENERATED_HEADER,
  generateRevision,
  generateRevisionSdl,
  revisionFilePath,
  writeRevisionFiles,
} from '../../src/contract/generate.js';
import { compareVersions, isVersion, VERSIONS } from '../../src/contract/versions.js';

const SINCE = /* GraphQL */ `
  directive @since(
    version: String!
  ) on OBJECT | FIELD_DEFINITION | ARGUMENT_DEFINITION | INTERFACE | UNION | ENUM | ENUM_VALUE | INPUT_OBJECT | INPUT_FIELD_DEFINITION | SCALAR
`;

const SOURCE = /* GraphQL */ `
  ${SINCE}
  "A calendar date (A-01)."
  scalar Date

  "An instant in UTC (A-02)."
  scalar DateTime @since(version: "1.4.0")

  interface Node {
    id: ID!
  }

  type Query {
    contact(id: ID!, includeArchived: Boolean @since(version: "1.4.0")): Contact
    contacts(filter: ContactFilter): [Contact!]!
    matter(id: ID!): Matter @since(version: "1.4.0")
    search(term: String!): [SearchResult!]!
  }

  type Mutation {
    createContact(input: CreateContactInput!): Contact
  }

  type Contact implements Node {
    id: ID!
    name: String!
    kind: ContactKind!
    birthday: Date
    updatedAt: DateTime @since(version: "1.4.0")
  }

  enum ContactKind {
    PERSON
    ORGANISATION
    TRUST @since(version: "1.4.0")
  }

  input ContactFilter {
    name: String
    kind: ContactKind @since(version: "1.4.0")
  }

  input CreateContactInput {
    name: String!
    tags: [String!] @since(version: "1.4.0")
  }

  "A legal matter (A-03)."
  type Matter implements Node @since(version: "1.4.0") {
    id: ID!
    stage: MatterStage!
  }

  enum MatterStage @since(version: "1.4.0") {
    OPEN
    CLOSED
  }

  union SearchResult = Contact | Matter

  extend type Query {
    health: String
    build: String @since(version: "1.4.0")
  }
`;

describe('versions', () => {
  it('knows both revisions, current first, and compares numerically', () => {
    expect(VERSIONS).toEqual(['1.4.0', '1.2.0']);
    expect(isVersion('1.2.0')).toBe(true);
    expect(isVersion('1.3.0')).toBe(false);
    expect(compareVersions('1.4.0', '1.2.0')).toBeGreaterThan(0);
    expect(compareVersions('1.10.0', '1.9.0')).toBeGreaterThan(0);
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(() => compareVersions('v1', '1.2.0')).toThrow(/not a dotted numeric version/);
  });
});

describe('generateRevisionSdl', () => {
  const v12 = generateRevisionSdl(SOURCE, '1.2.0');
  const v14 = generateRevisionSdl(SOURCE, '1.4.0');

  it('removes everything marked @since 1.4.0 from 1.2.0', () => {
    expect(v12).not.toMatch(/includeArchived/); // argument
    expect(v12).not.toMatch(/matter\(/); // field
    expect(v12).not.toMatch(/updatedAt/); // field using a removed scalar
    expect(v12).not.toMatch(/TRUST/); // enum value
    expect(v12).not.toMatch(/tags/); // input field
    expect(v12).not.toMatch(/kind: ContactKind\n\s*}/); // input field of ContactFilter
    expect(v12).not.toMatch(/type Matter|enum MatterStage|scalar DateTime/); // types
    expect(v12).not.toMatch(/build/); // member of a type extension
    expect(v12).toMatch(/union SearchResult = Contact$/m); // union member of a removed type
    expect(v12).toMatch(/health: String/);
  });

  it('keeps everything in 1.4.0', () => {
    for (const part of [
      'includeArchived: Boolean',
      'matter(id: ID!): Matter',
      'updatedAt: DateTime',
      'TRUST',
      'tags: [String!]',
      'type Matter implements Node',
      'enum MatterStage',
      'scalar DateTime',
      'union SearchResult = Contact | Matter',
      'build: String',
    ]) {
      expect(v14).toContain(part);
    }
  });

  it('strips the @since directive and its definition, keeps descriptions and source order', () => {
    for (const sdl of [v12, v14]) {
      expect(sdl).not.toMatch(/@since|directive /);
      expect(sdl).toContain('A calendar date (A-01).');
      const order = [
        'scalar Date',
        'interface Node',
        'type Query',
        'type Mutation',
        'type Contact',
        'union SearchResult',
      ];
      const positions = order.map((p) => sdl.indexOf(p));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    }
    expect(v14).toContain('A legal matter (A-03).');
  });

  it('is canonical: generating from its own output gives the same text', () => {
    expect(generateRevisionSdl(v12, '1.2.0')).toBe(v12);
    expect(generateRevisionSdl(v14, '1.4.0')).toBe(v14);
  });
});

describe('generateRevision problems', () => {
  it('reports an unmarked type that only a 1.4.0 field uses (forgotten marker) and drops it', () => {
    const source = /* GraphQL */ `
      ${SINCE}
      type Query {
        contact: Contact
      }
      type Contact {
        name: String
        address: Address @since(version: "1.4.0")
      }
      type Address {
        street: String
      }
    `;
    const result = generateRevision(source, '1.2.0');
    expect(result.problems).toEqual([
      expect.objectContaining({ kind: 'orphaned-type', message: expect.stringContaining('Address') }),
    ]);
    expect(result.sdl).not.toMatch(/Address/);
    expect(() => generateRevisionSdl(source, '1.2.0')).toThrow(ContractGenerationError);
    expect(() => generateRevisionSdl(source, '1.2.0')).toThrow(/orphaned-type.*Address/);
    expect(generateRevision(source, '1.4.0').problems).toEqual([]);
  });

  it('keeps implementations of a reachable interface', () => {
    const source = /* GraphQL */ `
      type Query {
        node: Node
      }
      interface Node {
        id: ID!
      }
      type Person implements Node {
        id: ID!
      }
    `;
    expect(generateRevision(source, '1.2.0')).toMatchObject({
      problems: [],
      sdl: expect.stringContaining('type Person'),
    });
  });

  it('reports an unmarked field whose type only exists in 1.4.0', () => {
    const source = /* GraphQL */ `
      ${SINCE}
      type Query {
        matter: Matter
      }
      type Matter @since(version: "1.4.0") {
        id: ID
      }
    `;
    const result = generateRevision(source, '1.2.0');
    expect(result.sdl).toBeUndefined();
    expect(result.problems).toEqual([
      expect.objectContaining({
        kind: 'dangling-reference',
        message: expect.stringContaining('Query.matter uses Matter'),
      }),
    ]);
  });

  it('reports @since with an unknown version', () => {
    const source = /* GraphQL */ `
      ${SINCE}
      type Query {
        a: Int
        b: Int @since(version: "1.3.0")
      }
    `;
    expect(generateRevision(source, '1.2.0').problems).toEqual([
      expect.objectContaining({ kind: 'invalid-since', message: expect.stringContaining('Query.b') }),
    ]);
  });

  it('reports a type left without fields as an invalid schema', () => {
    const source = /* GraphQL */ `
      ${SINCE}
      type Query {
        stats: Stats
      }
      type Stats {
        total: Int @since(version: "1.4.0")
      }
    `;
    const result = generateRevision(source, '1.2.0');
    expect(result.problems).toEqual([
      expect.objectContaining({ kind: 'invalid-schema', message: expect.stringContaining('Stats') }),
    ]);
  });
});

describe('revision files', () => {
  let dir: string;
  beforeEach(() => {
    dir = path.join(mkdtempSync(path.join(tmpdir(), 'rm-contracts-')), 'contracts');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'schema.graphql'), SOURCE);
    clearRevisionSchemaCache();
  });
  afterEach(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

  it('writes both revisions with the header, then reports them current until one changes', () => {
    expect(checkRevisionFiles(dir).map((f) => [f.displayPath, f.state])).toEqual([
      ['contracts/1.4.0/schema.graphql', 'missing'],
      ['contracts/1.2.0/schema.graphql', 'missing'],
    ]);
    expect(writeRevisionFiles(dir).map((f) => f.state)).toEqual(['missing', 'missing']);
    const text = readFileSync(revisionFilePath('1.2.0', dir), 'utf8');
    expect(text.split('\n')[0]).toBe(GENERATED_HEADER);
    expect(text).toBe(`${GENERATED_HEADER}\n${generateRevisionSdl(SOURCE, '1.2.0')}\n`);
    expect(checkRevisionFiles(dir)).toEqual([]);

    writeFileSync(revisionFilePath('1.4.0', dir), `${text}# edited\n`);
    expect(checkRevisionFiles(dir).map((f) => [f.version, f.state])).toEqual([['1.4.0', 'outdated']]);
    expect(writeRevisionFiles(dir).map((f) => f.state)).toEqual(['outdated', 'current']);
    expect(checkRevisionFiles(dir)).toEqual([]);
  });

  it('writes nothing when the source is inconsistent', () => {
    writeFileSync(path.join(dir, 'schema.graphql'), `${SOURCE}\ntype Orphan { a: Int }\n`);
    expect(() => writeRevisionFiles(dir)).toThrow(ContractGenerationError);
    expect(checkRevisionFiles.bind(null, dir)).toThrow(/Orphan/);
    expect(() => readFileSync(revisionFilePath('1.4.0', dir))).toThrow(/ENOENT/);
  });

  it('builds an executable schema with the real scalars and the contract descriptions', async () => {
    writeRevisionFiles(dir);
    const schema = buildRevisionSchema('1.2.0', dir);
    expect(buildRevisionSchema('1.2.0', dir)).toBe(schema);
    const date = schema.getType('Date');
    expect(isScalarType(date) && date.description).toBe('A calendar date (A-01).');
    expect(schema.getType('DateTime')).toBeUndefined();

    const ok = await graphql({
      schema,
      source: '{ contact(id: "1") { birthday } }',
      rootValue: { contact: { birthday: new Date('2024-02-29T10:00:00Z') } },
    });
    expect(ok).toEqual({ data: { contact: { birthday: '2024-02-29' } } });
    const bad = await graphql({
      schema,
      source: 'query ($f: ContactFilter) { contacts(filter: $f) { id } }',
      variableValues: { f: { kind: 'PERSON' } },
      rootValue: { contacts: [] },
    });
    expect(bad.errors?.[0]?.message).toMatch(/"kind" is not defined by type "ContactFilter"/);
  });
});
