import type { StoreReader } from '../../store/index.js';
import { apiUserId, findContact, type ContactRecord } from '../contacts/model.js';
import {
  INITIATIVES_BY_OBJECTIVE,
  OBJECTIVES,
  INITIATIVES,
  type InitiativeRecord,
  type ObjectiveRecord,
} from './model.js';

/** The objective with `id`, or undefined. */
export function findObjective(
  store: StoreReader,
  id: string | null | undefined,
): ObjectiveRecord | undefined {
  return id ? store.get<ObjectiveRecord>(OBJECTIVES, id) : undefined;
}

/** The initiative with `id`, or undefined. */
export function findInitiative(
  store: StoreReader,
  id: string | null | undefined,
): InitiativeRecord | undefined {
  return id ? store.get<InitiativeRecord>(INITIATIVES, id) : undefined;
}

/** Every initiative of an objective, removed ones included, in insertion order. */
export function initiativesOf(store: StoreReader, objectiveId: string): InitiativeRecord[] {
  return store.lookup<InitiativeRecord>(INITIATIVES_BY_OBJECTIVE, objectiveId);
}

/** The initiatives of an objective that were not removed. */
export function liveInitiativesOf(store: StoreReader, objectiveId: string): InitiativeRecord[] {
  return initiativesOf(store, objectiveId).filter((i) => !i.isDeleted);
}

/** Percentage of an objective's (non-removed) initiatives that are closed, 0 when it has none. */
export function objectiveProgress(store: StoreReader, objective: ObjectiveRecord): number {
  const live = liveInitiativesOf(store, objective.id);
  if (live.length === 0) return 0;
  const closed = live.filter((i) => i.status === 'closed').length;
  return Math.round((closed * 100) / live.length);
}

/** An initiative's progress: 0 open, 100 closed. */
export function initiativeProgress(initiative: InitiativeRecord): number {
  return initiative.status === 'closed' ? 100 : 0;
}

/** Whether an objective may be closed: open, not removed, and none of its initiatives open. */
export function canClose(store: StoreReader, objective: ObjectiveRecord): boolean {
  if (objective.status !== 'open' || objective.isDeleted) return false;
  return liveInitiativesOf(store, objective.id).every((i) => i.status !== 'open');
}

/** The API user (a Person) of the store, or undefined before the contacts area seeded it. */
export function apiUser(store: StoreReader): ContactRecord | undefined {
  return findContact(store, apiUserId(store));
}

/** A company contact with `id`, or undefined. */
export function findCompany(store: StoreReader, id: string | null | undefined): ContactRecord | undefined {
  const contact = findContact(store, id);
  return contact?.kind === 'Company' ? contact : undefined;
}

/** A firm employee (a Person with `isEmployee`) with `id`, or undefined: only they can be involved users. */
export function findFirmUser(store: StoreReader, id: string | null | undefined): ContactRecord | undefined {
  const contact = findContact(store, id);
  return contact?.kind === 'Person' && contact.isEmployee === true ? contact : undefined;
}
