import type { AdditionalFieldDefinitionInputType, ListClass } from '../../contract/types.generated.js';

/** A folder type to seed: active or not, open to the API user or secured (§5.3). */
export interface FolderTypeSeed {
  name: string;
  listClass: ListClass;
  isActive: boolean;
  userHasAccess: boolean;
}

/** Directory class names of the folder types, per list class. */
export const DIRECTORY_CLASS: Record<ListClass, string> = {
  contactTypes: 'ContactTypeDirectory',
  marketingLists: 'MarketingListDirectory',
  workingLists: 'WorkingListDirectory',
  // The public client's classes are filters only; no folder type is stored with them.
  MarketingList: 'MarketingListDirectory',
  MarketingListWithSponsorship: 'MarketingListDirectory',
  AllMarketingLists: 'MarketingListDirectory',
  WorkingList: 'WorkingListDirectory',
  AllLists: 'ListDirectory',
};

/** The seeded folder types of the list classes; contact-type folders come from the contacts area when it has them. */
export const FOLDER_TYPE_SEEDS: readonly FolderTypeSeed[] = [
  { name: 'Marketing Lists', listClass: 'marketingLists', isActive: true, userHasAccess: true },
  { name: 'Event Invitations', listClass: 'marketingLists', isActive: true, userHasAccess: true },
  { name: 'Client Alerts', listClass: 'marketingLists', isActive: true, userHasAccess: true },
  { name: 'Partner Newsletters', listClass: 'marketingLists', isActive: true, userHasAccess: false },
  { name: 'Legacy Mailings', listClass: 'marketingLists', isActive: false, userHasAccess: true },
  { name: 'Working Lists', listClass: 'workingLists', isActive: true, userHasAccess: true },
  { name: 'Practice Development', listClass: 'workingLists', isActive: true, userHasAccess: true },
  { name: 'Deal Teams', listClass: 'workingLists', isActive: true, userHasAccess: false },
  { name: 'Closed Projects', listClass: 'workingLists', isActive: false, userHasAccess: true },
];

/** Contact-type folders seeded when the contacts area gives none, plus a secured and an inactive one. */
export const CONTACT_FOLDER_SEEDS: readonly FolderTypeSeed[] = [
  { name: 'Firm Contacts', listClass: 'contactTypes', isActive: true, userHasAccess: true },
  { name: 'Restricted Contacts', listClass: 'contactTypes', isActive: true, userHasAccess: false },
  { name: 'Former Contact Types', listClass: 'contactTypes', isActive: false, userHasAccess: true },
];

/** Names and descriptions of marketing lists. */
export const MARKETING_LISTS: ReadonlyArray<readonly [string, string]> = [
  ['Holiday Card Recipients', 'Clients and friends of the firm who receive the annual holiday card.'],
  ['Annual Client Seminar Invitees', 'Guests invited to the annual client seminar in the spring.'],
  ['Data Privacy Client Alert', 'Subscribers to client alerts on data protection and privacy law.'],
  ['Real Estate Quarterly Newsletter', 'Recipients of the real estate group quarterly newsletter.'],
  ['Women in Leadership Breakfast', 'Invitees to the women in leadership breakfast series.'],
  ['Tax Reform Update Subscribers', 'Contacts who asked for updates on tax reform.'],
  ['General Counsel Roundtable', 'In-house counsel invited to the general counsel roundtable.'],
  ['Private Equity Briefing Invitees', 'Sponsors and portfolio company executives for the PE briefing.'],
  ['Employment Law Webinar Attendees', 'Registrants of the employment law webinar series.'],
  ['Cybersecurity Forum Guests', 'Guests of the cybersecurity and incident response forum.'],
  ['ESG Insights Subscribers', 'Subscribers to the ESG insights mailing.'],
  ['Summer Reception Guests', 'Guests of the summer reception.'],
];

/** Names and descriptions of working lists; `{company}` is replaced by a client's name. */
export const WORKING_LISTS: ReadonlyArray<readonly [string, string]> = [
  ['Key Client Team – {company}', 'Relationship team and contacts for the {company} account.'],
  ['Pitch Team – {company}', 'People involved in the pitch to {company}.'],
  ['Conference Follow-ups', 'Contacts met at industry conferences who need a follow-up.'],
  ['Referral Sources', 'Contacts who refer work to the firm.'],
  ['Business Development Targets', 'Prospective clients the practice group is pursuing this year.'],
  ['Alumni Outreach', 'Former colleagues to keep in touch with.'],
  ['Panel Speakers', 'Candidate speakers for firm panels and events.'],
  ['Board Contacts', 'Board members of client companies.'],
];

/** An additional field definition to seed, in input terms. */
export interface FieldSeed {
  name: string;
  description: string;
  type: AdditionalFieldDefinitionInputType;
  options?: string[];
  multiple?: boolean;
  secondaryFieldName?: string;
  min?: number;
  max?: number;
  maxLength?: number;
  multiLine?: boolean;
  /** Sample values of a text field. */
  samples?: string[];
}

/** Field definitions marketing lists take in turn (event and mailing data). */
export const MARKETING_FIELDS: readonly FieldSeed[] = [
  {
    name: 'Attendance Status',
    description: 'Whether the contact is coming.',
    type: 'list',
    options: ['Invited', 'Attending', 'Declined', 'Tentative'],
  },
  { name: 'RSVP Date', description: 'Date the contact replied.', type: 'date' },
  { name: 'Number of Guests', description: 'Guests the contact brings.', type: 'integer', min: 0, max: 5 },
  {
    name: 'Dietary Requirements',
    description: 'Catering notes.',
    type: 'text',
    maxLength: 500,
    samples: ['Vegetarian', 'Vegan', 'Gluten free', 'No nuts', 'Kosher', 'Halal'],
  },
  { name: 'VIP', description: 'Gets a personal greeting.', type: 'boolean' },
  {
    name: 'Interests',
    description: 'Topics the contact follows.',
    type: 'list',
    options: ['Litigation', 'Tax', 'Real Estate', 'Employment', 'Privacy', 'M&A'],
    multiple: true,
  },
];

/** Field definitions working lists take in turn (business development data). */
export const WORKING_FIELDS: readonly FieldSeed[] = [
  {
    name: 'Relationship Partner',
    description: 'Firm lawyer who owns the relationship.',
    type: 'user',
    secondaryFieldName: 'Role',
  },
  {
    name: 'Follow-up Notes',
    description: 'What was agreed.',
    type: 'text',
    maxLength: 2000,
    multiLine: true,
    samples: ['Send the seminar slides.', 'Call after the board meeting.', 'Introduce to the tax team.'],
  },
  {
    name: 'Estimated Fees',
    description: 'Expected fees of the opportunity, in USD.',
    type: 'decimal',
    min: 0,
    max: 500000,
  },
  { name: 'Next Contact Date', description: 'When to get in touch again.', type: 'date' },
  {
    name: 'Priority',
    description: 'How much attention the contact needs.',
    type: 'list',
    options: ['High', 'Medium', 'Low'],
  },
  { name: 'Meetings Held', description: 'Meetings so far this year.', type: 'integer', min: 0, max: 50 },
];

/** Roles of secondary values of user fields. */
export const PARTNER_ROLES = ['Lead', 'Support', 'Sponsor'];
