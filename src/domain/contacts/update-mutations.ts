import type {
  MutationEditPersonEmploymentInformationArgs,
  MutationUpdateContactAdditionalFieldsArgs,
  MutationUpdatePublicCompanyArgs,
  MutationUpdatePublicPersonArgs,
} from '../../contract/types.generated.js';
import type { Transaction } from '../../store/index.js';
import type { RequestContext } from '../area.js';
import { inputMutation } from '../shared/mutation.js';
import type { Validator } from '../shared/validation.js';
import { ruleBroken } from '../shared/rule-switch.js';
import type { CompanyResult, PersonResult } from './add-mutations.js';
import {
  META_FIRM_COMPANY_ID,
  checkContact,
  personDisplayName,
  type ContactRecord,
  findContact,
} from './model.js';
import { findLanguage, firmGenders } from './rules.js';
import { checkTags, patchText } from './input-rules.js';
import { applyPersonDetails, checkPersonDetails, companyByName } from './person-client-inputs.js';
import { updateContact } from './write.js';

/** Fields whose change makes an update `Updated` rather than `NoChange`. */
const COMPARED: ReadonlyArray<keyof ContactRecord> = [
  'displayName',
  'tags',
  'title',
  'firstName',
  'middleName',
  'lastName',
  'suffix',
  'goesBy',
  'assistantName',
  'jobTitle',
  'companyId',
  'isEmployee',
  'languageId',
  'gender',
  'name',
  'alias',
  'website',
];

function changed(before: ContactRecord, after: ContactRecord): boolean {
  return COMPARED.some((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null));
}

/** Stores `next` when it differs from `before`; the status says which happened. */
function save(
  tx: Transaction,
  ctx: RequestContext,
  before: ContactRecord,
  next: ContactRecord,
): { status: 'Updated' | 'NoChange'; item: ContactRecord } {
  if (!changed(before, next)) return { status: 'NoChange', item: before };
  return { status: 'Updated', item: updateContact(tx, ctx, next) };
}

/** The employer after `updatePublicPerson`: `companyName` names it, null ends the employment. */
function employerOf(
  v: Validator,
  tx: Transaction,
  input: MutationUpdatePublicPersonArgs['input'],
  person: ContactRecord,
): string | null {
  if (!('companyName' in input)) return person.companyId ?? null;
  if (input.companyName === null || input.companyName?.trim() === '') return null;
  return companyByName(v, tx, 'companyName', input.companyName) ?? person.companyId ?? null;
}

function rejected(v: Validator): PersonResult {
  return { status: 'NoChange', validationErrors: v.errors, item: null };
}

/** Whether a person update leaves it without first and last name. */
function checkHasName(v: Validator, next: ContactRecord): void {
  if (!next.firstName && !next.lastName) v.fail('firstName', 'A person needs a first name or a last name.');
}

/** `updatePublicPerson`: omitted fields keep their value, null clears; `tags` replaces. */
export const updatePublicPerson = inputMutation<MutationUpdatePublicPersonArgs['input'], PersonResult>(
  (input, v, tx, ctx) => {
    const person = checkContact(v, tx, 'id', input.id, 'Person');
    if (!person) return rejected(v);
    const next: ContactRecord = {
      ...person,
      title: patchText(v, input, 'title', person.title),
      firstName: patchText(v, input, 'firstName', person.firstName),
      middleName: patchText(v, input, 'middleName', person.middleName),
      lastName: patchText(v, input, 'lastName', person.lastName),
      suffix: patchText(v, input, 'suffix', person.suffix),
      goesBy: patchText(v, input, 'goesBy', person.goesBy),
      assistantName: patchText(v, input, 'assistantName', person.assistantName),
      tags: 'tags' in input ? checkTags(v, 'tags', input.tags) : person.tags,
      jobTitle: patchText(v, input, 'jobTitle', person.jobTitle),
      companyId: employerOf(v, tx, input, person),
    };
    const details = checkPersonDetails(v, tx, input);
    if (v.ok) checkHasName(v, next);
    if (!v.ok) return rejected(v);
    if ('companyName' in input) {
      next.isEmployee = next.companyId !== null && next.companyId === tx.meta[META_FIRM_COMPANY_ID];
    }
    const detailsChanged = applyPersonDetails(tx, person.id, details);
    const named = { ...next, displayName: personDisplayName(next) };
    const saved = save(tx, ctx, person, named);
    // A change of an address, e-mail or phone alone still updates the person.
    if (saved.status === 'NoChange' && detailsChanged) {
      return { status: 'Updated', item: updateContact(tx, ctx, named), validationErrors: [] };
    }
    return { ...saved, validationErrors: [] };
  },
);

