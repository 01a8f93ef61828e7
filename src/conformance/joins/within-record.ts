import type { PageFinding } from '../assert/pages.js';
import { ruleFinding } from './rule-finding.js';
import type { TypedHolder } from './typed-holders.js';

/** What the rules on one record's own fields rest on. */
const SCORE_BASIS = ['§2.3', '§2.6', 'A-595'];
const NAME_BASIS = ['§2.3', 'A-596'];
const DEFAULT_TYPE_BASIS = ['§2.2', 'A-21', 'A-597'];
const MEMBER_COMPANY_BASIS = ['§2.4', 'A-73', 'A-598'];
const CLOSE_BASIS = ['§3', 'A-43'];
const MAILING_BASIS = ['§2.3', 'A-25'];
const EMPLOYEE_BASIS = ['§2.3', 'A-26'];
const HIDDEN_BASIS = ['§2.5', 'A-47'];
const SPONSOR_BASIS = ['§2.4', 'A-74', 'A-596'];
const DIVISIONS_BASIS = ['§2.1', 'A-20', 'A-608'];
const FORMER_BASIS = ['§2.6', 'A-02', 'A-611'];
const NOTE_DATE_BASIS = ['§2.3', 'A-16', 'A-71'];
const ACCOUNT_BASIS = ['§2.5', 'A-47'];
const OPTIONS_BASIS = ['§2.4', 'A-75'];
const FIELD_BASIS = ['§2.4', 'A-18', 'A-37', 'A-70'];

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const words = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim().replace(/\s+/g, ' ').toLowerCase()
    : undefined;

/** A level on a scale that says its own maximum is between 0 and that maximum (A-595). */
function onScale(holder: TypedHolder, level: string, max: string, out: PageFinding[]): void {
  const value = num(holder.leaves.get(level));
  const top = num(holder.leaves.get(max));
  if (value === undefined || top === undefined || (value >= 0 && value <= top)) return;
  out.push(
    ruleFinding(
      `${holder.path}.${level}`,
      'within-scale',
      `between 0 and ${max} ${top}`,
      value,
      `${holder.path}.${level} is ${value}, outside 0..${top} that ${max} beside it gives: a level on a scale lies on it`,
      SCORE_BASIS,
    ),
  );
}

/** A person's fullName is made of the person's names: it holds the first and the last name (A-596). */
function fullName(holder: TypedHolder, out: PageFinding[]): void {
  if (!holder.types.has('Person')) return;
  const full = words(holder.leaves.get('fullName'));
  if (full === undefined) return;
  for (const part of ['firstName', 'lastName']) {
    const name = words(holder.leaves.get(part));
    if (name === undefined || full.includes(name)) continue;
    out.push(
      ruleFinding(
        `${holder.path}.fullName`,
        'full-name-parts',
        `a name holding ${part} ${JSON.stringify(holder.leaves.get(part))}`,
        holder.leaves.get('fullName'),
        `${holder.path}.fullName is ${JSON.stringify(holder.leaves.get('fullName'))}, without the person's ${part} ${JSON.stringify(holder.leaves.get(part))}: a full name is made of the person's names`,
        NAME_BASIS,
      ),
    );
  }
}

/** A list member names its company by name and by id together (A-73, A-598): a name without the id. */
function memberCompany(holder: TypedHolder, out: PageFinding[]): void {
  if (!holder.types.has('ListContact') || !holder.leaves.has('companyId')) return;
  const name = words(holder.leaves.get('companyName'));
  if (name === undefined || holder.leaves.get('companyId') !== null) return;
  out.push(
    ruleFinding(
      `${holder.path}.companyId`,
      'member-company-id',
      `the id of the company named ${JSON.stringify(holder.leaves.get('companyName'))}`,
      null,
      `${holder.path}.companyId is null beside companyName ${JSON.stringify(holder.leaves.get('companyName'))}: a member's company is named by both or by neither`,
      MEMBER_COMPANY_BASIS,
    ),
  );
}

/**
 * A named person has a full name (A-596), and so does a list member's sponsor, a person named by its
 * display name (A-74): a null fullName beside the names is a name built from a part that is missing.
 */
