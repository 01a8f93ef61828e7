import type { Entity } from '../../store/index.js';
import type { IndexDefinition } from '../area.js';

/**
 * A text field of a stored entity as an index key, or undefined when it holds no text (the entity is
 * then not indexed). For indexes over other areas' collections, whose records this area reads
 * defensively rather than trusting their type.
 */
export function textField(entity: Entity, field: string): string | undefined {
  const value = entity[field];
  return typeof value === 'string' ? value : undefined;
}

/**
 * An index of an area's own `collection`, whose `key` reads the records as the area's record type (the
 * store hands every index plain entities; the area wrote these records itself).
 */
export function recordIndex<T extends Entity>(
  name: string,
  collection: string,
  key: (record: T) => string | undefined,
): IndexDefinition {
  return { name, collection, key: (entity) => key(entity as T) };
}
