import type { ListContactFilterInput, SortInput } from '../../contract/types.generated.js';
import type { StoreReader } from '../../store/index.js';
import {
  EMAILS_BY_CONTACT,
  META_API_USER_ID,
  PHONES_BY_CONTACT,
  personFullName,
  type ContactRecord,
  type EmailRecord,
  type PhoneRecord,
  findContact,
} from '../contacts/model.js';
import { badUserInput } from '../shared/errors.js';
import { sortedPage, type Page, type PagingArgs, type SortKey } from '../shared/paging.js';
import { sortDirection } from '../shared/sort-direction.js';
import type { ListMemberRecord, SponsorRecord } from './model.js';

/** A list member as `List.contacts` returns it (`ListContact`, A-73): the contact and its membership. */
export interface MemberRow {
  id: string;
  contact: ContactRecord;
  member: ListMemberRecord;
}

/** A sponsor as `ListSponsor` reports it. */
export interface SponsorView {
  id: string;
  displayName: string;
  fullName: string;
  isPrimary: boolean;
}

/** The sponsors of a membership that are still contacts of the store, primary first. */
export function sponsorsOf(store: StoreReader, member: ListMemberRecord): SponsorView[] {
  const views = (member.sponsors ?? []).flatMap((s: SponsorRecord) => {
    const user = findContact(store, s.userId);
    return user
      ? [
          {
            id: user.id,
            displayName: user.displayName,
            fullName: personFullName(user),
            isPrimary: s.isPrimary,
          },
        ]
      : [];
  });
  return views.sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
}

/** Whether the API user sponsors a membership (`List.userIsSponsor`, A-74). */
export function apiUserSponsors(store: StoreReader, member: ListMemberRecord | undefined): boolean {
  const apiUserId = store.meta[META_API_USER_ID];
  return (member?.sponsors ?? []).some((s) => s.userId === apiUserId);
}

/** The contact's employer (a person) or the company itself. */
function companyOf(store: StoreReader, c: ContactRecord): ContactRecord | undefined {
  if (c.kind === 'Company') return c;
  const employer = findContact(store, c.companyId);
  return employer?.kind === 'Company' ? employer : undefined;
}

/** The primary phone: the first business phone, else the first phone. */
function primaryPhone(store: StoreReader, c: ContactRecord): string | null {
  const phones = store.lookup<PhoneRecord>(PHONES_BY_CONTACT, c.id);
  return (phones.find((p) => p.type === 'Business') ?? phones[0])?.number ?? null;
}

/** The primary e-mail: the first business e-mail, else the first e-mail. */
function primaryEmail(store: StoreReader, c: ContactRecord): string | null {
  const emails = store.lookup<EmailRecord>(EMAILS_BY_CONTACT, c.id);
  return (emails.find((e) => e.type === 'Business') ?? emails[0])?.address ?? null;
}

/** Field resolvers of `ListContact`. */
export const listContactFields = {
  displayName: (r: MemberRow) => r.contact.displayName,
  contactEntity: (r: MemberRow) => r.contact.kind,
  title: (r: MemberRow) => r.contact.title ?? null,
  phoneNumber: (r: MemberRow, _: unknown, ctx: { store: StoreReader }) => primaryPhone(ctx.store, r.contact),
  emailAddress: (r: MemberRow, _: unknown, ctx: { store: StoreReader }) => primaryEmail(ctx.store, r.contact),
  companyName: (r: MemberRow, _: unknown, ctx: { store: StoreReader }) => {
    const company = companyOf(ctx.store, r.contact);
    return company ? (company.name ?? company.displayName) : null;
  },
  companyId: (r: MemberRow, _: unknown, ctx: { store: StoreReader }) =>
    companyOf(ctx.store, r.contact)?.id ?? null,
  sponsors: (r: MemberRow, _: unknown, ctx: { store: StoreReader }) => sponsorsOf(ctx.store, r.member),
};

/** Sortable fields of `List.contacts`; `displayName` is the default. */
const MEMBER_SORT_FIELDS: Record<string, (store: StoreReader, r: MemberRow) => string | null> = {
  displayName: (_, r) => r.contact.displayName,
  companyName: (store, r) => {
    const company = companyOf(store, r.contact);
    return company ? (company.name ?? company.displayName) : null;
  },
  emailAddress: (store, r) => primaryEmail(store, r.contact),
};

/**
 * Keeps the members the filter asks for: `primarySponsorUserName` matches a sponsor's display or
 * full name (case-insensitive); with `checkForStrictPrimarySponsor` only the primary sponsor counts.
 */
export function filterMembers(
  store: StoreReader,
  rows: readonly MemberRow[],
  filter: ListContactFilterInput | null | undefined,
): MemberRow[] {
  const name = filter?.primarySponsorUserName?.trim().toLocaleLowerCase('en');
  if (!name) return [...rows];
  const strict = filter?.checkForStrictPrimarySponsor ?? false;
  return rows.filter((r) =>
    sponsorsOf(store, r.member).some(
      (s) =>
        (!strict || s.isPrimary) &&
        (s.displayName.toLocaleLowerCase('en') === name || s.fullName.toLocaleLowerCase('en') === name),
    ),
  );
}

/** One page of members in the order of the `sort` field (ties by id); an unknown field is malformed input. */
export function membersPage(
  store: StoreReader,
  rows: readonly MemberRow[],
  sort: SortInput | null | undefined,
  args: PagingArgs,
): Page<MemberRow> {
  const field = sort?.field ?? 'displayName';
  const read = Object.hasOwn(MEMBER_SORT_FIELDS, field) ? MEMBER_SORT_FIELDS[field] : undefined;
  if (!read) {
    throw badUserInput(
      `Unknown sort field "${field}" for list contacts (expected ${Object.keys(MEMBER_SORT_FIELDS).join(', ')}).`,
    );
  }
  const key: SortKey<MemberRow> = { value: (r) => read(store, r), direction: sortDirection(sort?.direction) };
  return sortedPage(rows, [key], args);
}