function fullNamePresent(holder: TypedHolder, out: PageFinding[]): void {
  if (!holder.leaves.has('fullName') || holder.leaves.get('fullName') !== null) return;
  const person = holder.types.has('Person');
  const sponsor = holder.types.has('ListSponsor');
  if (!person && !sponsor) return;
  const names = (person ? ['firstName', 'lastName'] : ['displayName']).filter(
    (n) => words(holder.leaves.get(n)) !== undefined,
  );
  if (names.length === 0) return;
  out.push(
    ruleFinding(
      `${holder.path}.fullName`,
      'full-name-present',
      `a full name holding ${names.map((n) => JSON.stringify(holder.leaves.get(n))).join(' and ')}`,
      null,
      `${holder.path}.fullName is null beside ${names.map((n) => `${n} ${JSON.stringify(holder.leaves.get(n))}`).join(' and ')}: a ${person ? 'person' : "member's sponsor"} with a name has a full name`,
      person ? NAME_BASIS : SPONSOR_BASIS,
    ),
  );
}

/**
 * A relationship type whose `formerInd` says it has a former form names that form (A-611): a null
 * `formerName` beside `formerInd` true leaves a former relationship of the type without a name to show.
 */
function formerNamed(holder: TypedHolder, out: PageFinding[]): void {
  if (!holder.types.has('RelationshipTypeDefinition') || holder.leaves.get('formerInd') !== true) return;
  if (!holder.leaves.has('formerName') || words(holder.leaves.get('formerName')) !== undefined) return;
  out.push(
    ruleFinding(
      `${holder.path}.formerName`,
      'former-named',
      'the name of the former form',
      holder.leaves.get('formerName'),
      `${holder.path}.formerName is ${JSON.stringify(holder.leaves.get('formerName'))} beside formerInd true: a type with a former form names it`,
      FORMER_BASIS,
    ),
  );
}

/**
 * A confidential opportunity the user is not involved in is hidden (A-47): `shouldBeHidden` false beside
 * `isConfidential` true and `isCurrentUserInvolved` false shows details the user may not see.
 */
function hiddenOpportunity(holder: TypedHolder, out: PageFinding[]): void {
  if (!holder.types.has('Opportunity')) return;
  const { leaves } = holder;
  if (leaves.get('isConfidential') !== true || leaves.get('isCurrentUserInvolved') !== false) return;
  if (leaves.get('shouldBeHidden') !== false) return;
  out.push(
    ruleFinding(
      `${holder.path}.shouldBeHidden`,
      'confidential-hidden',
      true,
      false,
      `${holder.path}.shouldBeHidden is false beside isConfidential true and isCurrentUserInvolved false: a confidential opportunity the user is not involved in is hidden`,
      HIDDEN_BASIS,
    ),
  );
}

/**
 * Every country describes its divisions (A-608): the labels a client's address form shows and the list of
 * states, empty where the country has none. Null leaves the form without its labels.
 */
function countryDivisions(holder: TypedHolder, out: PageFinding[]): void {
  if (!holder.types.has('Country') || !holder.fields.has('administrativeDivisions')) return;
  if (holder.fields.get('administrativeDivisions') !== null) return;
  out.push(
    ruleFinding(
      `${holder.path}.administrativeDivisions`,
      'country-divisions',
      'the labels and the (possibly empty) list of states',
      null,
      `${holder.path}.administrativeDivisions is null: every country answers its division labels, and an empty list of states where it has none`,
      DIVISIONS_BASIS,
    ),
  );
}

/** Only an open objective can be closed (A-43): a closed one answering canClose true contradicts itself. */
function closedCanClose(holder: TypedHolder, out: PageFinding[]): void {
  if (!holder.types.has('Objective')) return;
  if (holder.leaves.get('status') !== 'closed' || holder.leaves.get('canClose') !== true) return;
  out.push(
    ruleFinding(
      `${holder.path}.canClose`,
      'closed-cannot-close',
      false,
      true,
      `${holder.path}.canClose is true beside status closed: an objective can be closed only while it is open`,
      CLOSE_BASIS,
    ),
  );
}

/**
 * A close date is set only by closing (A-43): an open opportunity answers `actualCloseDate` null, and an
 * open objective or initiative `closedDate` null. One that answers a date (its estimate, its end date)
 * tells partners it closed.
 */
