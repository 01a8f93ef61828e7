// Paths with finds: `[?where]` picks the first list item with a value there, `[?where=text]` one whose
// scalar reads as that text; a find that meets no item finds nothing.
import { describe, expect, it } from '@jest/globals';
import { getAtPath, parsePath } from '../../../src/conformance/scenario/json-path.js';

const body = {
  data: {
    people: [
      { id: 'p1', score: null, notes: { models: [] }, status: 'open' },
      { id: 'p2', score: { strength: 0 }, notes: { models: [{ noteId: 'n1' }] }, status: 'closed' },
      { id: 'p3', score: { strength: 3 }, notes: { models: [{ noteId: 'n2' }] }, status: 'closed' },
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

  it('finds nothing when no item qualifies, or the value is not a list', () => {
    expect(getAtPath(body, 'data.people[?status=lost].id')).toEqual({ found: false, value: undefined });
    expect(getAtPath(body, 'data.people[?missing].id').found).toBe(false);
    expect(getAtPath(body, 'data[?people].id').found).toBe(false);
  });
});
