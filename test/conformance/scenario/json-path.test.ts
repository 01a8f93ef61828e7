// Paths with finds: `[?where]` picks the first list item with a value there, `[?where=text]` one whose
// scalar reads as that text, `[?where!=text]` one whose scalar does not, `[?a=@b]` / `[?a!=@b]` one whose two
// fields agree / differ; a find that meets no item finds nothing.
import { describe, expect, it } from '@jest/globals';
import { getAtPath, parsePath } from '../../../src/conformance/scenario/json-path.js';

const body = {
  data: {
    people: [
      { id: 'p1', score: null, notes: { models: [] }, status: 'open', owner: 'Ann', creator: 'Ann' },
      {
        id: 'p2',
        score: { strength: 0 },
        notes: { models: [{ noteId: 'n1' }] },
        status: 'closed',
        owner: 'Bo',
        creator: 'Bo',
      },
      {
        id: 'p3',
        score: { strength: 3 },
        notes: { models: [{ noteId: 'n2' }] },
        status: 'closed',
        owner: 'Cy',
        creator: 'Di',
      },
      { id: 'p4', score: { strength: 3 }, notes: { models: [] }, status: null, owner: null, creator: 'Ed' },
    ],
  },
};

describe('paths with finds', () => {
  it('parses indexes, keys and finds, nested ones included', () => {
    expect(parsePath('data.a[3].b')).toEqual(['data', 'a', 3, 'b']);
    expect(parsePath('a[?notes.models[0].noteId].id')).toEqual([
      'a',
      { where: ['notes', 'models', 0, 'noteId'] },
      'id',
    ]);
    expect(parsePath('a[?status=closed]')).toEqual(['a', { where: ['status'], equals: 'closed' }]);
  });

  it('picks the first item with a value other than null at the path, a falsy one included', () => {
    expect(getAtPath(body, 'data.people[?score].id')).toEqual({ found: true, value: 'p2' });
    expect(getAtPath(body, 'data.people[?score.strength].id').value).toBe('p2');
    expect(getAtPath(body, 'data.people[?notes.models[0].noteId].notes.models[0].noteId').value).toBe('n1');
  });

  it('picks the first item whose scalar reads as the text', () => {
    expect(getAtPath(body, 'data.people[?status=closed].id').value).toBe('p2');
    expect(getAtPath(body, 'data.people[?score.strength=3].id').value).toBe('p3');
  });

  it('picks the first item whose scalar is another text, never one without a value', () => {
    expect(parsePath('a[?status!=open]')).toEqual([
      'a',
      { where: ['status'], equals: 'open', negated: true },
    ]);
    expect(getAtPath(body, 'data.people[?status!=open].id').value).toBe('p2');
    expect(getAtPath(body, 'data.people[?score.strength!=0].id').value).toBe('p3');
    expect(getAtPath(body, 'data.people[?status!=closed].id').value).toBe('p1');
  });

  it('compares two fields of one item with @', () => {
    expect(parsePath('a[?owner!=@creator]')).toEqual([
      'a',
      { where: ['owner'], sameAs: ['creator'], negated: true },
    ]);
    expect(getAtPath(body, 'data.people[?owner!=@creator].id').value).toBe('p3');
    expect(getAtPath(body, 'data.people[?owner=@creator].id').value).toBe('p1');
    // p4 has no owner: it differs from its creator, but a find never meets an item without the value.
    expect(getAtPath(body, 'data.people[?creator!=@owner].id').value).toBe('p3');
    expect(getAtPath(body, 'data.people[?creator!=@missing].id').value).toBe('p1');
  });

  it('reads the rest of the path in every item with [*], leaving out items without it', () => {
    expect(parsePath('a[*].id')).toEqual(['a', { each: true }, 'id']);
    expect(getAtPath(body, 'data.people[*].id').value).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(getAtPath(body, 'data.people[*].notes.models[0].noteId').value).toEqual(['n1', 'n2']);
    expect(getAtPath(body, 'data.people[*].score')).toEqual({
      found: true,
      value: [null, { strength: 0 }, { strength: 3 }, { strength: 3 }],
    });
    expect(getAtPath(body, 'data[*].id').found).toBe(false);
  });

  it('flattens a second [*] into one list, and keeps a list the path ends on as one item', () => {
    expect(getAtPath(body, 'data.people[*].notes.models[*].noteId').value).toEqual(['n1', 'n2']);
    expect(getAtPath(body, 'data.people[*].notes.models').value).toEqual([
      [],
      [{ noteId: 'n1' }],
      [{ noteId: 'n2' }],
      [],
    ]);
  });

  it('keeps every item that meets a find with [?*…], so finds chain into an intersection', () => {
    expect(parsePath('a[?*status=closed]')).toEqual([
      'a',
      { where: ['status'], equals: 'closed', all: true },
    ]);
    expect(getAtPath(body, 'data.people[?*status=closed][*].id').value).toEqual(['p2', 'p3']);
    expect(getAtPath(body, 'data.people[?*status=closed][?*owner!=@creator][*].id').value).toEqual(['p3']);
    expect(getAtPath(body, 'data.people[?*score.strength=3][?*status=closed][0].id').value).toBe('p3');
    // No item meets both: an empty list, and no first item.
    expect(getAtPath(body, 'data.people[?*status=open][?*score][*].id').value).toEqual([]);
    expect(getAtPath(body, 'data.people[?*status=open][?*score][0].id').found).toBe(false);
  });

  it('finds nothing when no item qualifies, or the value is not a list', () => {
    expect(getAtPath(body, 'data.people[?status=lost].id')).toEqual({ found: false, value: undefined });
    expect(getAtPath(body, 'data.people[?missing].id').found).toBe(false);
    expect(getAtPath(body, 'data[?people].id').found).toBe(false);
  });
});
