import type { SeedContext } from '../area.js';
import { CONTACTS, META_FIRM_COMPANY_ID, type ContactRecord } from '../contacts/model.js';
import { PRACTICE_GROUPS, type PracticeGroupRecord } from '../settings/model.js';
import { toIsoDate } from '../shared/time.js';
import {
  MATTERS,
  MATTER_FINANCIALS,
  MATTER_OFFICES,
  MATTER_PRACTICE_GROUPS,
  MATTER_TYPES,
  type MatterFinancialRecord,
  type MatterOptionRecord,
  type MatterRecord,
} from './model.js';
import { MATTER_TYPE_SEEDS, MAX_FINANCIAL_MONTHS, OFFICE_SEEDS, STATUS_WEIGHTS } from './seed-data.js';
import { fakerUuid } from '../shared/seed-random.js';

const DAY = 86_400_000;

function options(
  ctx: SeedContext,
  collection: string,
  names: readonly string[],
  at: string,
): MatterOptionRecord[] {
  return names.map((name) =>
    ctx.tx.put<MatterOptionRecord>(collection, {
      id: fakerUuid(ctx.faker),
      name,
      createdAt: at,
      updatedAt: at,
    }),
  );
}

/** First day of the month `offset` months after the month of `d` (UTC). */
function monthStart(d: Date, offset = 0): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1));
}

/** Monthly financials of a matter from its opening to its closing (or last month), at most the last 24 months. */
function seedFinancials(ctx: SeedContext, matter: MatterRecord, currency: string): void {
  const { faker, tx } = ctx;
  const opened = new Date(`${matter.openDate ?? toIsoDate(ctx.referenceDate)}T00:00:00Z`);
  const lastMonth = monthStart(ctx.referenceDate, -1);
  const closed = matter.closeDate ? monthStart(new Date(`${matter.closeDate}T00:00:00Z`)) : lastMonth;
  const end = closed < lastMonth ? closed : lastMonth;
  let month = monthStart(opened);
  const earliest = monthStart(end, -(MAX_FINANCIAL_MONTHS - 1));
  if (month < earliest) month = earliest;
  const rate = faker.number.int({ min: 250, max: 950 });
  for (; month <= end; month = monthStart(month, 1)) {
    const periodEnd = new Date(monthStart(month, 1).getTime() - DAY);
    const hours = faker.number.float({ min: 4, max: 220, fractionDigits: 1 });
    const worked = Math.round(hours * rate * 100) / 100;
    const billed = Math.round(worked * faker.number.float({ min: 0.75, max: 1 }) * 100) / 100;
    const monthsAgo = (lastMonth.getTime() - month.getTime()) / (30 * DAY);
    const collectedShare =
      monthsAgo >= 3 ? faker.number.float({ min: 0.9, max: 1 }) : faker.number.float({ min: 0, max: 0.8 });
    const recorded = new Date(
      Math.min(periodEnd.getTime() + 5 * DAY, ctx.referenceDate.getTime()),
    ).toISOString();
    tx.put<MatterFinancialRecord>(MATTER_FINANCIALS, {
      id: fakerUuid(faker),
      matterId: matter.id,
      periodStart: toIsoDate(month),
      periodEnd: toIsoDate(periodEnd),
      currency,
      hoursWorked: hours,
      amountWorked: worked,
      amountBilled: billed,
      amountCollected: Math.round(billed * collectedShare * 100) / 100,
      createdAt: recorded,
      updatedAt: recorded,
    });
  }
}

/**
 * Seeds the matters' look-up options (practice groups mirror the firm's, matter types, offices) and
 * `profile.matters` matters for client companies, each with monthly financials. Without companies there
 * are no clients, so no matters are seeded.
 */
export function seedMatters(ctx: SeedContext): void {
  const { tx, faker, profile } = ctx;
  const since = new Date(ctx.referenceDate.getTime() - 5 * 365 * DAY).toISOString();
  const groupNames = [...tx.all<PracticeGroupRecord>(PRACTICE_GROUPS)].map((g) => g.name);
  const groups = options(ctx, MATTER_PRACTICE_GROUPS, groupNames, since);
  const types = options(
    ctx,
    MATTER_TYPES,
    MATTER_TYPE_SEEDS.map((t) => t.name),
    since,
  );
  const offices = options(
    ctx,
    MATTER_OFFICES,
    OFFICE_SEEDS.map((o) => o.name),
    since,
  );

  const firmId = tx.meta[META_FIRM_COMPANY_ID];
  const clients: ContactRecord[] = [];
  for (const c of tx.all<ContactRecord>(CONTACTS))
    if (c.kind === 'Company' && c.id !== firmId) clients.push(c);
  if (clients.length === 0) return;

  const ref = ctx.referenceDate.getTime();
  for (let i = 0; i < profile.matters; i += 1) {
    const client = faker.helpers.arrayElement(clients);
    const typeIndex = faker.number.int({ max: MATTER_TYPE_SEEDS.length - 1 });
    const officeIndex = faker.number.int({ max: OFFICE_SEEDS.length - 1 });
    const opened = faker.date.between({ from: ref - 3 * 365 * DAY, to: ref - 30 * DAY });
    const status = faker.helpers.weightedArrayElement(STATUS_WEIGHTS);
    const closed =
      status === 'Closed' ? faker.date.between({ from: opened.getTime() + 30 * DAY, to: ref }) : null;
    const topic = faker.helpers.arrayElement(MATTER_TYPE_SEEDS[typeIndex]?.topics ?? ['General Advice']);
    const created = new Date(opened.getTime() - faker.number.int({ min: 0, max: 5 }) * DAY).toISOString();
    const matter = tx.put<MatterRecord>(MATTERS, {
      id: fakerUuid(faker),
      name: `${client.name ?? client.displayName} – ${topic}`,
      number: `${opened.getUTCFullYear()}-${String(i + 1).padStart(5, '0')}`,
      clientId: client.id,
      description:
        faker.helpers.maybe(() => `${topic} for ${client.name ?? client.displayName}.`, {
          probability: 0.6,
        }) ?? null,
      status,
      practiceGroupId: groups.length > 0 ? faker.helpers.arrayElement(groups).id : null,
      matterTypeId: types[typeIndex]?.id ?? null,
      officeId: offices[officeIndex]?.id ?? null,
      openDate: toIsoDate(opened),
      closeDate: closed ? toIsoDate(closed) : null,
      createdAt: created,
      updatedAt: closed ? closed.toISOString() : created,
    });
    seedFinancials(ctx, matter, OFFICE_SEEDS[officeIndex]?.currency ?? 'USD');
  }
}
