import {
  ACTIVITIES,
  ACTIVITY_TYPES,
  type ActivityRecord,
  type ActivityTypeRecord,
} from '../activities/model.js';
import type { SeedContext } from '../area.js';
import { INITIATIVES, type InitiativeRecord } from '../planning/model.js';
import {
  CONTACTS,
  META_API_USER_ID,
  META_FIRM_COMPANY_ID,
  PEOPLE_BY_EMPLOYER,
  type ContactRecord,
} from '../contacts/model.js';
import { COUNTRIES, INDUSTRIES, PRACTICE_GROUPS, type CountryRecord } from '../settings/model.js';
import { toIsoDate } from '../shared/time.js';
import {
  OPPORTUNITIES,
  OPPORTUNITY_REGARDING,
  OPPORTUNITY_TYPES,
  ORIGINATION_SOURCES,
  OUTCOME_REASONS,
  OUTCOMES,
  STAGE_TEMPLATES,
  type LocationRecord,
  type LookupRecord,
  type OpportunityRecord,
  type OutcomeReasonRecord,
  type OutcomeRecord,
  type StageInstanceRecord,
  type StageTemplateRecord,
} from './model.js';
import {
  SEED_OUTCOMES,
  SEED_SOURCES,
  SEED_TAGS,
  SEED_TYPES,
  SEED_WORK,
  SEED_WORK_TYPES,
} from './seed-data.js';
import { fakerUuid } from '../shared/seed-random.js';

const DAY_MS = 86_400_000;

/** The lookup values as seeded, for the opportunities to draw from. */
interface Lookups {
  types: Array<{ type: LookupRecord; template: StageTemplateRecord }>;
  sources: LookupRecord[];
  outcomes: Array<{ outcome: OutcomeRecord; reasons: OutcomeReasonRecord[] }>;
  workTypeIds: string[];
}

/** Lookup values are as old as the seeded history: created two years before the reference date. */
function seedLookups(ctx: SeedContext): Lookups {
  const { tx, faker } = ctx;
  const stamp = new Date(ctx.referenceDate.getTime() - 730 * DAY_MS).toISOString();
  const dated = { createdAt: stamp, updatedAt: stamp };
  const types = SEED_TYPES.map((t) => {
    const type: LookupRecord = {
      id: fakerUuid(faker),
      name: t.name,
      description: t.description,
      isActive: t.isActive,
      ...dated,
    };
    const template: StageTemplateRecord = {
      id: type.id,
      stages: t.stages.map((stageName, i) => ({ stageOrder: i + 1, stageName })),
      ...dated,
    };
    tx.put(OPPORTUNITY_TYPES, type);
    tx.put(STAGE_TEMPLATES, template);
    return { type, template };
  });
  const sources = SEED_SOURCES.map((s) =>
    tx.put(ORIGINATION_SOURCES, { id: fakerUuid(faker), ...s, ...dated } satisfies LookupRecord),
  );
  const outcomes = SEED_OUTCOMES.map((o) => {
    const outcome = tx.put(OUTCOMES, {
      id: fakerUuid(faker),
      name: o.name,
      description: o.description,
      ...dated,
    } satisfies OutcomeRecord);
    const reasons = o.reasons.map((r) =>
      tx.put(OUTCOME_REASONS, {
        id: fakerUuid(faker),
        name: r.name,
        description: null,
        outcomeId: outcome.id,
        isActive: r.isActive,
        ...dated,
      } satisfies OutcomeReasonRecord),
    );
    return { outcome, reasons };
  });
  const workTypeIds = SEED_WORK_TYPES.map(() => fakerUuid(faker));
  return { types, sources, outcomes, workTypeIds };
}

/** What the opportunities are drawn from: other areas' data, read once. */
interface Pools {
  apiUserId: string | undefined;
  /** Firm employees other than the API user. */
  employees: ContactRecord[];
  companies: ContactRecord[];
  practiceGroupIds: string[];
  industryIds: string[];
  countries: CountryRecord[];
  initiativeIds: string[];
  activityType: ActivityTypeRecord | undefined;
}

function readPools(ctx: SeedContext): Pools {
  const { tx } = ctx;
  const firmId = tx.meta[META_FIRM_COMPANY_ID];
  const apiUser = tx.meta[META_API_USER_ID];
  const apiUserId = typeof apiUser === 'string' ? apiUser : undefined;
  const employees =
    typeof firmId === 'string'
      ? tx.lookup<ContactRecord>(PEOPLE_BY_EMPLOYER, firmId).filter((p) => p.id !== apiUserId)
      : [];
  const companies: ContactRecord[] = [];
  for (const c of tx.all<ContactRecord>(CONTACTS))
    if (c.kind === 'Company' && c.id !== firmId) companies.push(c);
  const initiativeIds: string[] = [];
  for (const i of tx.all<InitiativeRecord>(INITIATIVES)) if (!i.isDeleted) initiativeIds.push(i.id);
  let activityType: ActivityTypeRecord | undefined;
  for (const t of tx.all<ActivityTypeRecord>(ACTIVITY_TYPES)) {
    if (t.isActive && t.isUserCreatable && !t.isAppointment && (!activityType || t.isDefault))
      activityType = t;
  }
  return {
    apiUserId,
    employees,
    companies,
    practiceGroupIds: [...tx.all(PRACTICE_GROUPS)].map((p) => p.id),
    industryIds: [...tx.all(INDUSTRIES)].map((p) => p.id),
    countries: [...tx.all<CountryRecord>(COUNTRIES)],
    initiativeIds,
    activityType,
  };
}

