import type {
  NotesAllNotesArgs,
  PersonContactAdditionalFieldValuesArgs,
} from '../../contract/types.generated.js';
import type { AreaResolvers, RequestContext } from '../area.js';
import { page, sortItems } from '../shared/paging.js';
// An import list (boilerplate): it names what other files import too.
import {
  ADDRESSES_BY_CONTACT,
  CONTACT_TYPES,
  CONTACTS,
  EMAILS_BY_CONTACT,
  NOTES_BY_CONTACT,
  PHONES_BY_CONTACT,
  personFullName,
  type AddressRecord,
  type ContactRecord,
  type ContactTypeRecord,
  type EmailRecord,
  type NoteRecord,
  type PhoneRecord,
} from './model.js';
import { findLanguage } from './rules.js';

/** Field ids of the contact-level additional fields: fixed, as they are not list-specific. */
export const LANGUAGE_FIELD_ID = 'language';
export const GENDER_FIELD_ID = 'gender';

/** What `Contact.notes` resolves to; `Notes.allNotes` pages the contact's notes. */
interface NotesParent {
  contactId: string;
}

/** The contact-level additional field values of a contact: Language and Gender when set. */
export function contactAdditionalFieldValues(
  ctx: RequestContext,
  c: ContactRecord,
): Array<{ fieldId: string; fieldName: string; valueId: string | null; value: string | null }> {
  const values = [];
  if (c.languageId) {
    const language = findLanguage(ctx.store, c.languageId);
    values.push({
      fieldId: LANGUAGE_FIELD_ID,
      fieldName: 'Language',
      valueId: c.languageId,
      value: language?.name ?? null,
    });
  }
  if (c.gender) {
    values.push({ fieldId: GENDER_FIELD_ID, fieldName: 'Gender', valueId: c.gender, value: c.gender });
  }
  return values;
}

/** Fields common to Person and Company (§2.3), resolved from the stored record and its sub-records. */
const commonFields = {
  contactEntity: (c: ContactRecord) => c.kind,
  relationshipScore: (c: ContactRecord) => c.score,
  tags: (c: ContactRecord) => c.tags,
  contactTypes: (c: ContactRecord, _: unknown, ctx: RequestContext) =>
    c.contactTypeIds.flatMap((id) => {
      const type = ctx.store.get<ContactTypeRecord>(CONTACT_TYPES, id);
      return type ? [{ id: type.id, name: type.name }] : [];
    }),
  addresses: (c: ContactRecord, _: unknown, ctx: RequestContext) =>
    ctx.store
      .lookup<AddressRecord>(ADDRESSES_BY_CONTACT, c.id)
      .map((a) => ({ ...a, owningContactId: a.contactId })),
  emailAddresses: (c: ContactRecord, _: unknown, ctx: RequestContext) =>
    ctx.store
      .lookup<EmailRecord>(EMAILS_BY_CONTACT, c.id)
      .map((e) => ({ ...e, owningContactId: e.contactId })),
  phoneNumbers: (c: ContactRecord, _: unknown, ctx: RequestContext) =>
    ctx.store
      .lookup<PhoneRecord>(PHONES_BY_CONTACT, c.id)
      .map((p) => ({ ...p, owningContactId: p.contactId })),
  notes: (c: ContactRecord): NotesParent => ({ contactId: c.id }),
  contactAdditionalFieldValues: (
    c: ContactRecord,
    args: PersonContactAdditionalFieldValuesArgs,
    ctx: RequestContext,
  ) => page(contactAdditionalFieldValues(ctx, c), args),
};

/** Type resolvers of the contacts area (Contact, Person, Company, Notes). */
export const typeResolvers: AreaResolvers = {
  Contact: {
    __resolveType: (c: ContactRecord) => c.kind,
  },
  Person: {
    ...commonFields,
    isEmployee: (c: ContactRecord) => c.isEmployee ?? false,
    fullName: (c: ContactRecord) => personFullName(c),
    currentJobTitle: (c: ContactRecord) => c.jobTitle ?? null,
    currentEmployer: (c: ContactRecord, _: unknown, ctx: RequestContext) => {
      if (!c.companyId) return null;
      const employer = ctx.store.get<ContactRecord>(CONTACTS, c.companyId);
      return employer?.kind === 'Company' ? employer : null;
    },
  },
  Company: {
    ...commonFields,
  },
  Note: {
    noteId: (n: NoteRecord) => n.id,
    notes: (n: NoteRecord) => n.text,
    folderId: (n: NoteRecord) => n.folderId ?? null,
    changeDate: (n: NoteRecord) => n.changedAt ?? `${n.lastEditedDate}T00:00:00.000Z`,
  },
  Notes: {
    allNotes: (parent: NotesParent, args: NotesAllNotesArgs, ctx: RequestContext) =>
      page(
        // Most recently edited first, as a contact's note tab shows them.
        sortItems(ctx.store.lookup<NoteRecord>(NOTES_BY_CONTACT, parent.contactId), [
          { value: (n) => n.lastEditedDate, direction: 'Descending' },
        ]),
        args,
      ),
  },
};
