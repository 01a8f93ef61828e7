import type { FetchControl, InsightType } from '../../contract/types.generated.js';
import type { StoreReader } from '../../store/index.js';
import { type ContactRecord, findContact } from '../contacts/model.js';
import { toIsoDate } from '../shared/time.js';
import {
  contactCard,
  employeesOf,
  otherSide,
  relationshipsBetween,
  typeOf,
  visibleRelationshipsOf,
} from './graph.js';
import {
  roundScore,
  scoreDescription,
  strengthDescription,
  strengthPercent,
  type RelationshipRecord,
  type RelationshipTypeRecord,
} from './model.js';

// Every view here is computed at read time from the stored relationships and employment, so any
// write (a relationship added, edited or removed, a person changing employer) shows at once.

/** How many contacts each side of each insight ranking lists. */
export const INSIGHTS_PER_RANKING = 5;

/** The name of a relationship's type as seen from `contactId`: the converse when it is the related side. */
export function typeNameFrom(
  type: RelationshipTypeRecord | undefined,
  rel: RelationshipRecord,
  contactId: string,
): string | null {
  if (!type) return null;
  return rel.baseContactId === contactId ? type.name : type.converse || type.name;
}

/** A row of `employeeRelationshipsTo` (§2.6 `EmployeeRelationshipTo`). */
export interface EmployeeRelationshipToRow {
  id: string;
  contactId: string;
  displayName: string;
  positionName: string | null;
  emailAddress: string | null;
  phoneNumber: string | null;
  relationshipType: string | null;
  strengthLevel: number;
  strengthLevelMax: number | null;
  strengthLevelDescription: string | null;
  isAnonymous: boolean;
  person: ContactRecord;
}

/** The relationships of `contactId` to people employed by `toCompanyId`, one row per relationship. */
export function employeeRelationshipsTo(
  store: StoreReader,
  viewerId: string | undefined,
  contactId: string,
  toCompanyId: string,
): EmployeeRelationshipToRow[] {
  const rows: EmployeeRelationshipToRow[] = [];
  for (const rel of visibleRelationshipsOf(store, contactId, viewerId)) {
    const coworker = findContact(store, otherSide(rel, contactId));
    if (!coworker || coworker.kind !== 'Person' || coworker.companyId !== toCompanyId) continue;
    const type = typeOf(store, rel.relationshipTypeId);
    const card = contactCard(store, coworker);
    rows.push({
      id: rel.id,
      contactId: coworker.id,
      displayName: card.displayName,
      positionName: card.positionName,
      emailAddress: card.emailAddress,
      phoneNumber: card.phoneNumber,
      relationshipType: typeNameFrom(type, rel, contactId),
      strengthLevel: rel.strengthLevel,
      strengthLevelMax: type?.strengthScale ?? null,
      strengthLevelDescription: strengthDescription(type, rel.strengthLevel),
      isAnonymous: rel.isAnonymous,
      person: coworker,
    });
  }
  return rows;
}

/** A row of `employeesWithRelationshipsToView`; `employeesWithRelationshipsTo` shows its first fields. */
export interface EmployeeWithRelationshipsRow {
  id: string;
  displayName: string;
  positionName: string | null;
  emailAddress: string | null;
  phoneNumber: string | null;
  contact: ContactRecord;
  office: string | null;
  totalRelationships: number;
  strongEngagementScore: number;
  strongEngagementLevelDescription: string;
  baseContactsDisplayName: string;
  concatenatedJobTitle: string;
}

/**
 * Employees of `fromCompanyId` with at least one relationship to an employee of `toCompanyId`, with
 * their totals: the number of those relationships, their mean strength as a percentage of each
 * type's scale, and the related people's names and job titles (by name, each once).
 */
export function employeesWithRelationshipsTo(
  store: StoreReader,
  viewerId: string | undefined,
  fromCompanyId: string,
  toCompanyId: string,
): EmployeeWithRelationshipsRow[] {
  const rows: EmployeeWithRelationshipsRow[] = [];
  for (const employee of employeesOf(store, fromCompanyId)) {
    let total = 0;
    let percentSum = 0;
    const related = new Map<string, ContactRecord>();
    for (const rel of visibleRelationshipsOf(store, employee.id, viewerId)) {
      const other = findContact(store, otherSide(rel, employee.id));
      if (!other || other.kind !== 'Person' || other.companyId !== toCompanyId) continue;
      total += 1;
      percentSum += strengthPercent(typeOf(store, rel.relationshipTypeId), rel.strengthLevel);
      related.set(other.id, other);
    }
    if (total === 0) continue;
    const people = [...related.values()].sort(
      (a, b) => a.displayName.localeCompare(b.displayName, 'en') || (a.id < b.id ? -1 : 1),
    );
    const titles = [...new Set(people.map((p) => p.jobTitle).filter((t): t is string => !!t))];
    const score = roundScore(percentSum / total);
    const card = contactCard(store, employee);
    rows.push({
      id: employee.id,
      ...card,
      contact: employee,
      totalRelationships: total,
      strongEngagementScore: score,
      strongEngagementLevelDescription: scoreDescription(score),
      baseContactsDisplayName: people.map((p) => p.displayName).join('; '),
      concatenatedJobTitle: titles.join('; '),
    });
  }
  return rows;
}

