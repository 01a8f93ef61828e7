import type { PageFinding } from '../assert/pages.js';
import { ruleFinding } from './rule-finding.js';
import type { TypedHolder } from './typed-holders.js';

/** What the rules on standard codes rest on. */
const CODE_BASIS = ['§2.3', '§4.1', 'A-566'];
/** What the display-order rule rests on. */
const ORDER_BASIS = ['§2.6', 'A-22', 'A-567'];
/** What the e-mail form rests on. */
const EMAIL_BASIS = ['§2.3', 'A-566'];
/** What the address types rest on. */
const ADDRESS_BASIS = ['§2.3', 'A-25'];
/** What the stage-order range rests on. */
const STAGE_BASIS = ['§2.5', 'A-48'];

/** A standard's code form, by the name users of the API know it. */
interface CodeForm {
  pattern: RegExp;
  standard: string;
  example: string;
}

const COUNTRY: CodeForm = {
  pattern: /^[A-Z]{2}$/,
  standard: 'an ISO 3166-1 alpha-2 code',
  example: 'US',
};
const LANGUAGE: CodeForm = {
  pattern: /^[a-z]{2,3}$/,
  standard: 'an ISO 639 language code',
  example: 'en',
};
// A BCP 47 tag as locales are written: a language subtag, then optionally a script and a region,
// joined by hyphens (never underscores, which are POSIX locale names).
const LOCALE: CodeForm = {
  pattern: /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|\d{3}))?$/,
  standard: 'a BCP 47 language tag',
  example: 'en-US',
};
const CURRENCY: CodeForm = {
  pattern: /^[A-Z]{3}$/,
  standard: 'an ISO 4217 currency code',
  example: 'USD',
};

/** Where a code field holds one standard's code: the type (and, for regional settings, the field it is under). */
const CODE_FIELDS: ReadonlyArray<{ type: string; under?: string; field: string; form: CodeForm }> = [
  { type: 'Country', field: 'isoCode', form: COUNTRY },
  { type: 'RegionalLanguage', field: 'isoCode', form: LANGUAGE },
  { type: 'RegionalSetting', under: 'country', field: 'code', form: COUNTRY },
  { type: 'RegionalSetting', under: 'language', field: 'code', form: LANGUAGE },
  { type: 'RegionalSetting', under: 'locale', field: 'code', form: LOCALE },
  { type: 'MeasurementOfSuccess', field: 'currencyType', form: CURRENCY },
];

function badCode(path: string, value: unknown, form: CodeForm, out: PageFinding[]): void {
  if (typeof value !== 'string' || value === '' || form.pattern.test(value)) return;
  out.push(
    ruleFinding(
      path,
      'code-form',
      `${form.standard} (such as ${JSON.stringify(form.example)})`,
      value,
      `${path} is ${JSON.stringify(value)}, which is not ${form.standard} (such as ${JSON.stringify(form.example)}): the API writes standard codes in their standard form`,
      CODE_BASIS,
    ),
  );
}

/** Codes of a standard are written in that standard's form: letter case and separators included. */
function codeForms(holder: TypedHolder, out: PageFinding[]): void {
  for (const rule of CODE_FIELDS) {
    if (!holder.types.has(rule.type) || !holder.leaves.has(rule.field)) continue;
    if (rule.under !== undefined && holder.parent?.field !== rule.under) continue;
    badCode(`${holder.path}.${rule.field}`, holder.leaves.get(rule.field), rule.form, out);
  }
  // The root `currencies` is a list of codes (§4.1: "ISO 4217 currency codes").
  if (holder.parent === undefined && holder.path === 'data') {
    const codes = holder.leaves.get('currencies');
    if (Array.isArray(codes)) {
      const at = codes.findIndex((c) => typeof c === 'string' && c !== '' && !CURRENCY.pattern.test(c));
      if (at >= 0) badCode(`data.currencies[${at}]`, codes[at], CURRENCY, out);
    }
  }
}

/** Where an answer holds an e-mail address: the type and the field. */
const EMAIL_FIELDS: ReadonlyArray<{ type: string; field: string }> = [
  { type: 'EmailAddress', field: 'address' },
  { type: 'ActivityPerson', field: 'primaryEmail' },
  { type: 'ListContact', field: 'emailAddress' },
  { type: 'EmployeeRelationshipTo', field: 'emailAddress' },
  { type: 'EmployeeWithRelationshipsTo', field: 'emailAddress' },
  { type: 'EmployeeWithRelationshipsToView', field: 'emailAddress' },
];