/** An instant `days` (fractional) after `from`, never after the reference date. */
function later(ctx: SeedContext, from: number, days: number): number {
  return Math.min(from + days * DAY_MS, ctx.referenceDate.getTime() - 3_600_000);
}

/** The stage history: the first stage at creation, then a few more, each some days after the last. */
function stageHistory(
  ctx: SeedContext,
  template: StageTemplateRecord,
  createdMs: number,
): StageInstanceRecord[] {
  const { faker } = ctx;
  const reached = faker.number.int({ min: 1, max: template.stages.length });
  const out: StageInstanceRecord[] = [];
  let at = createdMs;
  for (const stage of template.stages.slice(0, reached)) {
    if (out.length > 0) {
      const next = later(ctx, at, faker.number.float({ min: 3, max: 45 }));
      if (next <= at) break;
      at = next;
    }
    out.push({
      id: fakerUuid(faker),
      stageOrder: stage.stageOrder,
      stageName: stage.stageName,
      timeEntered: new Date(at).toISOString(),
    });
  }
  return out;
}

function locations(ctx: SeedContext, countries: readonly CountryRecord[]): LocationRecord[] {
  if (countries.length === 0) return [];
  const picked = ctx.faker.helpers.arrayElements(countries, ctx.faker.number.int({ min: 0, max: 2 }));
  return picked.map((c) => ({
    country: c.name,
    administrativeDivision:
      c.states.length > 0 && ctx.faker.datatype.boolean()
        ? ctx.faker.helpers.arrayElement(c.states).name
        : null,
  }));
}

/** A few activities about the opportunity, linked to its client contacts and lead. */
function seedActivities(ctx: SeedContext, pools: Pools, opp: OpportunityRecord, work: string): string[] {
  const { tx, faker } = ctx;
  const type = pools.activityType;
  if (!type) return [];
  const count = faker.number.int({ min: 0, max: 2 });
  const ids: string[] = [];
  const from = Date.parse(opp.createdAt);
  const to = Math.max(from, Date.parse(opp.updatedAt));
  for (let i = 0; i < count; i++) {
    const start = new Date(faker.number.int({ min: from, max: to }));
    start.setUTCMinutes(0, 0, 0);
    const links = [opp.leadId, ...opp.contacts.map((c) => c.contactId)]
      .filter((id): id is string => id !== null)
      .map((id) => ({ id, displayName: tx.get<ContactRecord>(CONTACTS, id)?.displayName ?? '' }));
    const subject = faker.helpers.arrayElement([
      'Introductory call',
      'Pitch meeting',
      'Follow-up call',
      'Scoping workshop',
    ]);
    const activity: ActivityRecord = {
      id: fakerUuid(faker),
      typeId: type.id,
      activityClass: 'Activity',
      subject: `${subject}: ${work}`,
      summary: `Discussed ${work.toLowerCase()} and next steps with the client team.`,
      location: null,
      startDate: start.toISOString(),
      lastEditedDate: toIsoDate(start),
      links,
      regarding: OPPORTUNITY_REGARDING,
      originatorId: opp.leadId,
      createdAt: start.toISOString(),
    };
    tx.put(ACTIVITIES, activity);
    ids.push(activity.id);
  }
  return ids;
}

/**
 * Seeds the opportunity lookups (types with stage templates, origination sources, outcomes and
 * reasons, some inactive) and `profile.opportunities` opportunities of the seeded companies: mostly
 * open, some closed with an outcome, some confidential (the first involves the API user, the second
 * does not). Without companies or firm employees only the lookups are seeded.
 */
