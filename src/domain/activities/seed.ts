import type { Faker } from '@faker-js/faker';
import type { SeedContext } from '../area.js';
import {
  CONTACTS,
  META_API_USER_ID,
  META_FIRM_COMPANY_ID,
  PEOPLE_BY_EMPLOYER,
  type ContactRecord,
} from '../contacts/model.js';
import { SeedRandom, fakerUuid } from '../shared/seed-random.js';
import { toIsoDate, toIsoDateTime } from '../shared/time.js';
import { activityFixtures, type ActivityFixtures, type ActivityTypeFixture } from './seed-data.js';
import {
  ACTIVITIES,
  ACTIVITY_TYPES,
  type ActivityLink,
  type ActivityRecord,
  type ActivityTypeRecord,
} from './model.js';
import { classOf } from './rules.js';

const DAY_MS = 86_400_000;

/** Seeds the activity types of the fixtures; group ids are shared by the types of one group. */
function seedTypes(ctx: SeedContext, fixtures: readonly ActivityTypeFixture[]): ActivityTypeRecord[] {
  const groupIds = new Map<string, string>();
  return fixtures.map((t) => {
    let groupId = groupIds.get(t.group);
    if (groupId === undefined) {
      groupId = fakerUuid(ctx.faker);
      groupIds.set(t.group, groupId);
    }
    const record: ActivityTypeRecord = {
      id: fakerUuid(ctx.faker),
      name: t.name,
      groupId,
      groupName: t.group,
      isDefault: t.isDefault,
      isActive: t.isActive,
      isUserCreatable: t.isUserCreatable,
      isUserSearchable: t.isUserSearchable,
      isAppointment: t.isAppointment,
      isWatchable: t.isWatchable,
    };
    return ctx.tx.put(ACTIVITY_TYPES, record);
  });
}

/** The contacts activities link to (outside the firm) and the firm's people who originate them. */
interface Cast {
  people: ContactRecord[];
  companies: ContactRecord[];
  employees: ContactRecord[];
  apiUserId: string | null;
}

function castOf(ctx: SeedContext): Cast {
  const firmCompanyId = ctx.tx.meta[META_FIRM_COMPANY_ID];
  const apiUserId = ctx.tx.meta[META_API_USER_ID];
  const cast: Cast = {
    people: [],
    companies: [],
    employees: [],
    apiUserId: typeof apiUserId === 'string' ? apiUserId : null,
  };
  for (const c of ctx.tx.all<ContactRecord>(CONTACTS)) {
    if (c.id === firmCompanyId) continue;
    if (c.kind === 'Company') cast.companies.push(c);
    else if (c.isEmployee || (c.companyId != null && c.companyId === firmCompanyId)) cast.employees.push(c);
    else cast.people.push(c);
  }
  return cast;
}

/** A start in the two years before the reference date, in office hours, on a quarter hour. */
function startDate(faker: Faker, referenceDate: Date): Date {
  const day = faker.date.past({ years: 2 });
  const start = new Date(
    Date.UTC(
      day.getUTCFullYear(),
      day.getUTCMonth(),
      day.getUTCDate(),
      faker.number.int({ min: 8, max: 17 }),
      faker.helpers.arrayElement([0, 15, 30, 45]),
    ),
  );
  return start > referenceDate ? new Date(start.getTime() - DAY_MS) : start;
}

const link = (c: ContactRecord): ActivityLink => ({ id: c.id, displayName: c.displayName });

/**
 * One to three linked contacts: a person (with their employer or a colleague now and then) or a
 * company (with some of its people). Some activities also keep a link to a contact removed since,
 * which the API shows as `ActivityUnknown`.
 */
function linksOf(ctx: SeedContext, cast: Cast, withFormerContact: boolean, ids: SeedRandom): ActivityLink[] {
  const { faker, tx } = ctx;
  const links: ActivityLink[] = [];
  const add = (c: ContactRecord | undefined) => {
    if (c && links.length < 3 && !links.some((l) => l.id === c.id)) links.push(link(c));
  };
  const personFirst = cast.companies.length === 0 || (cast.people.length > 0 && faker.datatype.boolean(0.7));
  if (personFirst) {
    const person = faker.helpers.arrayElement(cast.people);
    add(person);
    const employer = person.companyId ? tx.get<ContactRecord>(CONTACTS, person.companyId) : undefined;
    if (employer?.kind === 'Company' && faker.datatype.boolean(0.4)) add(employer);
    if (person.companyId && faker.datatype.boolean(0.2)) {
      add(faker.helpers.arrayElement(tx.lookup<ContactRecord>(PEOPLE_BY_EMPLOYER, person.companyId)));
    }
  } else {
    const company = faker.helpers.arrayElement(cast.companies);
    add(company);
    const staff = tx.lookup<ContactRecord>(PEOPLE_BY_EMPLOYER, company.id);
    if (staff.length > 0 && faker.datatype.boolean(0.5)) {
      for (const p of faker.helpers.arrayElements(staff, { min: 1, max: 2 })) add(p);
    }
  }
  if (withFormerContact) {
    if (links.length === 3) links.pop();
    links.push({ id: ids.uuid(), displayName: faker.person.fullName() });
  }
  return links;
}

