import { parse } from 'graphql';
import { buildRevisionSchema } from '../../contract/generate.js';
import { type PathSegment } from '../../conformance/index.js';
import { ACTIVITIES } from '../../domain/activities/model.js';
import { CONTACTS } from '../../domain/contacts/model.js';
import { LISTS } from '../../domain/lists/model.js';
import type { Store } from '../../store/index.js';
import { walkResponse } from '../typed-walk.js';
import {
  activityRecord,
  addressRecord,
  contactRecord,
  emailRecord,
  listRecord,
  LOADED_TYPES,
  ownerOf,
  phoneRecord,
  type FixtureLoad,
  type RecordedEntity,
} from './fixture-records.js';
import type { Recording } from './format.js';

export { LOADED_TYPES };
export type { FixtureLoad, RecordedEntity };

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * Every object with an id of the {@link LOADED_TYPES} in the recorded answers, typed by walking each
 * answer along its request's document (so aliases and fragments are resolved), merged by id in traffic
 * order (a later answer's fields win).
 */
export function entitiesFromRecordings(recordings: readonly Recording[]): RecordedEntity[] {
  const byKey = new Map<string, RecordedEntity>();
  for (const r of [...recordings].sort((a, b) => a.seq - b.seq)) {
    const body = r.request.body;
    const data = (r.response?.body as { data?: unknown } | undefined)?.data;
    if (!body || data === undefined || data === null) continue;
    let document;
    try {
      document = parse(body.query);
    } catch {
      continue;
    }
    const seen = new Map<string, { type: string; id: string }>();
    const parentOf = (path: readonly PathSegment[]): string | undefined => {
      for (let i = path.length - 1; i > 0; i--) {
        const hit = seen.get(JSON.stringify(path.slice(0, i)));
        if (hit && (hit.type === 'Person' || hit.type === 'Company')) return hit.id;
      }
      return undefined;
    };
    walkResponse(buildRevisionSchema(r.revision), document, body.operationName, data, {
      object: (type, fields, path) => {
        const id = str(fields['id']);
        if (id === null || !(type.name in LOADED_TYPES)) return;
        seen.set(JSON.stringify(path), { type: type.name, id });
        const key = `${LOADED_TYPES[type.name] ?? ''}/${id}`;
        const before = byKey.get(key);
        const parentId = parentOf(path) ?? before?.parentId;
        byKey.set(key, {
          type: type.name,
          id,
          fields: { ...before?.fields, ...fields },
          ...(parentId !== undefined ? { parentId } : {}),
        });
      },
    });
  }
  return [...byKey.values()];
}

/**
 * Writes recorded entities into a (seeded) tenant store in one transaction: contacts first, then their
 * addresses, e-mails and phones, lists and activities, so references resolve. Fields the recording did
 * not select keep the stored value, or a neutral default for a new entity; references the store cannot
 * resolve (unknown contact types, folder types, activity types) are dropped or replaced by the store's
 * default, so every written entity satisfies the store's model.
 */
export async function loadFixtures(
  store: Store,
  entities: readonly RecordedEntity[],
  now = new Date(),
): Promise<FixtureLoad> {
  const at = now.toISOString();
  const loaded: Record<string, number> = {};
  const count = (collection: string): void => {
    loaded[collection] = (loaded[collection] ?? 0) + 1;
  };
  const of = (...types: string[]): RecordedEntity[] => entities.filter((e) => types.includes(e.type));
  await store.transact((tx) => {
    // Companies before people: a person's employer must be stored first.
    for (const e of [...of('Company'), ...of('Person')]) {
      tx.put(CONTACTS, contactRecord(e, tx, at));
      count(CONTACTS);
    }
    // Addresses before phones: a phone may sit at one of the contact's addresses.
    for (const e of [...of('Address'), ...of('EmailAddress'), ...of('PhoneNumber')]) {
      const owner = ownerOf(e);
      if (owner === null || !tx.has(CONTACTS, owner)) continue;
      const record =
        e.type === 'Address'
          ? addressRecord(e, owner, tx)
          : e.type === 'EmailAddress'
            ? emailRecord(e, owner, tx)
            : phoneRecord(e, owner, tx);
      if (!record) continue;
      const collection = LOADED_TYPES[e.type] ?? '';
      tx.put(collection, record);
      count(collection);
    }
    for (const e of of('List')) {
      const record = listRecord(e, tx, at);
      if (!record) continue;
      tx.put(LISTS, record);
      count(LISTS);
    }
    for (const e of of('Activity')) {
      const record = activityRecord(e, tx, at);
      if (!record) continue;
      tx.put(ACTIVITIES, record);
      count(ACTIVITIES);
    }
  });
  return { loaded };
}
