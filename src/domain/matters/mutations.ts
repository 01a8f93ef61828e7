import type {
  MutationAddMatterArgs,
  MutationAddMatterFinancialArgs,
  MutationRemoveMatterArgs,
  MutationRemoveMatterFinancialsArgs,
} from '../../contract/types.generated.js';
import type { Transaction } from '../../store/index.js';
import type { RequestContext } from '../area.js';
import { findContact } from '../contacts/model.js';
import type { ValidationError } from '../shared/errors.js';
import { CURRENCIES_BY_CODE } from '../settings/model.js';
import { inputMutation } from '../shared/mutation.js';
import { newId, toIsoDateTime } from '../shared/time.js';
import { MAX_LONG_TEXT, Validator } from '../shared/validation.js';
import {
  FINANCIALS_BY_MATTER,
  MATTERS,
  MATTERS_BY_NUMBER,
  MATTER_FINANCIALS,
  MATTER_LOOKUPS,
  type MatterFinancialRecord,
  type MatterOptionRecord,
  type MatterRecord,
} from './model.js';
import { fullCloudGate, MAX_AMOUNT, matterText, overlaps } from './rules.js';

/** `{ validationErrors, item }` of `addMatter` and `addMatterFinancial`: `item` is the new id. */
interface MutateMatterResult {
  validationErrors: ValidationError[];
  item: string | null;
}

/** `{ isSuccessful, validationErrors }` of `removeMatter`. */
interface RemoveResult {
  isSuccessful: boolean;
  validationErrors: ValidationError[];
}

/** Status of a matter added without one. */
const DEFAULT_STATUS = 'Open';

/** The option of a look-up collection named `name` (case-insensitively), added when there is none. */
function matchOrAdd(
  tx: Transaction,
  lookup: (typeof MATTER_LOOKUPS)[number],
  name: string,
  now: string,
): string {
  const found = tx.lookup<MatterOptionRecord>(lookup.index, name.toLowerCase())[0];
  if (found) return found.id;
  return tx.put<MatterOptionRecord>(lookup.collection, { id: newId(), name, createdAt: now, updatedAt: now })
    .id;
}

/**
 * A mutation adding a matter or its financials: refused whole by the full-cloud gate before
 * anything is read, otherwise `write` in one transaction.
 */
function addition<I>(
  write: (input: I, v: Validator, tx: Transaction, ctx: RequestContext) => MutateMatterResult,
): (_: unknown, args: { input: I }, ctx: RequestContext) => Promise<MutateMatterResult> {
  const add = inputMutation(write);
  return async (_, args, ctx) => {
    const gate = fullCloudGate(ctx);
    return gate ? { validationErrors: gate, item: null } : add(_, args, ctx);
  };
}

/** `addMatter` (§4.2, A-50): every text trimmed; practice group, matter type and office matched or added. */
export const addMatter = addition<MutationAddMatterArgs['input']>((input, v, tx, ctx) => {
  const name = matterText(ctx, v.requiredText('name', input.name), input.name);
  const number = matterText(ctx, v.requiredText('number', input.number), input.number);
  if (number !== undefined && tx.lookup(MATTERS_BY_NUMBER, number.toLowerCase()).length > 0) {
    v.fail('number', `A matter with number "${number}" already exists.`);
  }
  const clientId = v.reference(
    'clientId',
    input.clientId,
    (id) => !!findContact(tx, id, 'Company'),
    'company',
  );
  const description = v.optionalText('description', input.description, MAX_LONG_TEXT) ?? null;
  const status = v.optionalText('status', input.status) ?? DEFAULT_STATUS;
  const lookupTexts = MATTER_LOOKUPS.map((l) => v.optionalText(l.field, input[l.field]));
  const openDate = input.openDate ?? null;
  const closeDate = input.closeDate ?? null;
  if (openDate !== null && closeDate !== null && closeDate < openDate) {
    v.fail('closeDate', `closeDate (${closeDate}) must not be before openDate (${openDate}).`);
  }
  if (!v.ok || name === undefined || number === undefined) return { validationErrors: v.errors, item: null };
  const now = toIsoDateTime(ctx.now());
  const [practiceGroupId, matterTypeId, officeId] = MATTER_LOOKUPS.map((lookup, i) => {
    const text = lookupTexts[i];
    return text === undefined ? null : matchOrAdd(tx, lookup, text, now);
  });
  const matter = tx.put<MatterRecord>(MATTERS, {
    id: newId(),
    name,
    number,
    clientId: clientId ?? null,
    description,
    status,
    practiceGroupId: practiceGroupId ?? null,
    matterTypeId: matterTypeId ?? null,
    officeId: officeId ?? null,
    openDate,
    closeDate,
    createdAt: now,
    updatedAt: now,
  });
  return { validationErrors: [], item: matter.id };
});