/** `updatePublicCompany`: the name cannot be cleared; omitted fields keep their value. */
export const updatePublicCompany = inputMutation<MutationUpdatePublicCompanyArgs['input'], CompanyResult>(
  (input, v, tx, ctx) => {
    const company = checkContact(v, tx, 'id', input.id, 'Company');
    if (!company) return { validationErrors: v.errors, item: null };
    const name = 'companyName' in input ? v.requiredText('companyName', input.companyName) : company.name;
    const next: ContactRecord = {
      ...company,
      name: name ?? company.name,
      displayName: name ?? company.displayName,
      alias: patchText(v, input, 'alias', company.alias),
      website: patchText(v, input, 'website', company.website),
      tags: 'tags' in input ? checkTags(v, 'tags', input.tags) : company.tags,
    };
    if (!v.ok) return { validationErrors: v.errors, item: null };
    return { validationErrors: [], item: save(tx, ctx, company, next).item };
  },
);

/**
 * `editPersonEmploymentInformation`: `companyId` names the new employer, null ends the
 * employment (and its job title, unless a new one is given); being employed by the firm makes the
 * person a firm employee.
 */
export const editPersonEmploymentInformation = inputMutation<
  MutationEditPersonEmploymentInformationArgs['input'],
  PersonResult
>((input, v, tx, ctx) => {
  const person = checkContact(v, tx, 'personId', input.personId, 'Person');
  const companyId =
    'companyId' in input
      ? input.companyId === null || input.companyId === undefined
        ? null
        : (v.reference('companyId', input.companyId, (id) => !!findContact(tx, id, 'Company'), 'company') ??
          null)
      : (person?.companyId ?? null);
  const endsEmployment = 'companyId' in input && companyId === null;
  const jobTitle =
    'jobTitle' in input
      ? (v.optionalText('jobTitle', input.jobTitle) ?? null)
      : endsEmployment
        ? null
        : (person?.jobTitle ?? null);
  if (!person || !v.ok) return rejected(v);
  const firmId = tx.meta[META_FIRM_COMPANY_ID];
  const next: ContactRecord = {
    ...person,
    companyId,
    jobTitle,
    isEmployee: companyId !== null && companyId === firmId,
  };
  return { ...save(tx, ctx, person, next), validationErrors: [] };
});

/**
 * `updateContactAdditionalFields` (§7.5, A-26): rejected unless the firm enabled language-specific
 * information (reported on `languageId`); the language must be one of the firm's languages and the gender
 * one of the firm's genders. Null clears a value, an omitted one keeps it.
 */
export const updateContactAdditionalFields = inputMutation<
  MutationUpdateContactAdditionalFieldsArgs['input'],
  PersonResult
>((input, v, tx, ctx) => {
  if (!ctx.tenant.languageSpecificInformation && !ruleBroken(ctx, '§7.5')) {
    v.fail('languageId', 'Language-specific information is not enabled in the firm settings.');
  }
  const person = checkContact(v, tx, 'personId', input.personId, 'Person');
  let languageId = person?.languageId ?? null;
  if ('languageId' in input) {
    languageId = input.languageId ?? null;
    if (languageId !== null && !findLanguage(tx, languageId)) {
      v.fail('languageId', `No language of the firm exists with id "${languageId}".`);
    }
  }
  let gender = person?.gender ?? null;
  if ('gender' in input) {
    const text = input.gender?.trim() || null;
    const genders = firmGenders(tx.meta);
    gender = text === null ? null : (genders.find((g) => g.toLowerCase() === text.toLowerCase()) ?? null);
    if (text !== null && gender === null) {
      v.fail('gender', `gender must be one of the firm's genders: ${genders.join(', ')} (got "${text}").`);
    }
  }
  if (!person || !v.ok) return rejected(v);
  return { ...save(tx, ctx, person, { ...person, languageId, gender }), validationErrors: [] };
});
