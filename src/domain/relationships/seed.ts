import type { Faker } from '@faker-js/faker';
import type { RelationshipListingType } from '../../contract/types.generated.js';
import type { SeedContext } from '../area.js';
import { CONTACTS, type ContactRecord } from '../contacts/model.js';
import { apiUserIdOf, firmCompanyIdOf } from './graph.js';
import {
  RELATIONSHIP_TYPES,
  RELATIONSHIPS,
  STRENGTH_DESCRIPTIONS,
  type CorrelationRangeItemRecord,
  type RelationshipRecord,
  type RelationshipTypeRecord,
} from './model.js';
import { seedFirmTypes } from './seed-firm-types.js';
import { TYPE_FIXTURES } from './seed-data.js';
import { fakerUuid } from '../shared/seed-random.js';

const DAY_MS = 86_400_000;

/** Seeds the relationship types: one correlation range set per scale length, shared by its types. */
function seedTypes(ctx: SeedContext): Map<string, RelationshipTypeRecord> {
  const { tx, faker } = ctx;
  const ref = ctx.referenceDate.getTime();
  const rangeSets = new Map<number, CorrelationRangeItemRecord[]>();
  for (const scale of [3, 4, 5]) {
    const rangeSetId = fakerUuid(faker);
    const names = STRENGTH_DESCRIPTIONS[scale] ?? [];
    rangeSets.set(
      scale,
      names.map((strengthDescription, i) => ({
        rangeItemId: fakerUuid(faker),
        rangeSetId,
        displayOrder: i + 1,
        strengthDescription,
      })),
    );
  }
  const standardPermission = fakerUuid(faker);
  const restrictedPermission = fakerUuid(faker);
  const ids = new Map<string, string>(TYPE_FIXTURES.map((t) => [t.key, fakerUuid(faker)]));
  const created = new Date(ref - 3 * 365 * DAY_MS).toISOString();
  const types = new Map<string, RelationshipTypeRecord>();
  for (const t of TYPE_FIXTURES) {
    const record: RelationshipTypeRecord = {
      id: ids.get(t.key) as string,
      name: t.name,
      converse: t.converse,
      category: t.category,
      permissionId: t.restricted ? restrictedPermission : standardPermission,
      relationshipListingTypes: [...t.listing],
      formerName: t.formerName,
      sentenceName: t.sentenceName,
      formerSentenceName: t.formerSentenceName,
      converseId: t.converseKey ? (ids.get(t.converseKey) ?? null) : null,
      formerInd: t.formerName !== null,
      cleanInd: t.active,
      strengthScale: t.scale,
      correlationRangeItems: rangeSets.get(t.scale) ?? [],
      description: t.description,
      status: t.active ? 'Active' : 'Inactive',
      disableEdit: t.system,
      createdAt: created,
      // The inactive type was retired later.
      updatedAt: t.active ? created : new Date(ref - 200 * DAY_MS).toISOString(),
    };
    tx.put(RELATIONSHIP_TYPES, record);
    types.set(t.key, record);
  }
  return types;
}

/** Weighted choice of a type for a listing type. */
class TypePicker {
  private readonly byListing = new Map<RelationshipListingType, Array<[RelationshipTypeRecord, number]>>();

  constructor(
    private readonly faker: Faker,
    types: Map<string, RelationshipTypeRecord>,
  ) {
    for (const fixture of TYPE_FIXTURES) {
      const type = types.get(fixture.key);
      if (!type || fixture.weight <= 0) continue;
      for (const listing of fixture.listing) {
        const list = this.byListing.get(listing) ?? [];
        list.push([type, fixture.weight]);
        this.byListing.set(listing, list);
      }
    }
  }

  pick(listing: RelationshipListingType): RelationshipTypeRecord | undefined {
    const options = this.byListing.get(listing) ?? [];
    const total = options.reduce((sum, [, w]) => sum + w, 0);
    let n = this.faker.number.float({ min: 0, max: total });
    for (const [type, weight] of options) {
      n -= weight;
      if (n < 0) return type;
    }
    return options[options.length - 1]?.[0];
  }
}

interface Draft {
  base: ContactRecord;
  related: ContactRecord;
  owner: string;
  privateChance: number;
  anonymousChance: number;
}

/**
 * Relationship types, and `profile.relationships` relationships: a handful of the API user's own
 * (some private to the user, some former, one to a company), then mostly firm people to client
 * people, some between client people of different companies, some firm people to client companies and
 * a few between colleagues. Some are private to their owner, some former, some anonymous. Nothing
 * beyond the types is seeded without the contacts area's firm, API user and people.
 */
export function seedRelationships(ctx: SeedContext): void {
  const types = seedTypes(ctx);
  seedGraph(ctx, types);
  seedFirmTypes(ctx, [...types.values()]);
}