/** `addMatterFinancial`: the amounts of one existing matter in one period. */
export const addMatterFinancial = addition<MutationAddMatterFinancialArgs['input']>((input, v, tx, ctx) => {
  const matterId = v.reference('matterId', input.matterId, (id) => tx.has(MATTERS, id), 'matter');
  if (input.periodEnd < input.periodStart) {
    v.fail(
      'periodEnd',
      `periodEnd (${input.periodEnd}) must not be before periodStart (${input.periodStart}).`,
    );
  }
  let currency: string | null = null;
  const currencyText = v.optionalText('currency', input.currency);
  if (currencyText !== undefined) {
    currency = currencyText.toUpperCase();
    if (tx.lookup(CURRENCIES_BY_CODE, currency).length === 0) {
      v.fail('currency', `"${currencyText}" is not a known ISO 4217 currency code.`);
    }
  }
  const amount = (field: 'hoursWorked' | 'amountWorked' | 'amountBilled' | 'amountCollected') =>
    v.range(field, input[field], 0, MAX_AMOUNT) ?? null;
  const hoursWorked = amount('hoursWorked');
  const amountWorked = amount('amountWorked');
  const amountBilled = amount('amountBilled');
  const amountCollected = amount('amountCollected');
  if (!v.ok || matterId === undefined) return { validationErrors: v.errors, item: null };
  const now = toIsoDateTime(ctx.now());
  const financial = tx.put<MatterFinancialRecord>(MATTER_FINANCIALS, {
    id: newId(),
    matterId,
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    currency,
    hoursWorked,
    amountWorked,
    amountBilled,
    amountCollected,
    createdAt: now,
    updatedAt: now,
  });
  return { validationErrors: [], item: financial.id };
});

/** `removeMatter`: deletes the matter and its financials. */
export async function removeMatter(
  _: unknown,
  { id }: MutationRemoveMatterArgs,
  ctx: RequestContext,
): Promise<RemoveResult> {
  const gate = fullCloudGate(ctx);
  if (gate) return { isSuccessful: false, validationErrors: gate };
  return ctx.store.transact((tx) => {
    if (!tx.has(MATTERS, id)) {
      return {
        isSuccessful: false,
        validationErrors: [{ propertyName: 'id', message: `No matter exists with id "${id}".` }],
      };
    }
    for (const financial of tx.lookup<MatterFinancialRecord>(FINANCIALS_BY_MATTER, id)) {
      tx.delete(MATTER_FINANCIALS, financial.id);
    }
    tx.delete(MATTERS, id);
    return { isSuccessful: true, validationErrors: [] };
  });
}

/** `removeMatterFinancials`: deletes the matter's financials overlapping the period (all without one). */
export async function removeMatterFinancials(
  _: unknown,
  { input }: MutationRemoveMatterFinancialsArgs,
  ctx: RequestContext,
) {
  const gate = fullCloudGate(ctx);
  if (gate) return { isSuccessful: false, matterFinancialsAffected: 0, validationErrors: gate };
  return ctx.store.transact((tx) => {
    const v = new Validator();
    const matterId = v.reference('matterId', input.matterId, (id) => tx.has(MATTERS, id), 'matter');
    const { periodStart, periodEnd } = input;
    if (periodStart && periodEnd && periodEnd < periodStart) {
      v.fail('periodEnd', `periodEnd (${periodEnd}) must not be before periodStart (${periodStart}).`);
    }
    if (!v.ok || matterId === undefined) {
      return { isSuccessful: false, matterFinancialsAffected: 0, validationErrors: v.errors };
    }
    let affected = 0;
    for (const financial of tx.lookup<MatterFinancialRecord>(FINANCIALS_BY_MATTER, matterId)) {
      if (!overlaps(financial.periodStart, financial.periodEnd, periodStart, periodEnd)) continue;
      tx.delete(MATTER_FINANCIALS, financial.id);
      affected += 1;
    }
    return { isSuccessful: true, matterFinancialsAffected: affected, validationErrors: [] };
  });
}
