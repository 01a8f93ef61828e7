import type { AddActivityInput, UpdateActivityInput } from '../../contract/types.generated.js';
import type { StoreReader, Transaction } from '../../store/index.js';
import type { RequestContext } from '../area.js';
import { CONTACTS, META_API_USER_ID, type ContactRecord } from '../contacts/model.js';
import { businessRuleError } from '../shared/errors.js';
import { ruleBroken } from '../shared/rule-switch.js';
import { newId, parseActivityDate, toIsoDate, toIsoDateTime } from '../shared/time.js';
import { MAX_LONG_TEXT, Validator } from '../shared/validation.js';
import {
  ACTIVITIES,
  ACTIVITY_TYPES,
  type ActivityLink,
  type ActivityRecord,
  type ActivityTypeRecord,
} from './model.js';

/** What an activity added through the API relates to (§2.2 `regarding`). */
export const REGARDING_CONTACTS_ONLY = 'Contacts only';

/** Whether new activities may be given this type: active, and not reserved to calendar synchronisation. */
export function isUsableForNewActivities(type: ActivityTypeRecord): boolean {
  return type.isActive && type.isUserCreatable;
}

/** The activity's class follows its type. */
export function classOf(type: ActivityTypeRecord): ActivityRecord['activityClass'] {
  return type.isAppointment ? 'Appointment' : 'Activity';
}

/** Checks a type id for a new (or changed) activity; returns the type when usable. */
function checkType(
  v: Validator,
  store: StoreReader,
  propertyName: string,
  typeId: string | null | undefined,
): ActivityTypeRecord | undefined {
  if (typeId === null || typeId === undefined || typeId.trim() === '') {
    v.fail(propertyName, `${propertyName} is required and cannot be empty.`);
    return undefined;
  }
  const type = store.get<ActivityTypeRecord>(ACTIVITY_TYPES, typeId);
  if (!type) {
    v.fail(propertyName, `No activity type exists with id "${typeId}".`);
    return undefined;
  }
  if (!type.isActive) {
    v.fail(propertyName, `Activity type "${type.name}" is inactive and cannot be used for activities.`);
    return undefined;
  }
  if (!type.isUserCreatable) {
    v.fail(
      propertyName,
      `Activity type "${type.name}" is reserved to calendar synchronisation and cannot be set by users.`,
    );
    return undefined;
  }
  return type;
}

/** Checks `activityDate` (§8: `YYYY-MM-DD HH:mm:ss`, a real date and time); returns the ISO instant. */
function checkDate(
  v: Validator,
  propertyName: string,
  text: string | null | undefined,
  anyFormat = false,
): string | undefined {
  const strict = typeof text === 'string' ? parseActivityDate(text.trim()) : undefined;
  // A rule-verification run breaking §8/activityDate-format takes any date JavaScript can read.
  const loose = anyFormat && typeof text === 'string' ? new Date(text) : undefined;
  const date = strict ?? (loose && !Number.isNaN(loose.getTime()) ? loose : undefined);
  if (!date) {
    v.fail(
      propertyName,
      `${propertyName} must be a real date and time in the format YYYY-MM-DD HH:mm:ss (got ${JSON.stringify(text ?? null)}).`,
    );
    return undefined;
  }
  return toIsoDateTime(date);
}

/**
 * Checks linked ids: each must be an existing contact, or already be linked to the activity being
 * changed (a link to a contact removed since is kept, so a client can send back what it read).
 * Returns the links; a link's name is the contact's current display name.
 */
function checkLinks(
  v: Validator,
  store: StoreReader,
  propertyName: string,
  ids: ReadonlyArray<string | null | undefined> | null | undefined,
  existing: readonly ActivityLink[] = [],
): ActivityLink[] {
  const kept = new Map(existing.map((link) => [link.id, link]));
  const valid = v.references(
    propertyName,
    (ids ?? []).map((id) => id ?? null),
    (id) => store.has(CONTACTS, id) || kept.has(id),
    'contact',
  );
  return valid.map((id) => {
    const contact = store.get<ContactRecord>(CONTACTS, id);
    return contact ? { id, displayName: contact.displayName } : (kept.get(id) as ActivityLink);
  });
}

/**
 * Validates an `AddActivityInput` and builds the new activity without writing it; every failure is
 * collected. `prefix` names the input in nested inputs (e.g. `activity.` of addOpportunityActivity).
 */
