import type { Faker } from '@faker-js/faker';
import type { IResolvers } from '@graphql-tools/utils';
import type { Version } from '../contract/versions.js';
import type { Entity, EntityOrder, IndexKeyFn, SortKeyFn, Store, Transaction } from '../store/index.js';
import type { EventFeedFaults } from './event-feed.js';
import type { FixtureProfile } from './profile.js';
import type { EventRetention } from './shared/event-retention.js';
import type { BreakableRule } from './shared/rule-switch.js';
import type { Region, TenantSettings } from './tenancy.js';

/** What every resolver gets: the caller's tenant, region and revision, and that (tenant, region)'s store. */
// A type alias (not an interface) so it satisfies graphql-http's Record-shaped context constraint.
export type RequestContext = {
  store: Store;
  tenant: TenantSettings;
  region: Region;
  version: Version;
  /** The tenant's clock (the admin API may freeze or shift it); tests may fix it. */
  now(): Date;
  /**
   * Where the change events this request's writes record are also collected (the request journal
   * shows them); absent, they are not collected. A rolled-back write may leave some here: the
   * simulator keeps only those the store committed.
   */
  recordedEvents?: Entity[];
  /** Event-feed faults set for the tenant on an event view (by query name); absent means none. */
  eventFeed?(query: string): EventFeedFaults | undefined;
  /** Test-only: which spec rules the simulator was told to break (see shared/rule-switch.ts). */
  ruleBroken?: (rule: BreakableRule) => boolean;
  /** How long the store keeps change events; absent, events are kept for ever. */
  eventRetention?: EventRetention;
};

/** A secondary index an area's look-ups rely on (see `Store.defineIndex`). */
export interface IndexDefinition {
  name: string;
  collection: string;
  key: IndexKeyFn;
  /** Keeps each key's entities in order of this value, for range look-ups (`StoreReader.sorted`). */
  sortBy?: SortKeyFn;
  /** With `sortBy`: keeps them in this order instead (one that no text value gives, such as a collator's). */
  compare?: EntityOrder;
}

/** What an area's seeder gets: a transaction on the fresh store and a faker seeded for that area. */
export interface SeedContext {
  tx: Transaction;
  faker: Faker;
  profile: FixtureProfile;
  tenant: TenantSettings;
  region: Region;
  /** Anchor of every generated date, so a seed gives the same store on any day. */
  referenceDate: Date;
}

/** Resolvers of an area: type name → field name → resolver, as @graphql-tools expects. */
export type AreaResolvers = IResolvers<unknown, RequestContext>;

/**
 * One data area of spec §1.2 (contacts, lists, …): its store indexes, its resolvers (which may add
 * fields to other areas' types, e.g. `Person.lists`) and the seeder of its fixtures. Fields a revision
 * does not have are ignored when that revision's schema is built.
 */
export interface DomainArea {
  name: string;
  indexes?: IndexDefinition[];
  resolvers: AreaResolvers;
  /** Seeds this area's entities; areas seed in registry order, so later ones can use earlier ones' data. */
  seed?(ctx: SeedContext): void;
  /**
   * Collections the seeder reads (all of them, by id or through an index), its own or earlier areas':
   * seeding holds these in memory and streams every other collection to the store file as it is
   * written. Only a hint for speed: an undeclared read still works, the collection is parsed back
   * from the file (test/simulator/seed-reads.test.ts fails on one).
   */
  seedReads?: readonly string[];
}

/** An area without its resolvers: all that seeding needs, so a seeding worker does not import the API layer. */
export type SeedingArea = Omit<DomainArea, 'resolvers'>;
