import type { PersonalKind } from './pseudonymize.js';

/**
 * THE catalogue of personal data in the contract (A-222), by (type, field): output types, interfaces and
 * input types alike. Recordings and the proxy's reports replace exactly these fields' values, whatever
 * the client aliases them to; free text (subjects, summaries, notes, descriptions) counts as personal
 * because people write names, e-mail addresses and phone numbers into it.
 */
export const PERSONAL_FIELDS: Readonly<Record<string, Readonly<Record<string, PersonalKind>>>> = {
  // Contacts
  Contact: { displayName: 'fullName' },
  Person: {
    displayName: 'fullName',
    fullName: 'fullName',
    firstName: 'firstName',
    middleName: 'firstName',
    goesBy: 'firstName',
    lastName: 'lastName',
    assistantName: 'fullName',
  },
  Company: { displayName: 'company', name: 'company' },
  EmailAddress: { address: 'email' },
  PhoneNumber: { number: 'phone' },
  Address: { street: 'street', city: 'city', postalCode: 'postalCode' },
  SearchTerms: { term: 'fullName', firstName: 'firstName', lastName: 'lastName', emailAddress: 'email' },
  Note: { subject: 'text', text: 'text', notes: 'text', creatorName: 'fullName' },
  // Activities
  Activity: { subject: 'text', summary: 'text' },
  ActivityView: { subject: 'text', summary: 'text' },
  ActivityPerson: { fullName: 'fullName', primaryEmail: 'email' },
  ActivityCompany: { name: 'company' },
  ActivityUnknown: { displayName: 'fullName' },
  // Lists
  List: { description: 'text', ownerName: 'fullName', creatorName: 'fullName' },
  ListSponsor: { displayName: 'fullName', fullName: 'fullName' },
  ListContact: {
    displayName: 'fullName',
    phoneNumber: 'phone',
    emailAddress: 'email',
    companyName: 'company',
  },
  // Planning and opportunities
  InvolvedUser: { firstName: 'firstName', lastName: 'lastName', companyName: 'company' },
  Objective: { description: 'text' },
  Initiative: { description: 'text' },
  Opportunity: { description: 'text' },
  OpportunityPrincipal: { accountName: 'fullName', fullName: 'fullName' },
  // Relationships
  EmployeeRelationshipTo: { displayName: 'fullName', emailAddress: 'email', phoneNumber: 'phone' },
  EmployeeWithRelationshipsTo: { displayName: 'fullName', emailAddress: 'email', phoneNumber: 'phone' },
  EmployeeWithRelationshipsToView: {
    displayName: 'fullName',
    emailAddress: 'email',
    phoneNumber: 'phone',
    baseContactsDisplayName: 'fullName',
  },
  RelationshipInsightView: { displayName: 'fullName' },
  PersonRelationshipView: { personDisplayName: 'fullName', relatedPersonDisplayName: 'fullName' },
  // Inputs
  AddPersonInput: {
    firstName: 'firstName',
    middleName: 'firstName',
    goesBy: 'firstName',
    lastName: 'lastName',
    assistantName: 'fullName',
    emailAddress: 'email',
    businessPhone: 'phone',
    mobilePhone: 'phone',
    primaryPhone: 'phone',
    companyName: 'company',
  },
  UpdatePublicPersonInput: {
    firstName: 'firstName',
    middleName: 'firstName',
    goesBy: 'firstName',
    lastName: 'lastName',
    assistantName: 'fullName',
    companyName: 'company',
  },
  AddCompanyInput: {
    companyName: 'company',
    primaryPhone: 'phone',
    secondaryPhone: 'phone',
    mobilePhone: 'phone',
    emailAddress: 'email',
  },
  UpdatePublicCompanyInput: { companyName: 'company' },
  UpdatePhoneNumberInput: { number: 'phone' },
  AddContactAddressInput: { street: 'street', city: 'city', postalCode: 'postalCode' },
  AddContactWithLabelAdditionalFieldAddressInput: {
    street: 'street',
    city: 'city',
    postalCode: 'postalCode',
  },
  AddLocationInput: { street: 'street', city: 'city', postalCode: 'postalCode', phoneNumber: 'phone' },
  LocationChangeInput: { street: 'street', city: 'city', postalCode: 'postalCode' },
  // A table: its rows read alike (input type → field → kind) but each names its own input's fields.
  AddActivityInput: { subject: 'text', summary: 'text' },
  UpdateActivityInput: { subject: 'text', summary: 'text' },
  ActivityFilterInput: { subject: 'text' },
  ListContactFilterInput: { primarySponsorUserName: 'fullName' },
  AddListInput: { description: 'text' },
  EditListDetailsInput: { description: 'text' },
  EditWorkingListDetailsInput: { description: 'text' },
  AddObjectiveInput: { description: 'text' },
  UpdateObjectiveInput: { description: 'text' },
  AddInitiativeInput: { description: 'text' },
  UpdateInitiativeInput: { description: 'text' },
  AddOpportunityInput: { description: 'text' },
  UpdateOpportunitySummaryInput: { description: 'text' },
  AddMatterInput: { description: 'text' },
};

/**
 * Filter inputs (`{ field: lastName, value: "…" }`) carry a field's data under `value`/`values`: the kind
 * comes from the `field` they name.
 */
export const PERSONAL_FILTER_FIELDS: Readonly<Record<string, PersonalKind>> = {
  term: 'fullName',
  firstName: 'firstName',
  lastName: 'lastName',
  company: 'company',
  emailAddress: 'email',
  city: 'city',
  displayName: 'fullName',
  fullName: 'fullName',
  name: 'fullName',
};

/** The kind of personal data a (type, field) of the contract holds, if any. */
export function personalField(typeNames: readonly string[], field: string): PersonalKind | undefined {
  for (const t of typeNames) {
    const kind = PERSONAL_FIELDS[t]?.[field];
    if (kind) return kind;
  }
  return undefined;
}

/** E-mail addresses anywhere inside a string. */
const EMAIL_IN_TEXT = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/**
 * Phone numbers anywhere inside a string: an international `+digits`, or two to five groups of digits
 * joined by spaces, dots, dashes or a bracketed area code, 7 to 15 digits in all (E.164's length).
 */
const PHONE_IN_TEXT =
  /(?<![\w.+-])(?:\+\d[\d\s().-]{5,}\d|\(\d{1,4}\)[\s.-]?\d{2,4}(?:[\s.-]?\d{2,4}){0,3}|\d{2,4}(?:[\s.-]\d{2,4}){1,4})(?![\w-])/g;

/** Looks like a date, a time or a version rather than a phone number. */
const NOT_A_PHONE = /^\d{4}-\d{2}-\d{2}$|^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$|^\d+\.\d+(\.\d+)*$/;

function isPhone(match: string): boolean {
  const digits = match.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15 && !NOT_A_PHONE.test(match.trim());
}

/**
 * A string with every e-mail address and phone number inside it replaced (value patterns, wherever the
 * string sits: variables, literals, answers, error messages).
 */
export function scrubPatterns(
  text: string,
  replace: (kind: 'email' | 'phone', value: string) => string,
): string {
  if (text.length < 7) return text;
  let out = text.includes('@') ? text.replace(EMAIL_IN_TEXT, (m) => replace('email', m)) : text;
  if (/\d{2}/.test(out)) out = out.replace(PHONE_IN_TEXT, (m) => (isPhone(m) ? replace('phone', m) : m));
  return out;
}
