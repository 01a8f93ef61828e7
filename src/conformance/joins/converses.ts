import type { PageFinding } from '../assert/pages.js';
import type { TypedHolder } from './typed-holders.js';

const listOf = (path: string): string => path.replace(/\[\d+\]$/, '');

/**
 * What an answer's relationship types say of each other: a type's `converse` is the name of the
 * type its `converseId` names, so where one list holds both, the two agree. A lost join to the converse
 * type (a null `converse`) or a name read from the wrong row breaks it. Types whose converse is not in
 * the same list, or whose fields were not asked, are not held.
 */
export function converseFindings(holders: readonly TypedHolder[]): PageFinding[] {
  const lists = new Map<string, TypedHolder[]>();
  for (const holder of holders) {
    if (!holder.types.has('RelationshipTypeDefinition')) continue;
    const list = listOf(holder.path);
    lists.set(list, [...(lists.get(list) ?? []), holder]);
  }
  const out: PageFinding[] = [];
  for (const types of lists.values()) {
    const names = new Map<string, unknown>();
    for (const t of types) {
      const id = t.fields.get('id');
      if (typeof id === 'string' && t.fields.has('name')) names.set(id, t.fields.get('name'));
    }
    for (const t of types) {
      const converseId = t.fields.get('converseId');
      if (typeof converseId !== 'string' || !names.has(converseId) || !t.fields.has('converse')) continue;
      const expected = names.get(converseId);
      const actual = t.fields.get('converse');
      if (typeof expected !== 'string' || actual === expected) continue;
      out.push({
        basis: ['§2.6', 'A-586'],
        finding: {
          expectationId: 'converse',
          path: `${t.path}.converse`,
          kind: 'value-mismatch',
          expected,
          actual,
          message: `the relationship type ${JSON.stringify(t.fields.get('name'))} answers converse ${JSON.stringify(actual)}, but its converseId names ${JSON.stringify(expected)} in the same answer: a type's converse is its converse type's name`,
        },
      });
    }
  }
  return out;
}
