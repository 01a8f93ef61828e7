import type { SeedContext } from '../area.js';
import {
  CONTACTS,
  META_API_USER_ID,
  META_FIRM_COMPANY_ID,
  PEOPLE_BY_EMPLOYER,
  type ContactRecord,
} from '../contacts/model.js';
import {
  COUNTRIES_BY_ISO_CODE,
  INDUSTRIES,
  PRACTICE_GROUPS,
  type CountryRecord,
  type IndustryRecord,
  type PracticeGroupRecord,
} from '../settings/model.js';
import { toIsoDate } from '../shared/time.js';
import {
  INITIATIVES,
  OBJECTIVES,
  OBJECTIVE_TYPES,
  type InitiativeRecord,
  type LocationRecord,
  type MeasurementRecord,
  type ObjectiveRecord,
  type ObjectiveTypeRecord,
  type PlanningItemRecord,
  type PlanningStatus,
} from './model.js';
import {
  DESCRIPTIONS,
  EVENT_CITIES,
  INITIATIVE_TEMPLATES,
  MARKET_REGIONS,
  MEASURES,
  OBJECTIVE_TEMPLATES,
  OBJECTIVE_TYPE_SEEDS,
  TAG_SEEDS,
} from './seed-data.js';
import { fakerUuid } from '../shared/seed-random.js';

const DAY = 86_400_000;

/** What the seeded objectives draw from: earlier areas' data, read once. */
interface Pools {
  companies: ContactRecord[];
  employees: ContactRecord[];
  industries: IndustryRecord[];
  practiceGroups: PracticeGroupRecord[];
  types: ObjectiveTypeRecord[];
  apiUser: ContactRecord | undefined;
}

type Market = (typeof MARKET_REGIONS)[number];

/** What one objective's names are built from, shared with its initiatives. */
interface Theme {
  market: Market;
  industry: IndustryRecord | undefined;
  practice: PracticeGroupRecord | undefined;
  companies: ContactRecord[];
}

function fill(ctx: SeedContext, template: string, theme: Theme, company: ContactRecord | undefined): string {
  return template
    .replace('{industry}', theme.industry?.name ?? 'Financial Services')
    .replace('{practice}', theme.practice?.name ?? 'Corporate')
    .replace('{region}', theme.market.name)
    .replace('{company}', company?.name ?? company?.displayName ?? 'key clients')
    .replace('{city}', ctx.faker.helpers.arrayElement(EVENT_CITIES));
}

function pools(ctx: SeedContext): Pools {
  const { tx } = ctx;
  const firmId = tx.meta[META_FIRM_COMPANY_ID];
  const companies: ContactRecord[] = [];
  for (const c of tx.all<ContactRecord>(CONTACTS))
    if (c.kind === 'Company' && c.id !== firmId) companies.push(c);
  const employees =
    typeof firmId === 'string'
      ? tx.lookup<ContactRecord>(PEOPLE_BY_EMPLOYER, firmId).filter((p) => p.isEmployee === true)
      : [];
  const apiUserId = tx.meta[META_API_USER_ID];
  return {
    companies,
    employees,
    industries: [...tx.all<IndustryRecord>(INDUSTRIES)],
    practiceGroups: [...tx.all<PracticeGroupRecord>(PRACTICE_GROUPS)],
    types: [],
    apiUser: typeof apiUserId === 'string' ? tx.get<ContactRecord>(CONTACTS, apiUserId) : undefined,
  };
}

function seedObjectiveTypes(ctx: SeedContext): ObjectiveTypeRecord[] {
  const created = new Date(ctx.referenceDate.getTime() - 3 * 365 * DAY).toISOString();
  return OBJECTIVE_TYPE_SEEDS.map((seed) =>
    ctx.tx.put<ObjectiveTypeRecord>(OBJECTIVE_TYPES, {
      id: fakerUuid(ctx.faker),
      ...seed,
      createdAt: created,
      // The retired type was switched off later than it was created.
      updatedAt: seed.isActive ? created : new Date(ctx.referenceDate.getTime() - 400 * DAY).toISOString(),
    }),
  );
}

