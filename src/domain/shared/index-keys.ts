import type { Entity } from '../../store/index.js';

/**
 * A text field of a stored entity as an index key, or undefined when it holds no text (the entity is
 * then not indexed). For indexes over other areas' collections, whose records this area reads
 * defensively rather than trusting their type.
 */
export function textField(entity: Entity, field: string): string | undefined {
  const value = entity[field];
  return typeof value === 'string' ? value : undefined;
}
