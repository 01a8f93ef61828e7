import type { RelationshipListingType } from '../../contract/types.generated.js';
import type { Entity } from '../../store/index.js';

/** Store collections of the relationships area (the events area reads `relationships` by this name). */
export const RELATIONSHIPS = 'relationships';
export const RELATIONSHIP_TYPES = 'relationshipTypes';

/** Index: relationships by `baseContactId`. */
export const RELATIONSHIPS_BY_BASE = 'relationships.byBaseContact';
/** Index: relationships by `relatedContactId`. */
export const RELATIONSHIPS_BY_RELATED = 'relationships.byRelatedContact';

/** Default `limit` of `relationshipTypes` (§8), the only paged query whose default is not 100. */
export const RELATIONSHIP_TYPES_DEFAULT_LIMIT = 500;

/** One level of a strength scale (§2.6 `CorrelationRangeItem`); `displayOrder` is the level. */
export interface CorrelationRangeItemRecord {
  rangeItemId: string;
  rangeSetId: string;
  displayOrder: number;
  strengthDescription: string;
}

/** A relationship type (§2.6 `RelationshipTypeDefinition`). */
export interface RelationshipTypeRecord extends Entity {
  id: string;
  name: string;
  converse: string;
  category: string;
  permissionId: string;
  relationshipListingTypes: RelationshipListingType[];
  formerName: string | null;
  sentenceName: string;
  formerSentenceName: string | null;
  converseId: string | null;
  /** Whether a relationship of this type may be marked former. */
  formerInd: boolean;
  cleanInd: boolean;
  strengthScale: number;
  correlationRangeItems: CorrelationRangeItemRecord[];
  description: string;
  /** `Active` or `Inactive`; inactive types stay on existing relationships but take no new ones. */
  status: 'Active' | 'Inactive';
  disableEdit: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * A relationship from `baseContactId` to `relatedContactId`. `ownerId` is the person who recorded it
 * (the API user for `addRelationship`); a private relationship is visible only to its owner.
 */
export interface RelationshipRecord extends Entity {
  id: string;
  baseContactId: string;
  relatedContactId: string;
  relationshipTypeId: string;
  strengthLevel: number;
  isPrivate: boolean;
  isFormer: boolean;
  isAnonymous: boolean;
  ownerId: string;
  /** ISO date-times. */
  createdAt: string;
  updatedAt: string;
}

/** Names of strength levels, by scale length; level n is item n-1. */
export const STRENGTH_DESCRIPTIONS: Readonly<Record<number, readonly string[]>> = {
  3: ['Weak', 'Good', 'Strong'],
  4: ['Weak', 'Fair', 'Good', 'Strong'],
  5: ['Weak', 'Fair', 'Good', 'Strong', 'Very strong'],
};

/** Bands of a 0–100 engagement score, lowest first (each covers 20 points). */
const SCORE_BANDS: readonly string[] = ['Weak', 'Fair', 'Good', 'Strong', 'Very strong'];

/** The description of a level on a type's scale, from its correlation range items. */
export function strengthDescription(type: RelationshipTypeRecord | undefined, level: number): string | null {
  return type?.correlationRangeItems.find((item) => item.displayOrder === level)?.strengthDescription ?? null;
}

/** A relationship's strength as a percentage of its type's scale (0–100). */
export function strengthPercent(type: RelationshipTypeRecord | undefined, level: number): number {
  const scale = type?.strengthScale ?? 0;
  return scale > 0 ? (100 * Math.min(level, scale)) / scale : 0;
}

/** The band name of a 0–100 score: up to 20 Weak, up to 40 Fair, up to 60 Good, up to 80 Strong, above Very strong. */
export function scoreDescription(score: number): string {
  const band = Math.min(SCORE_BANDS.length - 1, Math.max(0, Math.ceil(score / 20) - 1));
  return SCORE_BANDS[band] as string;
}

/** Rounds a score to two decimals, so floats compare reliably in clients and tests. */
export function roundScore(score: number): number {
  return Math.round(score * 100) / 100;
}