function locations(ctx: SeedContext, market: Market): LocationRecord[] {
  const codes = ctx.faker.helpers.arrayElements(market.countries, { min: 1, max: 2 });
  const out: LocationRecord[] = [];
  for (const code of codes) {
    const country = ctx.tx.lookup<CountryRecord>(COUNTRIES_BY_ISO_CODE, code)[0];
    if (!country) continue;
    const division =
      country.states.length > 0 && ctx.faker.datatype.boolean()
        ? ctx.faker.helpers.arrayElement(country.states).name
        : null;
    out.push({ country: country.name, administrativeDivision: division });
  }
  return out;
}

function measurement(ctx: SeedContext, market: Market, progress: number): MeasurementRecord {
  const { faker } = ctx;
  const m = faker.helpers.arrayElement(MEASURES);
  const target =
    m.measurementType === 'Currency'
      ? Math.round(faker.number.int({ min: m.min, max: m.max }) / 50_000) * 50_000
      : m.numberType === 'Decimal'
        ? faker.number.float({ min: m.min, max: m.max, fractionDigits: 1 })
        : faker.number.int({ min: m.min, max: m.max });
  const actualRaw = target * progress;
  const actual = m.numberType === 'Decimal' ? Math.round(actualRaw * 10) / 10 : Math.round(actualRaw);
  return {
    id: fakerUuid(faker),
    description: m.description,
    measurementType: m.measurementType,
    currencyType: m.measurementType === 'Currency' ? market.currency : null,
    targetValue: target,
    actualValue: actual,
    numberType: m.numberType ?? null,
  };
}

/** The fields objectives and initiatives share, drawn for one item between `from` and `to`. */
function planningItem(
  ctx: SeedContext,
  p: Pools,
  theme: Theme,
  name: string,
  window: { from: number; to: number },
  state: { status: PlanningStatus; isDeleted: boolean; companies: ContactRecord[]; progress: number },
): PlanningItemRecord {
  const { faker } = ctx;
  const created = faker.date.between({ from: window.from, to: window.to });
  const start = new Date(created.getTime() + faker.number.int({ min: 0, max: 30 }) * DAY);
  const end = new Date(start.getTime() + faker.number.int({ min: 120, max: 540 }) * DAY);
  const changed = state.status === 'closed' || state.isDeleted || faker.datatype.boolean();
  const updated = changed
    ? faker.date.between({ from: created.getTime() + DAY, to: ctx.referenceDate.getTime() })
    : created;
  return {
    id: fakerUuid(faker),
    name,
    description:
      faker.helpers.maybe(() => faker.helpers.arrayElement(DESCRIPTIONS), { probability: 0.8 }) ?? null,
    startDate: toIsoDate(start),
    endDate: toIsoDate(end),
    closedDate: state.status === 'closed' ? toIsoDate(updated) : null,
    status: state.status,
    isDeleted: state.isDeleted,
    creatorId: p.apiUser?.id ?? null,
    createdBy: p.apiUser?.displayName ?? null,
    companyIds: state.companies.map((c) => c.id),
    involvedUserIds: faker.helpers.arrayElements(p.employees, { min: 0, max: 3 }).map((u) => u.id),
    locations: locations(ctx, theme.market),
    tags: faker.helpers.arrayElements(TAG_SEEDS, { min: 0, max: 2 }).map((t) => ({ ...t })),
    industryIds: theme.industry ? [theme.industry.id] : [],
    practiceGroupIds: theme.practice ? [theme.practice.id] : [],
    objectiveTypeIds: faker.helpers
      .arrayElements(
        p.types.filter((t) => t.isActive),
        { min: 1, max: 2 },
      )
      .map((t) => t.id),
    keyClient: faker.datatype.boolean({ probability: 0.3 }),
    measurementOfSuccess: measurement(ctx, theme.market, state.progress),
    createdAt: created.toISOString(),
    updatedAt: updated.toISOString(),
  };
}