/** One entry of `getRelationshipInsights` (§2.6 `RelationshipInsightView`). */
export interface InsightRow {
  isTargetCompany: boolean;
  insightType: InsightType;
  insightContactId: string;
  displayName: string;
  totalConnections: number;
  totalEngagementScore: number;
}

interface Tally {
  contact: ContactRecord;
  connections: number;
  engagement: number;
}

function tally(map: Map<string, Tally>, contact: ContactRecord, percent: number): void {
  const entry = map.get(contact.id) ?? { contact, connections: 0, engagement: 0 };
  entry.connections += 1;
  entry.engagement += percent;
  map.set(contact.id, entry);
}

function ranked(tallies: Iterable<Tally>, insightType: InsightType, isTargetCompany: boolean): InsightRow[] {
  const primary = (t: Tally) => (insightType === 'ConnectionRank' ? t.connections : t.engagement);
  const secondary = (t: Tally) => (insightType === 'ConnectionRank' ? t.engagement : t.connections);
  return [...tallies]
    .sort(
      (a, b) =>
        primary(b) - primary(a) ||
        secondary(b) - secondary(a) ||
        a.contact.displayName.localeCompare(b.contact.displayName, 'en') ||
        (a.contact.id < b.contact.id ? -1 : 1),
    )
    .slice(0, INSIGHTS_PER_RANKING)
    .map((t) => ({
      isTargetCompany,
      insightType,
      insightContactId: t.contact.id,
      displayName: t.contact.displayName,
      totalConnections: t.connections,
      totalEngagementScore: Math.round(t.engagement),
    }));
}

/**
 * Most-connected (`ConnectionRank`) and most-engaged (`EngagementRank`) contacts of a company, best
 * first. The company's own employees (`isTargetCompany: true`) count all their relationships; when
 * the company is not the firm, the firm's people connected to it follow (`isTargetCompany: false`),
 * counting their relationships to the company's employees. Engagement is the sum of the
 * relationships' strengths as percentages of their types' scales, rounded.
 */
export function relationshipInsights(
  store: StoreReader,
  viewerId: string | undefined,
  companyId: string,
  firmCompanyId: string | undefined,
): InsightRow[] {
  const target = new Map<string, Tally>();
  const firm = new Map<string, Tally>();
  for (const employee of employeesOf(store, companyId)) {
    for (const rel of visibleRelationshipsOf(store, employee.id, viewerId)) {
      const percent = strengthPercent(typeOf(store, rel.relationshipTypeId), rel.strengthLevel);
      tally(target, employee, percent);
      const other = findContact(store, otherSide(rel, employee.id));
      const atFirm =
        other?.kind === 'Person' && (other.isEmployee === true || other.companyId === firmCompanyId);
      if (other && atFirm && companyId !== firmCompanyId) tally(firm, other, percent);
    }
  }
  return (['ConnectionRank', 'EngagementRank'] as const).flatMap((insightType) => [
    ...ranked(target.values(), insightType, true),
    ...ranked(firm.values(), insightType, false),
  ]);
}

/** One connection of `targetPersonConnections` (§2.6 `PersonRelationshipView`). */
export interface ConnectionRow {
  personId: string;
  personDisplayName: string;
  relatedPersonId: string;
  relatedPersonDisplayName: string;
  totalConnectionCount: number;
  engagementScore: number;
  engagementRank: number;
  rankDescription: string;
  displayRank: number;
  relatedPersonJobTitle: string | null;
}

/**
 * The people related to a target person, best engaged first. `totalConnectionCount` is the number of
 * relationships between the two; `engagementScore` their mean strength as a percentage of the types'
 * scales; `engagementRank` ranks by score with ties sharing a rank (1 = highest), `displayRank` is
 * the position in the list. `fetchControl` selects everyone, the API user only, or the API user's
 * colleagues (other firm employees).
 */
