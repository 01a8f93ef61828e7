import type {
  MutationAddRelationshipArgs,
  MutationAddRelationshipForContactsArgs,
  MutationEditRelationshipArgs,
  MutationRemoveRelationshipArgs,
  RelationshipEventType,
} from '../../contract/types.generated.js';
import type { StoreReader, Transaction } from '../../store/index.js';
import type { RequestContext } from '../area.js';
import { recordEvents, type EventRecord, type NewEvent } from '../shared/change-events.js';
import { businessRuleError } from '../shared/errors.js';
import { newId, toIsoDateTime } from '../shared/time.js';
import { Validator } from '../shared/validation.js';
import { apiUserIdOf, isVisibleTo, relationshipsBetween, typeOf } from './graph.js';
import { RELATIONSHIPS, type RelationshipRecord } from './model.js';
import {
  checkActiveType,
  checkDuplicate,
  checkFormer,
  checkListing,
  checkNewRelationship,
  checkStrength,
} from './rules.js';
import { findContact } from '../contacts/model.js';

// Resolvers open alike here (parent, args, ctx; a transaction; a Validator): the resolver form, not shared logic.

/**
 * What a relationship event carries (§6): the relationship's attributes after the change, and
 * `isPrivate`, which the view uses to hide events of relationships private at the time.
 */
export function relationshipEventData(
  store: StoreReader,
  rel: RelationshipRecord,
  status: 'Active' | 'Deleted',
): NonNullable<EventRecord['data']> {
  const type = typeOf(store, rel.relationshipTypeId);
  return {
    baseContactId: rel.baseContactId,
    relatedContactId: rel.relatedContactId,
    relationshipTypeId: rel.relationshipTypeId,
    relationshipTypeName: type?.name ?? null,
    isFormer: rel.isFormer,
    isAnonymous: rel.isAnonymous,
    // The event view's `strengthScale` reports the relationship's strength on its type's scale, so
    // that a StrengthChanged event shows the new value.
    strengthScale: rel.strengthLevel,
    status,
    isPrivate: rel.isPrivate,
  };
}

function event(
  tx: Transaction,
  rel: RelationshipRecord,
  eventType: RelationshipEventType,
  status: 'Active' | 'Deleted' = 'Active',
): NewEvent {
  return { view: 'relationship', eventType, entityId: rel.id, data: relationshipEventData(tx, rel, status) };
}

const NO_API_USER = 'The tenant has no API user to record relationships for.';

/** Stores a new relationship and its RelationshipCreated event. */
type NewFields = Pick<
  RelationshipRecord,
  | 'baseContactId'
  | 'relatedContactId'
  | 'relationshipTypeId'
  | 'strengthLevel'
  | 'isPrivate'
  | 'isFormer'
  | 'isAnonymous'
  | 'ownerId'
>;

function create(tx: Transaction, ctx: RequestContext, fields: NewFields): void {
  const now = toIsoDateTime(ctx.now());
  const rel = tx.put<RelationshipRecord>(RELATIONSHIPS, {
    id: newId(),
    ...fields,
    createdAt: now,
    updatedAt: now,
  });
  recordEvents(tx, ctx, [event(tx, rel, 'RelationshipCreated')]);
}

/** `addRelationship`: relates the API user to a contact; failures are GraphQL errors. */
export async function addRelationship(
  _parent: unknown,
  args: MutationAddRelationshipArgs,
  ctx: RequestContext,
) {
  const input = args.input;
  if (!input) return { contactId: null, success: false };
  return ctx.store.transact((tx) => {
    const userId = apiUserIdOf(tx);
    if (!userId) throw businessRuleError([{ propertyName: 'contactId', message: NO_API_USER }]);
    const v = new Validator();
    const level = checkNewRelationship(
      v,
      tx,
      { ...input, baseContactId: userId, relatedContactId: input.contactId },
      { base: 'contactId', related: 'contactId' },
      userId,
    );
    if (!v.ok || level === undefined) throw businessRuleError(v.errors);
    create(tx, ctx, {
      baseContactId: userId,
      relatedContactId: input.contactId,
      relationshipTypeId: input.relationshipTypeId,
      strengthLevel: level,
      isPrivate: input.isPrivate === true,
      isFormer: input.isFormer === true,
      isAnonymous: false,
      ownerId: userId,
    });
    return { contactId: input.contactId, success: true };
  });
}

/** `addRelationshipForContacts`: relates two contacts; the API user records (owns) it. */
export async function addRelationshipForContacts(
  _parent: unknown,
  args: MutationAddRelationshipForContactsArgs,
  ctx: RequestContext,
) {
  const input = args.input;
  if (!input) {
    return { success: false, validationErrors: [{ propertyName: 'input', message: 'input is required.' }] };
  }
  return ctx.store.transact((tx) => {
    const userId = apiUserIdOf(tx);
    if (!userId)
      return { success: false, validationErrors: [{ propertyName: 'input', message: NO_API_USER }] };
    const v = new Validator();
    const level = checkNewRelationship(
      v,
      tx,
      input,
      { base: 'baseContactId', related: 'relatedContactId' },
      userId,
    );
    if (!v.ok || level === undefined) return { success: false, validationErrors: v.errors };
    create(tx, ctx, {
      baseContactId: input.baseContactId,
      relatedContactId: input.relatedContactId,
      relationshipTypeId: input.relationshipTypeId,
      strengthLevel: level,
      isPrivate: input.isPrivate === true,
      isFormer: input.isFormer === true,
      isAnonymous: input.isAnonymous === true,
      ownerId: userId,
    });
    return { success: true, validationErrors: [] };
  });
}