function openWithoutCloseDate(holder: TypedHolder, out: PageFinding[]): void {
  if (holder.leaves.get('status') !== 'open') return;
  const field = holder.types.has('Opportunity')
    ? 'actualCloseDate'
    : holder.types.has('Objective') || holder.types.has('Initiative')
      ? 'closedDate'
      : undefined;
  const date = field === undefined ? undefined : holder.leaves.get(field);
  if (field === undefined || date === null || date === undefined) return;
  out.push(
    ruleFinding(
      `${holder.path}.${field}`,
      'open-without-close-date',
      null,
      date,
      `${holder.path}.${field} is ${JSON.stringify(date)} beside status open: a close date is set by closing and cleared by reopening`,
      CLOSE_BASIS,
    ),
  );
}

/**
 * A note's `lastEditedDate` is the day of its `changeDate`, in UTC as every date of the service is (A-71):
 * a day told in a region's local time moves every note changed after that region's midnight.
 */
function noteEditDate(holder: TypedHolder, out: PageFinding[]): void {
  if (!holder.types.has('Note')) return;
  const date = holder.leaves.get('lastEditedDate');
  const changed = holder.leaves.get('changeDate');
  if (typeof date !== 'string' || typeof changed !== 'string') return;
  const instant = Date.parse(changed);
  if (Number.isNaN(instant)) return;
  const day = new Date(instant).toISOString().slice(0, 10);
  if (day === date) return;
  out.push(
    ruleFinding(
      `${holder.path}.lastEditedDate`,
      'note-edit-date',
      day,
      date,
      `${holder.path}.lastEditedDate is ${JSON.stringify(date)}, but changeDate beside it is ${JSON.stringify(changed)}: a note was last edited on the UTC day of its change`,
      NOTE_DATE_BASIS,
    ),
  );
}

/** A principal's accountName is the local part of the principal's e-mail address (A-47): no `@` in it. */
function accountName(holder: TypedHolder, out: PageFinding[]): void {
  if (!holder.types.has('OpportunityPrincipal')) return;
  const name = holder.leaves.get('accountName');
  if (typeof name !== 'string' || !name.includes('@')) return;
  out.push(
    ruleFinding(
      `${holder.path}.accountName`,
      'account-name-local-part',
      name.slice(0, name.indexOf('@')),
      name,
      `${holder.path}.accountName is ${JSON.stringify(name)}: a principal's account name is the local part of the e-mail address, before the @`,
      ACCOUNT_BASIS,
    ),
  );
}

/**
 * A pick list's options come in the order the field defines them, which their ids carry
 * (`<field id>.<option index>`, A-75): an option whose index is not above the one before is out of order.
 */
function optionOrder(holder: TypedHolder, out: PageFinding[]): void {
  if (!holder.types.has('ListDataType')) return;
  const options = holder.fields.get('options');
  if (!Array.isArray(options)) return;
  const indexes = options.map((o) => {
    const id = (o as { id?: unknown } | null)?.id;
    const m = typeof id === 'string' ? /\.(\d+)$/.exec(id) : null;
    return m ? Number(m[1]) : undefined;
  });
  const at = indexes.findIndex(
    (n, i) => i > 0 && n !== undefined && indexes[i - 1] !== undefined && n <= indexes[i - 1]!,
  );
  if (at < 0) return;
  out.push(
    ruleFinding(
      `${holder.path}.options[${at}]`,
      'option-order',
      `an option index above ${indexes[at - 1]}`,
      (options[at] as { id?: unknown }).id,
      `${holder.path}.options[${at}] has index ${indexes[at]} after index ${indexes[at - 1]}: a pick list's options come in the order the field defines them, as their ids number them`,
      OPTIONS_BASIS,
    ),
  );
}

/**
 * A field definition's `dataTypeDisplayName` is the name users see (A-37: "Whole Number", "Pick List"),
 * never the raw key its `fieldDataType` answers.
 */