export function targetPersonConnections(
  store: StoreReader,
  viewerId: string | undefined,
  target: ContactRecord,
  fetchControl: FetchControl,
): ConnectionRow[] {
  const groups = new Map<string, { person: ContactRecord; count: number; percentSum: number }>();
  for (const rel of visibleRelationshipsOf(store, target.id, viewerId)) {
    const person = findContact(store, otherSide(rel, target.id));
    if (!person || person.kind !== 'Person') continue;
    if (fetchControl === 'CurrentUser' && person.id !== viewerId) continue;
    if (fetchControl === 'Colleagues' && (person.isEmployee !== true || person.id === viewerId)) continue;
    const group = groups.get(person.id) ?? { person, count: 0, percentSum: 0 };
    group.count += 1;
    group.percentSum += strengthPercent(typeOf(store, rel.relationshipTypeId), rel.strengthLevel);
    groups.set(person.id, group);
  }
  const scored = [...groups.values()]
    .map((g) => ({ ...g, score: roundScore(g.percentSum / g.count) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.count - a.count ||
        a.person.displayName.localeCompare(b.person.displayName, 'en') ||
        (a.person.id < b.person.id ? -1 : 1),
    );
  // Sorted by score first, so a tie's shared rank is the position of its first member.
  let rank = 0;
  return scored.map((g, i) => {
    if (i === 0 || g.score !== scored[i - 1]?.score) rank = i + 1;
    return {
      personId: target.id,
      personDisplayName: target.displayName,
      relatedPersonId: g.person.id,
      relatedPersonDisplayName: g.person.displayName,
      totalConnectionCount: g.count,
      engagementScore: g.score,
      engagementRank: rank,
      rankDescription: scoreDescription(g.score),
      displayRank: i + 1,
      relatedPersonJobTitle: g.person.jobTitle ?? null,
    };
  });
}

/** A score of `getIQRelationshipScore` (§2.6 `IQRelationshipScore`). */
export interface IqScore {
  sourceGuid: string;
  targetGuid: string;
  scoreDate: string;
  relationshipScore: number;
  scoreExplanation: string;
  recommendation: string;
  trendPrediction: string;
  scoreTooltip: string;
}

/** Relationships changed within this many days count as a rising trend. */
const RECENT_DAYS = 90;

function recommendationFor(score: number): string {
  if (score >= 70) return 'Leverage this relationship: ask for an introduction or a referral.';
  if (score >= 40) return 'Maintain this relationship with regular contact.';
  return 'Strengthen this relationship: schedule a meeting or a call.';
}

/**
 * The score between the API user and a target: none without a relationship between them;
 * otherwise the strongest of their relationships as a percentage of its type's scale, a former
 * relationship counting half. The score date is the day the relationships last changed.
 */
export function iqRelationshipScore(
  store: StoreReader,
  userId: string | undefined,
  targetId: string,
  now: Date,
): IqScore | undefined {
  if (!userId || userId === targetId) return undefined;
  const rels = relationshipsBetween(store, userId, targetId, userId);
  if (rels.length === 0) return undefined;
  const parts = rels.map((rel) => {
    const type = typeOf(store, rel.relationshipTypeId);
    const percent = strengthPercent(type, rel.strengthLevel) * (rel.isFormer ? 0.5 : 1);
    const label = `${typeNameFrom(type, rel, userId) ?? 'Relationship'}${rel.isFormer ? ' (former)' : ''}`;
    return {
      rel,
      percent,
      text: `${label}: ${strengthDescription(type, rel.strengthLevel) ?? rel.strengthLevel}`,
    };
  });
  const score = roundScore(Math.max(...parts.map((p) => p.percent)));
  const lastChange = rels.map((rel) => rel.updatedAt).reduce((a, b) => (b > a ? b : a));
  const recent = now.getTime() - Date.parse(lastChange) <= RECENT_DAYS * 86_400_000;
  const trend = rels.every((rel) => rel.isFormer) ? 'Declining' : recent ? 'Rising' : 'Stable';
  const description = scoreDescription(score);
  const count = rels.length === 1 ? '1 relationship' : `${rels.length} relationships`;
  return {
    sourceGuid: userId,
    targetGuid: targetId,
    scoreDate: toIsoDate(new Date(lastChange)),
    relationshipScore: score,
    scoreExplanation: `Based on ${count}: ${parts.map((p) => p.text).join('; ')}.`,
    recommendation: recommendationFor(score),
    trendPrediction: trend,
    scoreTooltip: `Relationship score ${score} of 100 (${description}).`,
  };
}
