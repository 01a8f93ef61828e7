import type { Faker } from '@faker-js/faker';
import type { Transaction } from '../../store/index.js';
import type { SeedContext } from '../area.js';
import { toIsoDate } from '../shared/time.js';
import {
  CONTACT_TYPES,
  CONTACTS,
  COUNTRIES_BY_NAME,
  INDUSTRIES,
  LANGUAGES,
  META_API_USER_ID,
  META_CONTACT_TYPE_FOLDERS,
  META_FIRM_COMPANY_ID,
  NOTES,
  PROFILES,
  personDisplayName,
  type AddressRecord,
  type ContactRecord,
  type ContactTypeRecord,
  type CountryRef,
  type NoteRecord,
  type ProfileRecord,
} from './model.js';
import { folderOfSubject, seededChangeDate } from './note-folders.js';
import { firmGenders } from './rules.js';
import { SeedRandom } from '../shared/seed-random.js';
import { putAddress, putEmail, putPhone } from './write.js';
import {
  CITIES,
  CLIENT_JOB_TITLES,
  CONTACT_TYPE_SEEDS,
  FIRM_JOB_TITLES,
  INTERESTS,
  MONTHS,
  NOTE_NEXT_STEPS,
  NOTE_SUBJECTS,
  NOTE_TOPICS,
  PERSONAL_DOMAINS,
  PROFILE_TEMPLATES,
  STRENGTH_DESCRIPTIONS,
  TAGS,
  type CitySeed,
} from './seed-data.js';

const DAY_MS = 86_400_000;
/** Names people commonly go by; only first names in this table get a `goesBy`. */
const NICKNAMES: Readonly<Record<string, string>> = {
  William: 'Bill',
  Robert: 'Bob',
  Richard: 'Rick',
  Elizabeth: 'Liz',
  Katherine: 'Kate',
  Margaret: 'Maggie',
  Alexander: 'Alex',
  Christopher: 'Chris',
  Jennifer: 'Jen',
  Jonathan: 'Jon',
  Nicholas: 'Nick',
  Samantha: 'Sam',
  Benjamin: 'Ben',
  Daniel: 'Dan',
  Michael: 'Mike',
  Patricia: 'Pat',
  Victoria: 'Vicky',
  Theodore: 'Ted',
};
const TITLES = ['Dr.', 'Mr.', 'Ms.', 'Mrs.', 'Prof.'];
const SUFFIXES = ['Jr.', 'Sr.', 'III', 'PhD'];
const INITIALS = Array.from({ length: 26 }, (_, i) => `${String.fromCharCode(65 + i)}.`);
/** Oldest contact, in days before the reference date. */
const MAX_AGE_DAYS = 3650;

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** A city with the country name the store uses. */
interface Place extends CitySeed {
  countryName: string;
}

/** Where a company sits: its head office, which its employees' business addresses share. */
interface Office {
  place: Place;
  street: string;
  postalCode: string;
}

interface SeedCompany {
  id: string;
  domain: string;
  office: Office;
}