/** Attributes an edit may change, each with the event type reporting its change, in that order. */
const EDITABLE: ReadonlyArray<[keyof RelationshipRecord, RelationshipEventType]> = [
  ['relationshipTypeId', 'RelationshipTypeChanged'],
  ['strengthLevel', 'StrengthChanged'],
  ['isFormer', 'FormerChanged'],
  ['isAnonymous', 'AnonymousChanged'],
  ['isPrivate', 'PrivacyChanged'],
];

/**
 * `editRelationship`: changes the given attributes of a relationship the API user can see; one event
 * per changed attribute, all in this transaction and so with one event date (§6). A type change keeps
 * the strength, capped at the new type's scale. Failures are GraphQL errors.
 */
export async function editRelationship(
  _parent: unknown,
  args: MutationEditRelationshipArgs,
  ctx: RequestContext,
) {
  const input = args.input;
  if (!input) return { relationshipId: null, success: false };
  return ctx.store.transact((tx) => {
    const v = new Validator();
    const userId = apiUserIdOf(tx);
    const current = tx.get<RelationshipRecord>(RELATIONSHIPS, input.relationshipId);
    if (!current || !isVisibleTo(current, userId)) {
      throw businessRuleError([
        {
          propertyName: 'relationshipId',
          message: `No relationship exists with id "${input.relationshipId}".`,
        },
      ]);
    }
    const typeChanges = !!input.relationshipTypeId && input.relationshipTypeId !== current.relationshipTypeId;
    const type = typeChanges
      ? checkActiveType(v, tx, 'relationshipTypeId', input.relationshipTypeId as string)
      : typeOf(tx, current.relationshipTypeId);
    const base = findContact(tx, current.baseContactId);
    const related = findContact(tx, current.relatedContactId);
    let strengthLevel = current.strengthLevel;
    const isFormer = input.isFormer ?? current.isFormer;
    if (type) {
      if (typeChanges && base && related) {
        checkListing(v, 'relationshipTypeId', type, base, related);
        checkDuplicate(v, tx, 'relationshipTypeId', {
          a: current.baseContactId,
          b: current.relatedContactId,
          typeId: type.id,
          viewerId: userId,
          except: current.id,
        });
      }
      strengthLevel =
        checkStrength(v, 'strengthLevel', type, input.strengthLevel) ??
        Math.min(strengthLevel, type.strengthScale);
      if (isFormer && (input.isFormer === true || typeChanges)) checkFormer(v, 'isFormer', type, true);
    }
    const isPrivate = input.isPrivate ?? current.isPrivate;
    if (isPrivate !== current.isPrivate && current.ownerId !== userId) {
      v.fail('isPrivate', 'Only the owner of a relationship can change whether it is private.');
    }
    if (!v.ok || !type) throw businessRuleError(v.errors);

    const next: RelationshipRecord = {
      ...current,
      relationshipTypeId: type.id,
      strengthLevel,
      isFormer,
      isAnonymous: input.isAnonymous ?? current.isAnonymous,
      isPrivate,
    };
    const changed = EDITABLE.filter(([field]) => next[field] !== current[field]);
    if (changed.length === 0) return { relationshipId: current.id, success: true };
    const stored = tx.put<RelationshipRecord>(RELATIONSHIPS, {
      ...next,
      updatedAt: toIsoDateTime(ctx.now()),
    });
    recordEvents(
      tx,
      ctx,
      changed.map(([, eventType]) => event(tx, stored, eventType)),
    );
    return { relationshipId: current.id, success: true };
  });
}

/**
 * `removeRelationship`: removes the API user's relationship to a contact; `relationshipId` says which
 * when there are several. Failures are GraphQL errors.
 */
export async function removeRelationship(
  _parent: unknown,
  args: MutationRemoveRelationshipArgs,
  ctx: RequestContext,
) {
  const input = args.input;
  if (!input) return { contactId: null, success: false };
  return ctx.store.transact((tx) => {
    const userId = apiUserIdOf(tx);
    const contact = findContact(tx, input.contactId);
    if (!contact) {
      throw businessRuleError([
        { propertyName: 'contactId', message: `No contact exists with id "${input.contactId}".` },
      ]);
    }
    const mine = userId ? relationshipsBetween(tx, userId, contact.id, userId) : [];
    let target: RelationshipRecord | undefined;
    if (input.relationshipId) {
      target = mine.find((rel) => rel.id === input.relationshipId);
      if (!target) {
        throw businessRuleError([
          {
            propertyName: 'relationshipId',
            message: `No relationship with id "${input.relationshipId}" exists between the current user and this contact.`,
          },
        ]);
      }
    } else if (mine.length === 1) {
      target = mine[0];
    } else if (mine.length === 0) {
      throw businessRuleError([
        { propertyName: 'contactId', message: 'The current user has no relationship to this contact.' },
      ]);
    } else {
      throw businessRuleError([
        {
          propertyName: 'relationshipId',
          message: `The current user has ${mine.length} relationships to this contact; relationshipId must say which one to remove.`,
        },
      ]);
    }
    if (!target) return { contactId: contact.id, success: false };
    tx.delete(RELATIONSHIPS, target.id);
    recordEvents(tx, ctx, [event(tx, target, 'RelationshipDeleted', 'Deleted')]);
    return { contactId: contact.id, success: true };
  });
}