/** Templates split at their placeholders: text, key, text, …, text (a template has a handful). */
const templateParts = new Map<string, string[]>();

/**
 * Fills `{person}`, `{company}`, `{topic}`, `{practice}`, `{room}` and `{city}` of a template, left to
 * right as `replace` would (so faker draws in the same order). Split once per template: a `replace` with
 * a callback per fill cost ~0.1 s of a 100k-activity store.
 */
function fill(
  faker: Faker,
  template: string,
  names: { person: string; company: string },
  fx: ActivityFixtures,
) {
  let parts = templateParts.get(template);
  if (!parts) {
    parts = template.split(/\{(\w+)\}/);
    templateParts.set(template, parts);
  }
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) out += placeholder(faker, parts[i]!, names, fx) + parts[i + 1]!;
  return out;
}

function placeholder(
  faker: Faker,
  key: string,
  names: { person: string; company: string },
  fx: ActivityFixtures,
): string {
  switch (key) {
    case 'person':
      return names.person;
    case 'company':
      return names.company;
    case 'topic':
      return faker.helpers.arrayElement(fx.topics);
    case 'practice':
      return faker.helpers.arrayElement(fx.practices);
    case 'room':
      return `${faker.number.int({ min: 1, max: 12 })}${faker.helpers.arrayElement(['A', 'B', 'C'])}`;
    case 'city':
      return faker.location.city();
    default:
      return `{${key}}`;
  }
}

/** The names a subject can mention: the first linked person, and the company involved. */
function namesOf(ctx: SeedContext, links: readonly ActivityLink[]) {
  const contacts = links
    .map((l) => ctx.tx.get<ContactRecord>(CONTACTS, l.id))
    .filter((c): c is ContactRecord => c !== undefined);
  const person = contacts.find((c) => c.kind === 'Person');
  const employer = person?.companyId ? ctx.tx.get<ContactRecord>(CONTACTS, person.companyId) : undefined;
  const company = contacts.find((c) => c.kind === 'Company') ?? employer;
  const personName = person?.displayName ?? company?.displayName ?? links[0]?.displayName ?? '';
  return { person: personName, company: company?.name ?? company?.displayName ?? personName };
}

/**
 * Seeds the activity types, then `profile.activities` activities over the two years before the
 * reference date, linking the contacts area's people and companies and originated by the firm's
 * people (the API user for about a fifth).
 */
export function seedActivities(ctx: SeedContext): void {
  const { faker, referenceDate } = ctx;
  const fx = activityFixtures();
  const types = seedTypes(ctx, fx.activityTypes);
  const cast = castOf(ctx);
  if (cast.people.length === 0 && cast.companies.length === 0) return;
  const weightedTypes = fx.activityTypes
    .map((t, i) => ({ weight: t.weight, value: { fixture: t, record: types[i] as ActivityTypeRecord } }))
    .filter((t) => t.weight > 0);
  const regarding = fx.regarding.map((r) => ({ weight: r.weight, value: r.value }));
  // One id per activity (100k in the large profile); faker's uuid costs ~4 µs each.
  const ids = new SeedRandom(faker);
  for (let i = 0; i < ctx.profile.activities; i++) {
    const { fixture, record: type } = faker.helpers.weightedArrayElement(weightedTypes);
    const start = startDate(faker, referenceDate);
    // Every 25th activity keeps a link to a removed contact, so every profile shows ActivityUnknown.
    const links = linksOf(ctx, cast, i % 25 === 7, ids);
    const names = namesOf(ctx, links);
    const originator =
      cast.apiUserId !== null && (cast.employees.length === 0 || faker.datatype.boolean(0.2))
        ? cast.apiUserId
        : cast.employees.length > 0
          ? faker.helpers.arrayElement(cast.employees).id
          : null;
    const created = new Date(start.getTime() - faker.number.int({ min: 0, max: 14 }) * DAY_MS);
    const activity: ActivityRecord = {
      id: ids.uuid(),
      typeId: type.id,
      activityClass: classOf(type),
      subject: fill(faker, faker.helpers.arrayElement(fixture.subjects), names, fx),
      summary: faker.datatype.boolean(0.8)
        ? fill(faker, faker.helpers.arrayElement(fx.summaries), names, fx)
        : null,
      location:
        fixture.hasLocation && faker.datatype.boolean(0.7)
          ? fill(faker, faker.helpers.arrayElement(fx.locations), names, fx)
          : null,
      startDate: toIsoDateTime(start),
      lastEditedDate: toIsoDate(faker.date.between({ from: start, to: referenceDate })),
      links,
      regarding: faker.helpers.weightedArrayElement(regarding),
      originatorId: originator,
      createdAt: toIsoDateTime(created),
    };
    ctx.tx.put(ACTIVITIES, activity);
  }
}
