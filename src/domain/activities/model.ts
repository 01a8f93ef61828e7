import type { Entity } from '../../store/index.js';

/** Store collections of the activities area. */
export const ACTIVITIES = 'activities';
export const ACTIVITY_TYPES = 'activityTypes';

/** Index: activities by linked contact id (one key per link). */
export const ACTIVITIES_BY_CONTACT = 'activities.byContact';
/** Index: activities by activity type id. */
export const ACTIVITIES_BY_TYPE = 'activities.byType';
/** Index: activities by originator (a Person contact id). */
export const ACTIVITIES_BY_ORIGINATOR = 'activities.byOriginator';
/** Index: the firm's default activity type, under the single key `DEFAULT_TYPE_KEY`. */
export const DEFAULT_ACTIVITY_TYPE = 'activityTypes.default';
export const DEFAULT_TYPE_KEY = 'default';
// Name constants of collections and indexes: every area's model.ts lists its own, alike in shape only.

/** Class of an activity: `Appointment` is synchronised from a calendar application. */
export type ActivityClass = 'Activity' | 'Appointment';

/**
 * An activity type. The contract shows `id`, `name`, group, `isDefault`, `isActive`; the other flags
 * are what the `activityTypes` arguments filter on.
 */
export interface ActivityTypeRecord extends Entity {
  id: string;
  name: string;
  groupId: string;
  groupName: string;
  isDefault: boolean;
  isActive: boolean;
  /** Users may create activities of this type (calendar-synced types are created by the sync only). */
  isUserCreatable: boolean;
  /** Offered as a search criterion in activity searches. */
  isUserSearchable: boolean;
  /** Appointments synchronised from a calendar application (activityClass `Appointment`). */
  isAppointment: boolean;
  /** Users may watch (follow) activities of this type. */
  isWatchable: boolean;
}

/** A linked contact, with its display name as it was when linked (shown once the contact is gone). */
export interface ActivityLink {
  id: string;
  displayName: string;
}

/** A stored activity. */
export interface ActivityRecord extends Entity {
  id: string;
  typeId: string;
  activityClass: ActivityClass;
  subject: string;
  summary: string | null;
  location: string | null;
  /** ISO date-time (UTC) of the start. */
  startDate: string;
  /** ISO date (`YYYY-MM-DD`). */
  lastEditedDate: string;
  links: ActivityLink[];
  /** Module or context the activity relates to (§2.2), e.g. "Contacts only". */
  regarding: string;
  /** The Person who created it; the API user for activities added through the API. */
  originatorId: string | null;
  /** ISO date-time. */
  createdAt: string;
}
