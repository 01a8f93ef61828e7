import { StoreCorruptError } from './errors.js';
import type { StoreSnapshot } from './types.js';
import { isPlainRecord } from './validate.js';

/** Throws a `StoreCorruptError` naming `source` unless `value` has the snapshot shape. */
export function assertSnapshot(value: unknown, source: string): asserts value is StoreSnapshot {
  const fail = (why: string): never => {
    throw new StoreCorruptError(`${source}: invalid snapshot: ${why}`);
  };
  if (!isPlainRecord(value)) return fail('not a JSON object');
  if (value.version !== 1) fail(`unsupported version ${JSON.stringify(value.version)}`);
  if (typeof value.seq !== 'number' || !Number.isSafeInteger(value.seq) || value.seq < 0) {
    fail('seq must be a non-negative integer');
  }
  if (!isPlainRecord(value.meta)) fail('meta must be an object');
  if (!isPlainRecord(value.collections)) return fail('collections must be an object');
  for (const [name, entities] of Object.entries(value.collections)) {
    if (name === '') fail('empty collection name');
    if (!Array.isArray(entities)) return fail(`collection ${JSON.stringify(name)} is not an array`);
    entities.forEach((e: unknown, i) => {
      if (!isPlainRecord(e) || typeof e.id !== 'string') {
        fail(`collection ${JSON.stringify(name)} item ${i} is not an object with a string id`);
      }
    });
  }
}

/** Parses and validates snapshot text; `source` names the file in errors. */
export function parseSnapshot(text: string, source = 'snapshot'): StoreSnapshot {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new StoreCorruptError(`${source}: invalid JSON: ${(err as Error).message}`, { cause: err });
  }
  assertSnapshot(value, source);
  return value;
}

/**
 * The canonical text of a snapshot in pieces: compact JSON with one entity per line, so seed files
 * diff well and the same snapshot always yields the same bytes. Collections keep the object's order;
 * `Store.toSnapshot()` already sorts them.
 */
export function* snapshotChunks(snapshot: StoreSnapshot): Generator<string> {
  yield `{"version":1,"seq":${snapshot.seq},"meta":${JSON.stringify(snapshot.meta)},"collections":{`;
  let first = true;
  for (const [name, entities] of Object.entries(snapshot.collections)) {
    yield `${first ? '' : ','}\n${JSON.stringify(name)}:[`;
    first = false;
    for (let i = 0; i < entities.length; i++) yield `${i === 0 ? '' : ','}\n${JSON.stringify(entities[i])}`;
    yield '\n]';
  }
  yield '\n}}\n';
}

/** The canonical snapshot text, built synchronously. */
export function stringifySnapshot(snapshot: StoreSnapshot): string {
  return Array.from(snapshotChunks(snapshot)).join('');
}

/**
 * The same text as `stringifySnapshot`, yielding to the event loop every `chunk` pieces so that
 * compacting a large store does not stall requests.
 */
export async function stringifySnapshotAsync(snapshot: StoreSnapshot, chunk = 2000): Promise<string> {
  const parts: string[] = [];
  for (const piece of snapshotChunks(snapshot)) {
    parts.push(piece);
    if (parts.length % chunk === 0) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return parts.join('');
}