export function seedOpportunities(ctx: SeedContext): void {
  const { tx, faker, profile } = ctx;
  const lookups = seedLookups(ctx);
  const pools = readPools(ctx);
  if (pools.companies.length === 0 || pools.employees.length === 0) return;
  const activeTypes = lookups.types.filter((t) => t.type.isActive);
  const activeSources = lookups.sources.filter((s) => s.isActive);
  const refMs = ctx.referenceDate.getTime();
  const pick = <T>(items: readonly T[]): T => faker.helpers.arrayElement(items);
  const some = <T>(items: readonly T[], min: number, max: number): T[] =>
    items.length === 0
      ? []
      : faker.helpers.arrayElements(items, {
          min: Math.min(min, items.length),
          max: Math.min(max, items.length),
        });

  for (let i = 0; i < profile.opportunities; i++) {
    const company = pick(pools.companies);
    const { type, template } = faker.datatype.boolean({ probability: 0.1 })
      ? pick(lookups.types)
      : pick(activeTypes);
    const createdMs = faker.number.int({ min: refMs - 540 * DAY_MS, max: refMs - 20 * DAY_MS });
    const stages = stageHistory(ctx, template, createdMs);
    const lastStageMs = Date.parse(
      stages[stages.length - 1]?.timeEntered ?? new Date(createdMs).toISOString(),
    );
    const closed = i > 2 && faker.datatype.boolean({ probability: 0.3 });
    const closeMs = closed ? later(ctx, lastStageMs, faker.number.float({ min: 1, max: 30 })) : lastStageMs;
    const result = closed
      ? faker.datatype.boolean({ probability: 0.6 })
        ? lookups.outcomes[0]
        : lookups.outcomes[1]
      : undefined;

    // Involvement of the API user: the first is confidential and led by them, the second confidential
    // without them, the third theirs and open; the rest are drawn (a few confidential).
    const apiUser = pools.apiUserId;
    const involveApiUser =
      apiUser !== undefined &&
      (i === 0 || i === 2 || (i > 2 && faker.datatype.boolean({ probability: 0.15 })));
    const isConfidential = i < 2 || faker.datatype.boolean({ probability: 0.12 });
    const team = some(pools.employees, 2, 4);
    const lead = i === 0 && apiUser ? apiUser : (team[0]?.id ?? null);
    const principals = team.slice(1).map((p, n) => ({ leadId: p.id, isPrimary: n === 0 }));
    if (involveApiUser && i !== 0 && apiUser) principals.push({ leadId: apiUser, isPrimary: false });
    const creatorId =
      i === 1 || !apiUser || !faker.datatype.boolean({ probability: 0.25 }) ? (team[0]?.id ?? null) : apiUser;

    const clientPeople = tx.lookup<ContactRecord>(PEOPLE_BY_EMPLOYER, company.id);
    const contacts = some(clientPeople, 0, 3).map((p, n) => ({ contactId: p.id, isPrimary: n === 0 }));
    const source = faker.datatype.boolean({ probability: 0.85 })
      ? pick(faker.datatype.boolean({ probability: 0.9 }) ? activeSources : lookups.sources)
      : undefined;
    const work = pick(SEED_WORK);
    const createdAt = new Date(createdMs).toISOString();
    const opp: OpportunityRecord = {
      id: fakerUuid(faker),
      title: `${company.name ?? company.displayName}: ${work}`,
      description: `${work} for ${company.name ?? company.displayName}, led from the ${pick(['London', 'New York', 'Chicago', 'Sydney', 'Frankfurt'])} office.`,
      creatorId,
      targetCompanyId: company.id,
      opportunityTypeId: type.id,
      originationSourceId: source?.id ?? null,
      originationSourceContactId:
        source && contacts[0] && faker.datatype.boolean() ? contacts[0].contactId : null,
      originationSourceCompanyId:
        source && faker.datatype.boolean({ probability: 0.3 }) ? pick(pools.companies).id : null,
      leadId: lead,
      principals,
      contacts,
      stageInstances: stages,
      // Open ones are expected to close in the coming months; closed ones were expected near their close.
      estimatedCloseDate: toIsoDate(
        new Date(
          closed
            ? Math.max(createdMs, closeMs + faker.number.int({ min: -20, max: 20 }) * DAY_MS)
            : refMs + faker.number.int({ min: 14, max: 200 }) * DAY_MS,
        ),
      ),
      dateOpened: toIsoDate(new Date(createdMs)),
      actualCloseDate: closed ? toIsoDate(new Date(closeMs)) : null,
      status: closed ? 'closed' : 'open',
      outcomeId: result?.outcome.id ?? null,
      outcomeReasonIds: result ? some(result.reasons, 1, 2).map((r) => r.id) : [],
      matterId: null,
      initiativeIds:
        pools.initiativeIds.length > 0 && faker.datatype.boolean({ probability: 0.3 })
          ? [pick(pools.initiativeIds)]
          : [],
      activityIds: [],
      practiceGroupIds: some(pools.practiceGroupIds, 1, 2),
      industryIds:
        company.industryIds.length > 0 ? company.industryIds.slice(0, 2) : some(pools.industryIds, 0, 1),
      workTypeId: pick(lookups.workTypeIds),
      isConfidential,
      tags: some(SEED_TAGS, 0, 2),
      locations: locations(ctx, pools.countries),
      createdAt,
      updatedAt: new Date(Math.max(closeMs, lastStageMs)).toISOString(),
    };
    tx.put(OPPORTUNITIES, { ...opp, activityIds: seedActivities(ctx, pools, opp, work) });
  }
}
