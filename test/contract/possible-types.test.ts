import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { buildSchema, isObjectType, isUnionType } from 'graphql';
import { buildRevisionSchema } from '../../src/contract/generate.js';
import { possibleTypes } from '../../src/contract/possible-types.generated.js';
import {
  POSSIBLE_TYPES_FILE,
  possibleTypesCurrent,
  possibleTypesOf,
  renderPossibleTypes,
} from '../../src/contract/possible-types.js';
import { CONTRACTS_DIR, VERSIONS } from '../../src/contract/versions.js';

describe('possibleTypesOf', () => {
  it('lists every interface and union with the object types that can stand for it, sorted', () => {
    const schema = buildSchema(`
      interface Node { id: ID }
      interface Named implements Node { id: ID name: String }
      type Zebra implements Node & Named { id: ID name: String }
      type Ant implements Node { id: ID }
      type Loner { id: ID }
      union Pet = Zebra | Loner
      type Query { node: Node pet: Pet }
    `);
    expect(possibleTypesOf(schema)).toEqual({
      Named: ['Zebra'],
      Node: ['Ant', 'Zebra'],
      Pet: ['Loner', 'Zebra'],
    });
  });
});

describe('the generated possibleTypes of the revisions (src/contract/possible-types.generated.ts)', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it.each(VERSIONS)(
    '%s: every object type is listed under each interface it implements and union it is in, and only there',
    (v) => {
      // Derived the other way round (from the object types), so it does not repeat possibleTypesOf.
      const schema = buildRevisionSchema(v);
      const expected: Record<string, string[]> = {};
      for (const type of Object.values(schema.getTypeMap()).filter(isObjectType)) {
        for (const parent of type.getInterfaces()) (expected[parent.name] ??= []).push(type.name);
      }
      for (const union of Object.values(schema.getTypeMap()).filter(isUnionType))
        expected[union.name] = union.getTypes().map((t) => t.name);
      for (const list of Object.values(expected)) list.sort((a, b) => a.localeCompare(b));
      expect(possibleTypes[v]).toEqual(expected);
      // The pair the cache loses data on without the map.
      expect(possibleTypes[v].Contact).toEqual(['Company', 'Person']);
    },
  );

  it('is the file the contract generates', () => {
    expect(possibleTypesCurrent()).toBe(true);
  });

  it('goes stale when a revision gains an abstract type', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rm-possible-types-'));
    dirs.push(dir);
    cpSync(CONTRACTS_DIR, dir, { recursive: true });
    const sdl = path.join(dir, '1.4.0', 'schema.graphql');
    writeFileSync(sdl, `${readFileSync(sdl, 'utf8')}\nunion Party = Person | Company\n`);
    const text = renderPossibleTypes(dir);
    expect(text).not.toBe(readFileSync(POSSIBLE_TYPES_FILE, 'utf8'));
    expect(text).toContain('"Party": [\n      "Company",\n      "Person"\n    ]');
  });
});