/** Which objectives end up closed and which removed: a few of each, at the end of the list. */
function objectiveStates(n: number): Array<'open' | 'closed' | 'deleted'> {
  const deleted = n >= 3 ? Math.max(1, Math.round(n * 0.1)) : 0;
  const closed = n >= 2 ? Math.max(1, Math.round(n * 0.2)) : 0;
  return Array.from({ length: n }, (_, i) =>
    i >= n - deleted ? 'deleted' : i >= n - deleted - closed ? 'closed' : 'open',
  );
}

/**
 * Seeds objective types, then `profile.objectives` objectives with `profile.initiativesPerObjective`
 * initiatives each: companies from the contacts, involved users from the firm's employees, types from
 * the settings' industries and practice groups. Some objectives are closed (with every initiative
 * closed) and some removed (with their initiatives); open objectives mix open and closed initiatives
 * and the first has one removed initiative.
 */
export function seedPlanning(ctx: SeedContext): void {
  const { tx, faker, profile } = ctx;
  const p = pools(ctx);
  p.types = seedObjectiveTypes(ctx);
  const ref = ctx.referenceDate.getTime();
  const states = objectiveStates(profile.objectives);
  states.forEach((state, index) => {
    const theme: Theme = {
      market: faker.helpers.arrayElement(MARKET_REGIONS),
      industry: p.industries.length > 0 ? faker.helpers.arrayElement(p.industries) : undefined,
      practice: p.practiceGroups.length > 0 ? faker.helpers.arrayElement(p.practiceGroups) : undefined,
      companies: faker.helpers.arrayElements(p.companies, { min: Math.min(1, p.companies.length), max: 3 }),
    };
    const initiativeStates = Array.from({ length: profile.initiativesPerObjective }, (_, i) => {
      if (state !== 'open') return { status: 'closed' as const, isDeleted: state === 'deleted' };
      const isDeleted = index === 0 && i === 1;
      return {
        status: faker.datatype.boolean({ probability: 0.3 }) ? ('closed' as const) : ('open' as const),
        isDeleted,
      };
    });
    const live = initiativeStates.filter((s) => !s.isDeleted);
    const progress = live.length === 0 ? 0 : live.filter((s) => s.status === 'closed').length / live.length;
    const objectiveName = fill(
      ctx,
      faker.helpers.arrayElement(OBJECTIVE_TEMPLATES),
      theme,
      theme.companies[0],
    );
    const objective: ObjectiveRecord = {
      ...planningItem(
        ctx,
        p,
        theme,
        objectiveName,
        { from: ref - 540 * DAY, to: ref - 120 * DAY },
        {
          status: state === 'closed' ? 'closed' : 'open',
          isDeleted: state === 'deleted',
          companies: theme.companies,
          progress,
        },
      ),
    };
    const objectiveCreated = Date.parse(objective.createdAt);
    if (state === 'deleted') {
      // Removed after every initiative was created, so each gets a deletion event at that date.
      const removedAt = new Date(Math.max(Date.parse(objective.updatedAt), objectiveCreated + 61 * DAY));
      objective.updatedAt = removedAt.toISOString();
    }
    tx.put(OBJECTIVES, objective);
    initiativeStates.forEach((s, i) => {
      const company = theme.companies.length > 0 ? theme.companies[i % theme.companies.length] : undefined;
      const template = INITIATIVE_TEMPLATES[(index + i * 3) % INITIATIVE_TEMPLATES.length] ?? '';
      const item = planningItem(
        ctx,
        p,
        theme,
        fill(ctx, template, theme, company),
        { from: objectiveCreated, to: objectiveCreated + 60 * DAY },
        {
          ...s,
          companies: company ? [company] : [],
          progress: s.status === 'closed' ? 1 : faker.number.float({ max: 0.8 }),
        },
      );
      // Removing an objective removes its initiatives in the same write (one date).
      const updatedAt = state === 'deleted' ? objective.updatedAt : item.updatedAt;
      const initiative: InitiativeRecord = {
        ...item,
        updatedAt: updatedAt < item.createdAt ? item.createdAt : updatedAt,
        objectiveId: objective.id,
      };
      tx.put(INITIATIVES, initiative);
    });
  });
}