function dataTypeDisplayName(holder: TypedHolder, out: PageFinding[]): void {
  if (!holder.types.has('AdditionalFieldDefinition')) return;
  const key = holder.leaves.get('fieldDataType');
  const shown = holder.leaves.get('dataTypeDisplayName');
  if (typeof key !== 'string' || shown !== key) return;
  out.push(
    ruleFinding(
      `${holder.path}.dataTypeDisplayName`,
      'data-type-display-name',
      `the display name of ${key}`,
      shown,
      `${holder.path}.dataTypeDisplayName is ${JSON.stringify(shown)}, the raw fieldDataType beside it: a data type's display name is the one users see (A-37)`,
      FIELD_BASIS,
    ),
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A field value whose `format` is `YYYY-MM-DD` (a date field) holds dates in that form, in its items too (A-18, A-70). */
function dateFieldValue(holder: TypedHolder, out: PageFinding[]): void {
  if (!holder.types.has('AdditionalFieldValue') || holder.leaves.get('format') !== 'YYYY-MM-DD') return;
  const items = holder.fields.get('valueItems');
  const values: [string, unknown][] = [
    ['value', holder.leaves.get('value')],
    ...(Array.isArray(items) ? items : []).map((item, i): [string, unknown] => [
      `valueItems[${i}].value`,
      (item as { value?: unknown } | null)?.value,
    ]),
  ];
  const bad = values.find(([, v]) => typeof v === 'string' && v !== '' && !DAY.test(v));
  if (!bad) return;
  out.push(
    ruleFinding(
      `${holder.path}.${bad[0]}`,
      'date-field-value',
      'a date YYYY-MM-DD',
      bad[1],
      `${holder.path}.${bad[0]} is ${JSON.stringify(bad[1])} beside format "YYYY-MM-DD": a date field's values are dates in the form their format names`,
      FIELD_BASIS,
    ),
  );
}

/**
 * A person who is an employee works for the firm's own company (A-26), so answers an employer: an employee
 * whose `currentEmployer` is null lost the join to the firm's company.
 */
function employeeEmployer(holder: TypedHolder, out: PageFinding[]): void {
  if (!holder.types.has('Person') || holder.leaves.get('isEmployee') !== true) return;
  if (!holder.fields.has('currentEmployer') || holder.fields.get('currentEmployer') !== null) return;
  out.push(
    ruleFinding(
      `${holder.path}.currentEmployer`,
      'employee-employer',
      "the firm's own company",
      null,
      `${holder.path} is an employee (isEmployee true) but answers currentEmployer null: an employee is employed by the firm's own company`,
      EMPLOYEE_BASIS,
    ),
  );
}

/** What {@link oneFlagged} holds: records of one type under one parent, at most one with a flag true. */
interface OneFlag {
  type: string;
  flag: string;
  /** The parent's field the records are listed under, when only that one counts. */
  under?: string;
  id: string;
  /** How the records and their parent read in a message ("activity types", "the firm …"). */
  records: string;
  rule: string;
  /** Where the finding points: the second flagged record, or its flag. */
  atFlag: boolean;
  basis: string[];
}

/** Among the records of one parent, at most one has the flag true; the second one is the finding. */
function oneFlagged(holders: readonly TypedHolder[], rule: OneFlag, out: PageFinding[]): void {
  const flagged = new Map<TypedHolder, string[]>();
  for (const holder of holders) {
    if (!holder.types.has(rule.type) || holder.leaves.get(rule.flag) !== true || !holder.parent) continue;
    if (rule.under !== undefined && holder.parent.field !== rule.under) continue;
    const parent = holder.parent.holder;
    flagged.set(parent, [...(flagged.get(parent) ?? []), holder.path]);
  }
  for (const [parent, paths] of flagged) {
    if (paths.length < 2) continue;
    out.push(
      ruleFinding(
        rule.atFlag ? `${paths[1]!}.${rule.flag}` : paths[1]!,
        rule.id,
        `at most one with ${rule.flag} true`,
        paths.length,
        `${paths.length} ${rule.records} of ${parent.path} answer ${rule.flag} true (${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ', …' : ''}): ${rule.rule}`,
        rule.basis,
      ),
    );
  }
}

/**
 * One list of activity types flags at most one as the firm's default (§2.2 "the firm's default type",
 * one `defaultNewActivityTypeId` in the firm settings, A-21, A-597).
 */
const ONE_DEFAULT_TYPE: OneFlag = {
  type: 'ActivityType',
  flag: 'isDefault',
  id: 'one-default-type',
  records: 'activity types',
  rule: 'the firm has one default activity type',
  atFlag: false,
  basis: DEFAULT_TYPE_BASIS,
};

/**
 * A contact's addresses flag at most one as its mailing address: setting the flag on one clears it on the
 * contact's others (A-25), so a second flagged address is a flag a write left behind.
 */
const ONE_MAILING_ADDRESS: OneFlag = {
  type: 'Address',
  flag: 'isMailingAddress',
  under: 'addresses',
  id: 'one-mailing-address',
  records: 'addresses',
  rule: 'a contact has one mailing address',
  atFlag: true,
  basis: MAILING_BASIS,
};

/**
 * A list member's sponsors (and a contact's list's, A-74) flag at most one as primary: the strict sponsor
 * filter names "the primary sponsor" (A-73), so a second primary is a flag read from the wrong column.
 */
const ONE_PRIMARY_SPONSOR: OneFlag = {
  type: 'ListSponsor',
  flag: 'isPrimary',
  under: 'sponsors',
  id: 'one-primary-sponsor',
  records: 'sponsors',
  rule: 'a member has one primary sponsor',
  atFlag: true,
  basis: SPONSOR_BASIS,
};

/**
 * An answer that holds the firm settings' default activity type and a list of activity types flagging
 * one as the default names the same type in both (A-21: the settings' default is the flagged type).
 */
function settingsDefault(holders: readonly TypedHolder[], out: PageFinding[]): void {
  const settings = holders.find(
    (h) => h.types.has('FirmSettings') && h.leaves.has('defaultNewActivityTypeId'),
  );
  if (!settings) return;
  const flagged = holders.filter((h) => h.types.has('ActivityType') && h.leaves.get('isDefault') === true);
  const named = settings.leaves.get('defaultNewActivityTypeId');
  const ids = flagged.map((h) => h.leaves.get('id')).filter((id): id is string => typeof id === 'string');
  // The type the settings name, listed in the same answer but not flagged: the flag was read elsewhere.
  const listed = holders.find(
    (h) => h.types.has('ActivityType') && h.leaves.get('id') === named && h.leaves.get('isDefault') === false,
  );
  if (listed && ids.length === 0) {
    out.push(
      ruleFinding(
        `${listed.path}.isDefault`,
        'settings-default-type',
        true,
        false,
        `${listed.path} is the type ${settings.path}.defaultNewActivityTypeId names, but answers isDefault false: the type the settings name is the one flagged default`,
        DEFAULT_TYPE_BASIS,
      ),
    );
    return;
  }
  if (ids.length === 0 || (typeof named === 'string' && ids.includes(named))) return;
  out.push(
    ruleFinding(
      `${settings.path}.defaultNewActivityTypeId`,
      'settings-default-type',
      ids.length === 1 ? ids[0] : `one of ${JSON.stringify(ids)}`,
      named,
      `${settings.path}.defaultNewActivityTypeId is ${JSON.stringify(named)}, but the activity types of the same answer flag ${JSON.stringify(ids)} as the firm's default: the settings name the type flagged default`,
      DEFAULT_TYPE_BASIS,
    ),
  );
}

/**
 * Rules on the fields of one record that hold on any data: a score's value within its maximum and a
 * relationship's strength level within its scale (A-595), a person's full name made of its names (A-596),
 * one default activity type per list of types (A-597), a list member's company named by id and name (A-598),
 * a relationship type with a former form that names it (A-611),
 * a closed objective that cannot be closed again and an open record without a close date (A-43), one mailing address per contact (A-25), one primary sponsor per member (A-73), an
 * employer for every employee (A-26).
 */
export function withinRecordFindings(holders: readonly TypedHolder[]): PageFinding[] {
  const out: PageFinding[] = [];
  for (const holder of holders) {
    if (holder.types.has('Score')) onScale(holder, 'value', 'maxValue', out);
    if (holder.types.has('EmployeeRelationshipTo')) onScale(holder, 'strengthLevel', 'strengthLevelMax', out);
    fullName(holder, out);
    fullNamePresent(holder, out);
    formerNamed(holder, out);
    hiddenOpportunity(holder, out);
    countryDivisions(holder, out);
    memberCompany(holder, out);
    closedCanClose(holder, out);
    openWithoutCloseDate(holder, out);
    employeeEmployer(holder, out);
    noteEditDate(holder, out);
    accountName(holder, out);
    optionOrder(holder, out);
    dataTypeDisplayName(holder, out);
    dateFieldValue(holder, out);
  }
  oneFlagged(holders, ONE_DEFAULT_TYPE, out);
  oneFlagged(holders, ONE_MAILING_ADDRESS, out);
  oneFlagged(holders, ONE_PRIMARY_SPONSOR, out);
  settingsDefault(holders, out);
  return out;
}