function seedGraph(ctx: SeedContext, types: Map<string, RelationshipTypeRecord>): void {
  const { tx, faker, profile } = ctx;
  const userId = apiUserIdOf(tx);
  const firmId = firmCompanyIdOf(tx);
  const firmPeople: ContactRecord[] = [];
  const clients: ContactRecord[] = [];
  const companies: ContactRecord[] = [];
  let user: ContactRecord | undefined;
  for (const c of tx.all<ContactRecord>(CONTACTS)) {
    if (c.id === userId) user = c;
    else if (c.kind === 'Company') {
      if (c.id !== firmId) companies.push(c);
    } else if (c.isEmployee === true) firmPeople.push(c);
    else if (c.companyId) clients.push(c);
  }
  if (!user || clients.length === 0) return;
  const colleagues = firmPeople.length > 0 ? firmPeople : [user];

  const picker = new TypePicker(faker, types);
  const seen = new Set<string>();
  const ref = ctx.referenceDate.getTime();
  const oldest = new Date(ref - 2 * 365 * DAY_MS);
  const newest = new Date(ref - DAY_MS);

  const put = (d: Draft, options: { former?: number; forcePrivate?: boolean } = {}): boolean => {
    if (d.base.id === d.related.id) return false;
    const listing: RelationshipListingType =
      d.base.kind === 'Person' && d.related.kind === 'Person' ? 'PersonToPerson' : 'PersonToCompany';
    const type = picker.pick(listing);
    if (!type) return false;
    const [a, b] = d.base.id < d.related.id ? [d.base.id, d.related.id] : [d.related.id, d.base.id];
    const key = `${a}|${b}|${type.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    const created = faker.date.between({ from: oldest, to: newest });
    const updated = faker.datatype.boolean(0.3) ? faker.date.between({ from: created, to: newest }) : created;
    const record: RelationshipRecord = {
      id: fakerUuid(faker),
      baseContactId: d.base.id,
      relatedContactId: d.related.id,
      relationshipTypeId: type.id,
      strengthLevel: faker.number.int({ min: 1, max: type.strengthScale }),
      isPrivate: options.forcePrivate === true || faker.datatype.boolean(d.privateChance),
      isFormer: type.formerInd && faker.datatype.boolean(options.former ?? 0.1),
      isAnonymous: faker.datatype.boolean(d.anonymousChance),
      ownerId: d.owner,
      createdAt: created.toISOString(),
      updatedAt: updated.toISOString(),
    };
    tx.put(RELATIONSHIPS, record);
    return true;
  };

  // The API user's own relationships: several client people, the first one private, one a company.
  const own = Math.min(clients.length, Math.max(6, Math.min(25, Math.round(profile.relationships * 0.1))));
  let made = 0;
  for (let tries = 0; made < own && tries < own * 5; tries += 1) {
    const related = faker.helpers.arrayElement(clients);
    const ok = put(
      { base: user, related, owner: user.id, privateChance: 0.25, anonymousChance: 0 },
      { former: 0.15, forcePrivate: made === 0 },
    );
    if (ok) made += 1;
  }
  const firstCompany = companies[0];
  if (firstCompany) {
    put({ base: user, related: firstCompany, owner: user.id, privateChance: 0, anonymousChance: 0 });
    made += 1;
  }

  // The rest of the graph; a few tries more than needed absorb duplicate draws.
  const remaining = Math.max(0, profile.relationships - made);
  let done = 0;
  for (let tries = 0; done < remaining && tries < remaining * 3; tries += 1) {
    const roll = faker.number.float();
    const colleague = faker.helpers.arrayElement(colleagues);
    let draft: Draft;
    if (roll < 0.7) {
      // A firm person's relationship to a client person, the bulk of the graph.
      draft = {
        base: colleague,
        related: faker.helpers.arrayElement(clients),
        owner: colleague.id,
        privateChance: 0.12,
        anonymousChance: 0.08,
      };
    } else if (roll < 0.88) {
      const base = faker.helpers.arrayElement(clients);
      const related = faker.helpers.arrayElement(clients);
      if (base.companyId === related.companyId) continue;
      draft = { base, related, owner: colleague.id, privateChance: 0.08, anonymousChance: 0.1 };
    } else if (roll < 0.95 && companies.length > 0) {
      draft = {
        base: colleague,
        related: faker.helpers.arrayElement(companies),
        owner: colleague.id,
        privateChance: 0.05,
        anonymousChance: 0,
      };
    } else {
      const related = faker.helpers.arrayElement(colleagues);
      draft = { base: colleague, related, owner: colleague.id, privateChance: 0.1, anonymousChance: 0 };
    }
    if (put(draft)) done += 1;
  }
}
