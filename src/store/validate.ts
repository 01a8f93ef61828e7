import { StoreError } from './errors.js';
import type { Entity } from './types.js';

/** A non-null, non-array object. */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Rejects anything but a non-empty collection name. */
export function assertCollectionName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || name === '') {
    throw new StoreError(`collection name must be a non-empty string, got ${describe(name)}`);
  }
}

/** Rejects anything but an object with a string id. */
export function assertEntity(value: unknown, collection: string): asserts value is Entity {
  if (!isPlainRecord(value) || typeof value.id !== 'string') {
    throw new StoreError(
      `entity in "${collection}" must be an object with a string id, got ${describe(value)}`,
    );
  }
}

/** Short description of a bad value for error messages. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object without a string id';
  return typeof value === 'string' ? JSON.stringify(value) : typeof value;
}

/** Recursively freezes a JSON value so accidental mutation of stored data throws. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
