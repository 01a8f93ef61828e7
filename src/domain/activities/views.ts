import type { ActivityContactType } from '../../contract/types.generated.js';
import type { StoreReader } from '../../store/index.js';
import {
  CONTACTS,
  EMAILS_BY_CONTACT,
  personFullName,
  type ContactRecord,
  type EmailRecord,
} from '../contacts/model.js';
import { ACTIVITY_TYPES, type ActivityLink, type ActivityRecord, type ActivityTypeRecord } from './model.js';

/** `ActivityCompany`. */
export interface ActivityCompanyView {
  kind: 'Company';
  id: string;
  name: string;
}

/** `ActivityPerson`. */
export interface ActivityPersonView {
  kind: 'Person';
  id: string;
  fullName: string;
  primaryEmail: string | null;
  company: ActivityCompanyView | null;
}

/** `ActivityUnknown`: a linked id that is no longer a contact, shown with its name when linked. */
export interface ActivityUnknownView {
  kind: 'Unknown';
  id: string;
  displayName: string;
}

/** One item of `linkedActivityContacts`; `kind` drives `ActivityContact.__resolveType`. */
export type ActivityContactView = ActivityPersonView | ActivityCompanyView | ActivityUnknownView;

function companyView(company: ContactRecord): ActivityCompanyView {
  return { kind: 'Company', id: company.id, name: company.name ?? company.displayName };
}

/** The person's primary e-mail address: the first business address, else the first one recorded. */
function primaryEmail(store: StoreReader, personId: string): string | null {
  const emails = store.lookup<EmailRecord>(EMAILS_BY_CONTACT, personId);
  const primary = emails.find((e) => e.type === 'Business') ?? emails[0];
  return primary?.address ?? null;
}

/** The view of one link, read from the contact as it is now. */
export function linkView(store: StoreReader, link: ActivityLink): ActivityContactView {
  const contact = store.get<ContactRecord>(CONTACTS, link.id);
  if (!contact) return { kind: 'Unknown', id: link.id, displayName: link.displayName };
  if (contact.kind === 'Company') return companyView(contact);
  const employer = contact.companyId ? store.get<ContactRecord>(CONTACTS, contact.companyId) : undefined;
  return {
    kind: 'Person',
    id: contact.id,
    fullName: personFullName(contact) || contact.displayName,
    primaryEmail: primaryEmail(store, contact.id),
    company: employer && employer.kind === 'Company' ? companyView(employer) : null,
  };
}

/** `linkedActivityContacts(contactType)`: every link, or those of one kind. */
export function linkedContacts(
  store: StoreReader,
  activity: ActivityRecord,
  contactType: ActivityContactType | null | undefined,
): ActivityContactView[] {
  const views = activity.links.map((link) => linkView(store, link));
  return contactType ? views.filter((view) => view.kind === contactType) : views;
}

/** The activity's type (a stored activity always refers to an existing type; types are never removed). */
export function typeOf(store: StoreReader, activity: ActivityRecord): ActivityTypeRecord | undefined {
  return store.get<ActivityTypeRecord>(ACTIVITY_TYPES, activity.typeId);
}

/** The originator as a Person contact, or null when it is not (or no longer) a person. */
export function originatorOf(store: StoreReader, activity: ActivityRecord): ContactRecord | null {
  if (!activity.originatorId) return null;
  const contact = store.get<ContactRecord>(CONTACTS, activity.originatorId);
  return contact?.kind === 'Person' ? contact : null;
}