export function buildNewActivity(
  store: StoreReader,
  ctx: Pick<RequestContext, 'now' | 'ruleBroken'>,
  input: AddActivityInput,
  prefix = '',
): { errors: Validator['errors']; activity?: ActivityRecord } {
  const v = new Validator();
  const type = checkType(v, store, `${prefix}typeId`, input.typeId);
  const startDate = checkDate(
    v,
    `${prefix}activityDate`,
    input.activityDate,
    ruleBroken(ctx, '§8/activityDate-format'),
  );
  const subject = v.requiredText(`${prefix}subject`, input.subject);
  const summary = v.optionalText(`${prefix}summary`, input.summary, MAX_LONG_TEXT);
  const links = checkLinks(v, store, `${prefix}linkedEntityIds`, input.linkedEntityIds);
  if (!v.ok || !type || !startDate || subject === undefined) return { errors: v.errors };
  const now = ctx.now();
  const apiUserId = store.meta[META_API_USER_ID];
  return {
    errors: [],
    activity: {
      id: newId(),
      typeId: type.id,
      activityClass: classOf(type),
      subject,
      summary: summary ?? null,
      location: null,
      startDate,
      lastEditedDate: toIsoDate(now),
      links,
      regarding: REGARDING_CONTACTS_ONLY,
      originatorId: typeof apiUserId === 'string' ? apiUserId : null,
      createdAt: toIsoDateTime(now),
    },
  };
}

/** Adds an activity in `tx`, or throws the business-rule error before writing anything. */
export function addActivity(
  tx: Transaction,
  ctx: Pick<RequestContext, 'now'>,
  input: AddActivityInput,
): ActivityRecord {
  const { errors, activity } = buildNewActivity(tx, ctx, input);
  if (!activity) throw businessRuleError(errors);
  return tx.put(ACTIVITIES, activity);
}

/**
 * The activity an update names: `activityId` (the public client's key) or `id`; one is required
 * and, when both are given, they must agree.
 */
function activityIdOf(v: Validator, input: UpdateActivityInput): { key: string; id: string } | undefined {
  const { id, activityId } = input;
  if (id && activityId && id !== activityId) {
    v.fail('activityId', `activityId "${activityId}" and id "${id}" name different activities.`);
    return undefined;
  }
  if (activityId) return { key: 'activityId', id: activityId };
  if (id) return { key: 'id', id };
  v.fail('activityId', 'activityId (or id) is required.');
  return undefined;
}

/**
 * Validates an `UpdateActivityInput` against the stored activity and builds the changed one.
 * Omitted fields keep their value; an explicit null clears `summary`, `location` and the links,
 * but the required `typeId`, `activityDate` and `subject` cannot be cleared.
 */
export function buildUpdatedActivity(
  store: StoreReader,
  ctx: Pick<RequestContext, 'now'>,
  input: UpdateActivityInput,
): { errors: Validator['errors']; activity?: ActivityRecord } {
  const v = new Validator();
  const target = activityIdOf(v, input);
  const current = target ? store.get<ActivityRecord>(ACTIVITIES, target.id) : undefined;
  if (target && !current) v.fail(target.key, `No activity exists with id "${target.id}".`);
  const next: Partial<ActivityRecord> = {};
  if (input.typeId !== undefined && input.typeId !== current?.typeId) {
    const type = checkType(v, store, 'typeId', input.typeId);
    if (type) Object.assign(next, { typeId: type.id, activityClass: classOf(type) });
  }
  if (input.activityDate !== undefined) {
    const startDate = checkDate(v, 'activityDate', input.activityDate);
    if (startDate) next.startDate = startDate;
  }
  if (input.subject !== undefined) {
    const subject = v.requiredText('subject', input.subject);
    if (subject !== undefined) next.subject = subject;
  }
  if (input.summary !== undefined)
    next.summary = v.optionalText('summary', input.summary, MAX_LONG_TEXT) ?? null;
  if (input.location !== undefined) next.location = v.optionalText('location', input.location) ?? null;
  if (input.linkedEntityIds !== undefined) {
    next.links = checkLinks(v, store, 'linkedEntityIds', input.linkedEntityIds, current?.links);
  }
  if (!v.ok || !current) return { errors: v.errors };
  return { errors: [], activity: { ...current, ...next, lastEditedDate: toIsoDate(ctx.now()) } };
}