/** Lower-case ASCII letters only, for e-mail local parts and domains. */
function slug(text: string): string {
  return text
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** Pools drawn once from faker so the hot loop only indexes arrays. */
function namePools(faker: Faker): { first: string[]; last: string[]; streets: string[] } {
  const person = faker.definitions.person;
  const firstNames = person.first_name as unknown as Record<string, string[]> | string[];
  const first = Array.isArray(firstNames)
    ? firstNames
    : [...(firstNames['female'] ?? []), ...(firstNames['male'] ?? []), ...(firstNames['generic'] ?? [])];
  const lastNames = person.last_name as unknown as Record<string, string[]> | string[];
  const last = Array.isArray(lastNames) ? lastNames : (lastNames['generic'] ?? []);
  const streets = Array.from({ length: 400 }, () => faker.location.street());
  return { first: [...new Set(first)], last: [...new Set(last)], streets };
}

/** The randomly drawn fields every contact record has. */
type Common = Pick<
  ContactRecord,
  'id' | 'visibility' | 'tags' | 'score' | 'isPendingFirmContact' | 'createdAt' | 'updatedAt'
>;

/** Writes the contacts of one seed; holds what the per-entity helpers share. */
class ContactSeeder {
  readonly r: SeedRandom;
  private readonly places: Place[];
  private readonly homePlaces: Place[];
  private readonly pools: ReturnType<typeof namePools>;
  private readonly creators: string[] = [];
  // toISOString costs ~1 µs; 100k contacts need several dates each, so days and times are formatted once.
  private readonly dates: string[];
  private readonly times: string[] = [];

  private readonly tx: Transaction;

  constructor(readonly ctx: SeedContext) {
    this.tx = ctx.tx;
    this.r = new SeedRandom(ctx.faker);
    this.pools = namePools(ctx.faker);
    this.places = CITIES.map((c) => ({ ...c, countryName: this.countryName(c) }));
    this.homePlaces = this.places.filter((p) => p.region === ctx.region);
    const ref = ctx.referenceDate.getTime();
    this.dates = Array.from({ length: MAX_AGE_DAYS + 1 }, (_, d) => toIsoDate(new Date(ref - d * DAY_MS)));
    for (let h = 7; h < 20; h++) {
      for (let m = 0; m < 60; m++) this.times.push(`${pad2(h)}:${pad2(m)}:00.000Z`);
    }
  }

  /** The settings area's name of a country, or the table's when it has none. */
  private countryName(city: CitySeed): string {
    const [country] = this.tx.lookup<CountryRef>(COUNTRIES_BY_NAME, city.isoCode.toLowerCase());
    return country?.name ?? city.country;
  }

  /** Mostly a city of the store's region, sometimes one abroad. */
  place(): Place {
    return this.r.chance(0.75) && this.homePlaces.length > 0
      ? this.r.pick(this.homePlaces)
      : this.r.pick(this.places);
  }

  office(): Office {
    const place = this.place();
    return {
      place,
      street: `${this.r.between(1, 2400)} ${this.r.pick(this.pools.streets)}`,
      postalCode: this.r.pattern(place.postal),
    };
  }

  /** `YYYY-MM-DD` of `days` before the reference date. */
  dateAgo(days: number): string {
    return this.dates[days] ?? toIsoDate(new Date(this.ctx.referenceDate.getTime() - days * DAY_MS));
  }

  /** An ISO date-time on the day `days` before the reference date, at a random minute of office hours. */
  dateTimeAgo(days: number): string {
    return `${this.dateAgo(days)}T${this.r.pick(this.times)}`;
  }

  firstName(): string {
    return this.r.pick(this.pools.first);
  }

  lastName(): string {
    return this.r.pick(this.pools.last);
  }

  phone(place: Place): string {
    const digits = place.phone.startsWith('+1 ') ? '###-####' : '#### ####';
    return `${place.phone} ${this.r.pattern(digits)}`;
  }

  score(): ContactRecord['score'] {
    if (!this.r.chance(0.7)) return null;
    const value = Math.round(this.r.next() * 1000) / 10;
    const strength = Math.min(5, Math.floor(value / 20) + 1);
    return { strength, value, maxValue: 100, description: STRENGTH_DESCRIPTIONS[strength - 1] ?? '' };
  }

  /** Random values of the fields every contact has; the firm's own contacts are public and unscored. */
  common(internal: boolean): Common {
    const createdDays = this.r.between(30, MAX_AGE_DAYS);
    const updatedDays = this.r.int(createdDays);
    return {
      id: this.r.uuid(),
      visibility: internal || this.r.chance(0.92) ? 'public' : 'unknown',
      tags: this.r.chance(0.4) ? this.r.some(TAGS, this.r.between(1, 2)) : [],
      score: internal ? null : this.score(),
      isPendingFirmContact: !internal && this.r.chance(0.02),
      createdAt: this.dateTimeAgo(createdDays),
      updatedAt: this.dateTimeAgo(updatedDays),
    };
  }

  /** A company record (all fields in one literal: one shape for 100k records). */
  company(
    c: Common,
    name: string,
    own: Pick<ContactRecord, 'contactTypeIds' | 'industryIds' | 'alias' | 'website'>,
  ): ContactRecord {
    return {
      id: c.id,
      kind: 'Company',
      displayName: name,
      visibility: c.visibility,
      tags: c.tags,
      contactTypeIds: own.contactTypeIds,
      industryIds: own.industryIds,
      score: c.score,
      isPendingFirmContact: c.isPendingFirmContact,
      createdAt: c.createdAt,
      updatedAt: c.updatedAt,
      name,
      alias: own.alias,
      website: own.website,
    };
  }

  address(
    contactId: string,
    type: string,
    at: { place: Place; street: string; postalCode: string },
    isMailingAddress: boolean,
    label: string | null = null,
  ): AddressRecord {
    const { place } = at;
    const address = {
      label,
      street: at.street,
      city: place.city,
      administrativeDivision: place.state,
      additional: null,
      country: place.countryName,
      postalCode: at.postalCode,
    };
    return putAddress(this.tx, contactId, type, address, isMailingAddress, this.r.uuid());
  }

  /** 1–3 addresses: the business one at `office`, then home or other ones. */
  addresses(contactId: string, office: Office, homeType: string): AddressRecord {
    const first = this.address(contactId, 'Business', office, true, 'Main office');
    const extra = this.r.chance(0.8) ? 0 : this.r.chance(0.75) ? 1 : 2;
    for (let i = 0; i < extra; i++)
      this.address(contactId, i === 0 ? homeType : 'Other', this.office(), false);
    return first;
  }

  email(contactId: string, address: string, type: string): void {
    putEmail(this.tx, contactId, address, type, this.r.uuid());
  }

  phoneRecord(contactId: string, number: string, type: string, addressId: string | null): void {
    putPhone(this.tx, contactId, number, type, addressId, this.r.uuid());
  }

  notes(contactId: string, firstName: string, count: number): void {
    for (let i = 0; i < count; i++) {
      const text = `Discussed ${this.r.pick(NOTE_TOPICS)} with ${firstName}. ${this.r.pick(NOTE_NEXT_STEPS)}`;
      // Same draws in the same order as before folders existed: folder and time derive from them.
      const id = this.r.uuid();
      const subject = this.r.pick(NOTE_SUBJECTS);
      const creatorName = this.creators.length > 0 ? this.r.pick(this.creators) : 'System';
      const lastEditedDate = this.dateAgo(this.r.between(1, 730));
      this.tx.put<NoteRecord>(NOTES, {
        id,
        contactId,
        subject,
        text,
        creatorName,
        lastEditedDate,
        folderId: folderOfSubject(subject).id,
        changedAt: seededChangeDate(id, lastEditedDate),
      });
    }
  }

  addCreator(name: string): void {
    if (this.creators.length < 25) this.creators.push(name);
  }

  creator(): string {
    return this.creators.length > 0 ? this.r.pick(this.creators) : 'System';
  }
}

function seedContactTypes(tx: Transaction, r: SeedRandom): ContactTypeRecord[] {
  const folders = new Map<string, string>();
  const types: ContactTypeRecord[] = [];
  for (const seed of CONTACT_TYPE_SEEDS) {
    let folderId = folders.get(seed.folder);
    if (!folderId) {
      folderId = r.uuid();
      folders.set(seed.folder, folderId);
    }
    types.push(
      tx.put<ContactTypeRecord>(CONTACT_TYPES, {
        id: r.uuid(),
        name: seed.name,
        pluralName: seed.pluralName,
        folderId,
        folderType: seed.folder,
        allowedContactEntity: seed.allowed,
      }),
    );
  }
  tx.setMeta(
    META_CONTACT_TYPE_FOLDERS,
    [...folders].map(([name, id]) => ({ id, name })),
  );
  return types;
}

function seedProfile(
  s: ContactSeeder,
  contactId: string,
  template: (typeof PROFILE_TEMPLATES)[number],
  ids: { profileId: string; itemIds: string[]; contactTypeIds: string[] },
): void {
  const values: Record<string, () => string> = {
    'Client since': () => String(2026 - s.r.between(1, 25)),
    'Relationship partner': () => s.creator(),
    'Annual revenue': () => `$${s.r.between(2, 950)}.${s.r.int(10)}M`,
    'Fiscal year end': () => s.r.pick(MONTHS),
    'Preferred contact method': () => s.r.pick(['Email', 'Phone', 'In person']),
    Interests: () => s.r.some(INTERESTS, 2).join(', '),
  };
  s.ctx.tx.put<ProfileRecord>(PROFILES, {
    id: s.r.uuid(),
    profileId: ids.profileId,
    contactId,
    name: template.name,
    displayOrder: PROFILE_TEMPLATES.indexOf(template) + 1,
    listingType: template.listingType,
    userCriterionIds: [],
    groupCriterionIds: [],
    contactTypeIds: ids.contactTypeIds,
    profileItems: template.items.map((name, i) => ({
      id: ids.itemIds[i] ?? '',
      name,
      value: values[name]?.() ?? '',
      displayOrder: i + 1,
    })),
  });
}

/** The firm's web domain derived from its name: "Harbour & Finch LLP" → harbourfinch.com. */
function firmDomain(name: string): string {
  const words = name
    .split(/\s+/)
    .filter((w) => !/^(llp|llc|lp|ltd|inc|plc|pty|gmbh|&|and)$/i.test(w))
    .map(slug);
  return `${words.join('') || 'firm'}.com`;
}

/**
 * Seeds the firm's own company and API user, companies and people (most employed by a company, about a
 * tenth by the firm), their addresses, e-mails, phones, notes, contact types, profiles and scores.
 * Linear in the profile's counts; the hot loop draws only numbers from faker.
 */
export function seedContacts(ctx: SeedContext): void {
  const { tx, profile, tenant } = ctx;
  const s = new ContactSeeder(ctx);
  const r = s.r;
  const types = seedContactTypes(tx, r);
  const typesFor = (kind: 'Person' | 'Company'): ContactTypeRecord[] =>
    types.filter((t) => t.allowedContactEntity === 'Any' || t.allowedContactEntity === kind);
  const personTypes = typesFor('Person').map((t) => t.id);
  const companyTypes = typesFor('Company').map((t) => t.id);
  const clientTypeId = types.find((t) => t.name === 'Client')?.id ?? '';
  const industryIds = [...tx.all(INDUSTRIES)].map((i) => i.id);
  const languageIds = [...tx.all(LANGUAGES)].map((l) => l.id);
  const genders = firmGenders(tx.meta);
  const templates = PROFILE_TEMPLATES.map(() => ({
    profileId: r.uuid(),
    itemIds: Array.from({ length: 4 }, () => r.uuid()),
  }));

  // The firm itself.
  const firmOffice = s.office();
  const firm: SeedCompany = { id: '', domain: firmDomain(tenant.name), office: firmOffice };
  const firmRecord = s.company(s.common(true), tenant.name, {
    contactTypeIds: [],
    industryIds: [],
    alias: null,
    website: `https://www.${firm.domain}`,
  });
  firm.id = firmRecord.id;
  tx.put(CONTACTS, firmRecord);
  tx.setMeta(META_FIRM_COMPANY_ID, firm.id);
  const firmAddress = s.address(firm.id, 'Business', firmOffice, true, 'Head office');
  s.email(firm.id, `info@${firm.domain}`, 'Business');
  s.phoneRecord(firm.id, s.phone(firmOffice.place), 'Business', firmAddress.id);

  // Companies.
  const companies: SeedCompany[] = [];
  const domains = new Set<string>([firm.domain]);
  for (let i = 0; i < profile.companies; i++) {
    const name = ctx.faker.company.name();
    let domain = `${slug(name.split(/[\s,]/)[0] ?? '') || 'company'}.com`;
    for (let n = 2; domains.has(domain); n++) domain = domain.replace(/\d*\.com$/, `${n}.com`);
    domains.add(domain);
    const office = s.office();
    const record = s.company(s.common(false), name, {
      contactTypeIds: r.chance(0.8) ? r.some(companyTypes, r.between(1, 2)) : [],
      industryIds: industryIds.length > 0 ? r.some(industryIds, r.between(1, 2)) : [],
      alias: r.chance(0.2) ? (name.split(/[\s,]/)[0] ?? null) : null,
      website: `https://www.${domain}`,
    });
    tx.put(CONTACTS, record);
    companies.push({ id: record.id, domain, office });
    const business = s.addresses(record.id, office, 'Other');
    s.email(record.id, `info@${domain}`, 'Business');
    s.phoneRecord(record.id, s.phone(office.place), 'Business', business.id);
    if (r.chance(0.3)) s.phoneRecord(record.id, s.phone(office.place), 'Fax', business.id);
    s.notes(record.id, 'the team', profile.notesPerContact);
    if (record.contactTypeIds.includes(clientTypeId) && r.chance(0.5)) {
      const t = templates[0];
      if (t) seedProfile(s, record.id, PROFILE_TEMPLATES[0], { ...t, contactTypeIds: [clientTypeId] });
    }
  }

  // The API user, then the people: a tenth at the firm, most at a company, some without employer.
  const firmPeople = Math.round(profile.people * 0.1);
  for (let i = -1; i < profile.people; i++) {
    const isApiUser = i === -1;
    const atFirm = isApiUser || i < firmPeople;
    const employer: SeedCompany | null = atFirm
      ? firm
      : companies.length > 0 && r.chance(0.88)
        ? // Squaring skews employees towards the first companies, so some have many (paging).
          (companies[Math.floor(r.next() ** 2 * companies.length)] ?? null)
        : null;
    const firstName = s.firstName();
    const lastName = s.lastName();
    const goesBy = !isApiUser && r.chance(0.5) ? (NICKNAMES[firstName] ?? null) : null;
    const c = s.common(atFirm);
    const record: ContactRecord = {
      id: c.id,
      kind: 'Person',
      displayName: personDisplayName({ firstName, lastName, goesBy }),
      visibility: c.visibility,
      tags: c.tags,
      contactTypeIds: !atFirm && r.chance(0.6) ? r.some(personTypes, r.between(1, 2)) : [],
      industryIds: [],
      score: c.score,
      isPendingFirmContact: c.isPendingFirmContact,
      createdAt: c.createdAt,
      updatedAt: c.updatedAt,
      title: r.chance(0.15) ? r.pick(TITLES) : null,
      firstName,
      middleName: r.chance(0.2) ? r.pick(INITIALS) : null,
      lastName,
      suffix: r.chance(0.03) ? r.pick(SUFFIXES) : null,
      goesBy,
      assistantName: r.chance(0.1) ? `${s.firstName()} ${s.lastName()}` : null,
      jobTitle: isApiUser
        ? 'CRM Administrator'
        : employer
          ? r.pick(atFirm ? FIRM_JOB_TITLES : CLIENT_JOB_TITLES)
          : null,
      companyId: employer?.id ?? null,
      isEmployee: atFirm,
      languageId: languageIds.length > 0 && r.chance(0.3) ? r.pick(languageIds) : null,
      gender: r.chance(0.5) ? r.pick(genders) : null,
    };
    if (atFirm) s.addCreator(record.displayName);
    tx.put(CONTACTS, record);
    if (isApiUser) tx.setMeta(META_API_USER_ID, record.id);
    const local = `${slug(firstName)}.${slug(lastName)}`;
    const office = employer?.office ?? s.office();
    const business = s.addresses(record.id, office, 'Home');
    if (employer) s.email(record.id, `${local}@${employer.domain}`, 'Business');
    if (!employer || r.chance(0.15)) {
      s.email(record.id, `${local}${r.between(1, 99)}@${r.pick(PERSONAL_DOMAINS)}`, 'Personal');
    }
    s.phoneRecord(record.id, s.phone(office.place), 'Business', business.id);
    if (r.chance(0.3)) s.phoneRecord(record.id, s.phone(office.place), 'Mobile', null);
    s.notes(record.id, firstName, profile.notesPerContact);
    if (!atFirm && record.contactTypeIds.includes(clientTypeId) && r.chance(0.1)) {
      const t = templates[1];
      if (t) seedProfile(s, record.id, PROFILE_TEMPLATES[1], { ...t, contactTypeIds: [clientTypeId] });
    }
  }
}
