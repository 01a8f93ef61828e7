import type { MutationAddCompanyArgs, MutationAddPersonArgs } from '../../contract/types.generated.js';
import type { RequestContext } from '../area.js';
import type { ValidationError } from '../shared/errors.js';
import { recordEvents } from '../shared/change-events.js';
import { newId, toIsoDateTime } from '../shared/time.js';
import { inputMutation } from '../shared/mutation.js';
import type { Validator } from '../shared/validation.js';
import {
  CONTACTS,
  META_FIRM_COMPANY_ID,
  personDisplayName,
  type ContactRecord,
  findContact,
} from './model.js';
import { checkAddress, checkContactTypes, checkEmail, checkPhone, checkTags } from './input-rules.js';
import { companyByName, employerOfNewPerson } from './person-client-inputs.js';
import { putEmail, putInputAddresses, putPhone } from './write.js';

/** Result of the person mutations (MutatePersonResults). */
export interface PersonResult {
  status: 'Created' | 'Updated' | 'NoChange';
  validationErrors: ValidationError[];
  item: ContactRecord | null;
}

/** Result of the company mutations (MutateCompanyResults). */
export interface CompanyResult {
  validationErrors: ValidationError[];
  item: ContactRecord | null;
}

/** The fields every new contact starts with, in their stored order; the kind's own fields follow them. */
function newContact(
  kind: ContactRecord['kind'],
  displayName: string,
  tags: string[],
  contactTypeIds: string[],
  ctx: RequestContext,
): ContactRecord {
  return {
    id: newId(),
    kind,
    displayName,
    visibility: 'public',
    tags,
    contactTypeIds,
    industryIds: [],
    score: null,
    isPendingFirmContact: false,
    createdAt: toIsoDateTime(ctx.now()),
    updatedAt: toIsoDateTime(ctx.now()),
  };
}

/**
 * `addPerson`: needs a first or last name; the employer must be a company, contact types must
 * allow people. Creates the person with its e-mail, phones and addresses and records ContactCreated.
 */
export const addPerson = inputMutation<MutationAddPersonArgs['input'], PersonResult>((input, v, tx, ctx) => {
  const firstName = v.optionalText('firstName', input.firstName) ?? null;
  const lastName = v.optionalText('lastName', input.lastName) ?? null;
  if (!input.firstName?.trim() && !input.lastName?.trim()) {
    v.fail('firstName', 'A person needs a first name or a last name.');
  }
  const companyId = employerOfNewPerson(
    v,
    v.reference('companyId', input.companyId, (id) => !!findContact(tx, id, 'Company'), 'company'),
    companyByName(v, tx, 'companyName', input.companyName),
  );
  const person: ContactRecord = {
    ...newContact(
      'Person',
      '',
      checkTags(v, 'tags', input.tags),
      checkContactTypes(v, tx, 'folderContactTypes', input.folderContactTypes, 'Person'),
      ctx,
    ),
    title: v.optionalText('title', input.title) ?? null,
    firstName,
    middleName: v.optionalText('middleName', input.middleName) ?? null,
    lastName,
    suffix: v.optionalText('suffix', input.suffix) ?? null,
    goesBy: v.optionalText('goesBy', input.goesBy) ?? null,
    assistantName: v.optionalText('assistantName', input.assistantName) ?? null,
    jobTitle: v.optionalText('jobTitle', input.jobTitle) ?? null,
    companyId: companyId ?? null,
    isEmployee: companyId !== undefined && companyId === tx.meta[META_FIRM_COMPANY_ID],
    languageId: null,
    gender: null,
  };
  const email = checkEmail(v, 'emailAddress', input.emailAddress);
  // The client's `primaryPhone` is the business phone; both at once would be two business phones.
  if (input.businessPhone && input.primaryPhone) {
    v.fail('primaryPhone', 'Give either primaryPhone or businessPhone, not both.');
  }
  const businessPhone = checkPhone(
    v,
    input.primaryPhone ? 'primaryPhone' : 'businessPhone',
    input.primaryPhone ?? input.businessPhone,
  );
  const mobilePhone = checkPhone(v, 'mobilePhone', input.mobilePhone);
  const business = checkAddress(v, tx, 'businessAddress', input.businessAddress);
  const other = checkAddress(v, tx, 'otherAddress', input.otherAddress);
  checkMailing(v, input.mailingAddress, business !== undefined, other !== undefined);
  if (!v.ok) return { status: 'NoChange', validationErrors: v.errors, item: null };

  const stored = tx.put(CONTACTS, { ...person, displayName: personDisplayName(person) });
  const addresses = putInputAddresses(tx, stored.id, business, other, input.mailingAddress);
  if (email) putEmail(tx, stored.id, email);
  if (businessPhone) putPhone(tx, stored.id, businessPhone, 'Business', addresses.business?.id ?? null);
  if (mobilePhone) putPhone(tx, stored.id, mobilePhone, 'Mobile', null);
  recordEvents(tx, ctx, [{ view: 'contact', eventType: 'ContactCreated', entityId: stored.id }]);
  return { status: 'Created', validationErrors: [], item: stored };
});

