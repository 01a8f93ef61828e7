import type { RelationshipListingType } from '../../contract/types.generated.js';
import type { StoreReader } from '../../store/index.js';
import { type ContactRecord, findContact } from '../contacts/model.js';
import type { Validator } from '../shared/validation.js';
import { relationshipsBetween, typeOf } from './graph.js';
import type { RelationshipRecord, RelationshipTypeRecord } from './model.js';

/** The listing type two contacts need: person–person, person–company or company–company. */
export function listingTypeOf(a: ContactRecord, b: ContactRecord): RelationshipListingType {
  if (a.kind === 'Person' && b.kind === 'Person') return 'PersonToPerson';
  if (a.kind === 'Company' && b.kind === 'Company') return 'CompanyToCompany';
  return 'PersonToCompany';
}

/** A referenced contact that must exist. */
export function checkContact(
  v: Validator,
  store: StoreReader,
  propertyName: string,
  id: string,
): ContactRecord | undefined {
  const contact = findContact(store, id);
  if (!contact) v.fail(propertyName, `No contact exists with id "${id}".`);
  return contact;
}

/** A relationship type for a new relationship: it must exist and be active. */
export function checkActiveType(
  v: Validator,
  store: StoreReader,
  propertyName: string,
  id: string,
): RelationshipTypeRecord | undefined {
  const type = typeOf(store, id);
  if (!type) {
    v.fail(propertyName, `No relationship type exists with id "${id}".`);
    return undefined;
  }
  if (type.status !== 'Active') {
    v.fail(
      propertyName,
      `The relationship type "${type.name}" is inactive and cannot be used for new relationships.`,
    );
    return undefined;
  }
  return type;
}

/** The type must relate contacts of these kinds (its `relationshipListingTypes`). */
export function checkListing(
  v: Validator,
  propertyName: string,
  type: RelationshipTypeRecord,
  a: ContactRecord,
  b: ContactRecord,
): void {
  const needed = listingTypeOf(a, b);
  if (!type.relationshipListingTypes.includes(needed)) {
    v.fail(
      propertyName,
      `The relationship type "${type.name}" cannot relate these contacts (it needs ${needed}).`,
    );
  }
}

/** A strength level on the type's scale (A-51: 1 to strengthScale). */
export function checkStrength(
  v: Validator,
  propertyName: string,
  type: RelationshipTypeRecord,
  level: number | null | undefined,
): number | undefined {
  if (level === null || level === undefined) return undefined;
  return v.range(propertyName, level, 1, type.strengthScale);
}

/** A former relationship needs a type that allows it (`formerInd`). */
export function checkFormer(
  v: Validator,
  propertyName: string,
  type: RelationshipTypeRecord,
  isFormer: boolean,
): void {
  if (isFormer && !type.formerInd) {
    v.fail(propertyName, `A relationship of type "${type.name}" cannot be marked former.`);
  }
}

/** The same type must not relate the same two contacts twice (among the relationships the user sees). */
export function checkDuplicate(
  v: Validator,
  store: StoreReader,
  propertyName: string,
  args: { a: string; b: string; typeId: string; viewerId: string | undefined; except?: string },
): void {
  const duplicate = relationshipsBetween(store, args.a, args.b, args.viewerId).some(
    (rel: RelationshipRecord) => rel.relationshipTypeId === args.typeId && rel.id !== args.except,
  );
  if (duplicate) v.fail(propertyName, 'A relationship of this type already exists between these contacts.');
}

/** The level a new relationship gets when none is given: the middle of the scale. */
export function defaultStrength(type: RelationshipTypeRecord): number {
  return Math.ceil(type.strengthScale / 2);
}

/** Fields of a new relationship, checked; `names` maps each to the input's property name. */
export interface NewRelationship {
  baseContactId: string;
  relatedContactId: string;
  relationshipTypeId: string;
  strengthLevel?: number | null;
  isFormer?: boolean | null;
}

/**
 * Every rule of a new relationship: both contacts exist and differ, the type is active
 * and fits their kinds, the strength is on its scale, a former relationship is allowed by the type,
 * and the pair does not already have that type. Returns the level to store, or undefined on failure.
 */
export function checkNewRelationship(
  v: Validator,
  store: StoreReader,
  input: NewRelationship,
  names: { base: string; related: string },
  viewerId: string | undefined,
): number | undefined {
  const base = checkContact(v, store, names.base, input.baseContactId);
  const related = checkContact(v, store, names.related, input.relatedContactId);
  if (base && related && base.id === related.id) {
    v.fail(names.related, 'A contact cannot have a relationship with itself.');
  }
  const type = checkActiveType(v, store, 'relationshipTypeId', input.relationshipTypeId);
  if (!type) return undefined;
  if (base && related) checkListing(v, 'relationshipTypeId', type, base, related);
  const level = checkStrength(v, 'strengthLevel', type, input.strengthLevel);
  checkFormer(v, 'isFormer', type, input.isFormer === true);
  if (base && related && base.id !== related.id) {
    checkDuplicate(v, store, 'relationshipTypeId', {
      a: base.id,
      b: related.id,
      typeId: type.id,
      viewerId,
    });
  }
  return level ?? defaultStrength(type);
}