// One @ with something on each side and a dot in the domain: loose on purpose, as RFC 5321 allows far more
// than any pattern checks; what it catches is an address cut, masked or replaced by another value.
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** An e-mail address the API answers is an address: local part, @, domain. */
function emailForm(holder: TypedHolder, out: PageFinding[]): void {
  for (const rule of EMAIL_FIELDS) {
    if (!holder.types.has(rule.type)) continue;
    const value = holder.leaves.get(rule.field);
    if (typeof value !== 'string' || value === '' || EMAIL.test(value)) continue;
    out.push(
      ruleFinding(
        `${holder.path}.${rule.field}`,
        'email-form',
        'an e-mail address (local part, @, domain)',
        value,
        `${holder.path}.${rule.field} is ${JSON.stringify(value)}, which is not an e-mail address: the API answers the address as stored`,
        EMAIL_BASIS,
      ),
    );
  }
}

/** The types an address is of, in the case the API writes them. */
const ADDRESS_TYPES: readonly string[] = ['Business', 'Home', 'Other'];

/** An address's `type` is one of the address types: Business, Home or Other. */
function addressType(holder: TypedHolder, out: PageFinding[]): void {
  if (!holder.types.has('Address')) return;
  const type = holder.leaves.get('type');
  if (typeof type !== 'string' || ADDRESS_TYPES.includes(type)) return;
  out.push(
    ruleFinding(
      `${holder.path}.type`,
      'address-type',
      `one of ${ADDRESS_TYPES.join(', ')}`,
      type,
      `${holder.path}.type is ${JSON.stringify(type)}: an address is of type ${ADDRESS_TYPES.join(', ')}`,
      ADDRESS_BASIS,
    ),
  );
}

/**
 * A list whose items carry a `displayOrder` is answered in that order: a strength scale's range
 * items, a contact's profiles and a profile's items. An item whose order is below the one before it is
 * the finding; items without a number are passed over.
 */
function displayOrder(holder: TypedHolder, out: PageFinding[]): void {
  for (const [name, value] of holder.fields) {
    if (!Array.isArray(value) || value.length < 2 || holder.narrowed.has(name)) continue;
    const orders = value.map((item) => {
      const order = (item as { displayOrder?: unknown } | null)?.displayOrder;
      return typeof order === 'number' ? order : undefined;
    });
    let last: number | undefined;
    let lastAt = -1;
    for (let i = 0; i < orders.length; i++) {
      const order = orders[i];
      if (order === undefined) continue;
      if (last !== undefined && order < last) {
        out.push(
          ruleFinding(
            `${holder.path}.${name}[${i}].displayOrder`,
            'display-order',
            `a displayOrder of at least ${last} (after ${name}[${lastAt}])`,
            order,
            `${holder.path}.${name}[${i}] has displayOrder ${order} after ${name}[${lastAt}] with ${last}: a list whose items carry a display order is answered in that order`,
            ORDER_BASIS,
          ),
        );
        return;
      }
      last = order;
      lastAt = i;
    }
  }
}

/** A stage's `stageOrder` is an integer from 1 to 1000: a stage numbered 0 or below counts from elsewhere. */
function stageOrderRange(holder: TypedHolder, out: PageFinding[]): void {
  if (!holder.types.has('OpportunityStageInstance')) return;
  const order = holder.leaves.get('stageOrder');
  if (typeof order !== 'number' || (Number.isInteger(order) && order >= 1 && order <= 1000)) return;
  out.push(
    ruleFinding(
      `${holder.path}.stageOrder`,
      'stage-order-range',
      'an integer from 1 to 1000',
      order,
      `${holder.path}.stageOrder is ${order}: stage orders are integers from 1 to 1000, the first stage of a template at 1 or above`,
      STAGE_BASIS,
    ),
  );
}

/**
 * Rules on the form of values that hold on any data: standard codes in their standard's form and e-mail
 * addresses as addresses, address types,
 * lists with a display order in that order and stage orders within 1..1000.
 */
export function formFindings(holders: readonly TypedHolder[]): PageFinding[] {
  const out: PageFinding[] = [];
  for (const holder of holders) {
    codeForms(holder, out);
    emailForm(holder, out);
    addressType(holder, out);
    displayOrder(holder, out);
    stageOrderRange(holder, out);
  }
  return out;
}