/** `mailingAddress` may only name an address that is given. */
function checkMailing(
  v: Validator,
  mailing: string | null | undefined,
  hasBusiness: boolean,
  hasOther: boolean,
): void {
  if (mailing === 'Business' && !hasBusiness) {
    v.fail('mailingAddress', 'mailingAddress is Business but no businessAddress is given.');
  }
  if (mailing === 'Other' && !hasOther) {
    v.fail('mailingAddress', 'mailingAddress is Other but no otherAddress is given.');
  }
}

/** `addCompany` (§2.3): needs a company name; creates the company with its phones, e-mail and addresses. */
export const addCompany = inputMutation<MutationAddCompanyArgs['input'], CompanyResult>(
  (input, v, tx, ctx) => {
    const name = v.requiredText('companyName', input.companyName);
    const company: ContactRecord = {
      ...newContact(
        'Company',
        name ?? '',
        [],
        checkContactTypes(v, tx, 'folderContactTypes', input.folderContactTypes, 'Company'),
        ctx,
      ),
      name: name ?? null,
      alias: v.optionalText('alias', input.alias) ?? null,
      website: v.optionalText('website', input.website) ?? null,
    };
    const email = checkEmail(v, 'emailAddress', input.emailAddress);
    const phones: Array<[string | undefined, string]> = [
      [checkPhone(v, 'primaryPhone', input.primaryPhone), 'Business'],
      [checkPhone(v, 'secondaryPhone', input.secondaryPhone), 'Business'],
      [checkPhone(v, 'faxNumber', input.faxNumber), 'Fax'],
      [checkPhone(v, 'mobilePhone', input.mobilePhone), 'Mobile'],
      [checkPhone(v, 'pagerNumber', input.pagerNumber), 'Pager'],
    ];
    const business = checkAddress(v, tx, 'businessAddress', input.businessAddress);
    const other = checkAddress(v, tx, 'otherAddress', input.otherAddress);
    checkMailing(v, input.mailingAddress, business !== undefined, other !== undefined);
    if (!v.ok) return { validationErrors: v.errors, item: null };

    const stored = tx.put(CONTACTS, company);
    const addresses = putInputAddresses(tx, stored.id, business, other, input.mailingAddress);
    if (email) putEmail(tx, stored.id, email);
    for (const [number, type] of phones) {
      if (number)
        putPhone(tx, stored.id, number, type, type === 'Business' ? (addresses.business?.id ?? null) : null);
    }
    recordEvents(tx, ctx, [{ view: 'contact', eventType: 'ContactCreated', entityId: stored.id }]);
    return { validationErrors: [], item: stored };
  },
);
