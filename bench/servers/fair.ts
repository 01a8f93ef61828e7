import express from 'express';
import { addResolversToSchema } from '@graphql-tools/schema';
import { parse, validate, type GraphQLSchema } from 'graphql';
import { createHandler } from 'graphql-http/lib/use/express';
import { buildRevisionSchema } from '../../src/contract/generate.js';
import { DocumentCache } from '../../src/simulator/pipeline/document-cache.js';
import type { StoreSnapshot } from '../../src/store/index.js';
import { BENCH_PATH } from '../queries.js';

/** A contact as the baseline keeps it: the seeded record, read through a loose shape. */
type Row = { id: string } & Record<string, unknown>;

const collator = new Intl.Collator('en', { sensitivity: 'base' });

function groupBy(rows: readonly Row[], key: (row: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const byName = (a: Row, b: Row) => collator.compare(text(a['displayName']), text(b['displayName']));

/**
 * The 1.4.0 schema with hand-written resolvers for the three bench operations over the same seeded
 * records: a Map by id, addresses and e-mails grouped by contact, and for the search an index of people by
 * folded last name (each bucket sorted by display name), whose distinct names are scanned for the
 * "contains" filter. No auth, limits, store, WAL or validation rules of its own.
 */
export function fairSchema(snapshot: StoreSnapshot): GraphQLSchema {
  const contacts: Row[] = [...(snapshot.collections['contacts'] ?? [])];
  const byId = new Map(contacts.map((c) => [c.id, c]));
  const addresses = groupBy(snapshot.collections['addresses'] ?? [], (r) => String(r['contactId']));
  const emails = groupBy(snapshot.collections['emailAddresses'] ?? [], (r) => String(r['contactId']));
  const people = contacts.filter((c) => c['kind'] === 'Person');
  const byLastName = groupBy(people, (c) => text(c['lastName']).toLowerCase());
  for (const bucket of byLastName.values()) bucket.sort(byName);
  const owned = (rows: Row[] | undefined) =>
    (rows ?? []).map((r) => ({ ...r, owningContactId: r['contactId'] }));
  return addResolversToSchema({
    schema: buildRevisionSchema('1.4.0'),
    resolverValidationOptions: { requireResolversToMatchSchema: 'ignore' },
    resolvers: {
      Contact: { __resolveType: (c: Row) => c['kind'] },
      Person: {
        addresses: (c: Row) => owned(addresses.get(c.id)),
        emailAddresses: (c: Row) => owned(emails.get(c.id)),
        currentJobTitle: (c: Row) => c['jobTitle'] ?? null,
        currentEmployer: (c: Row) => (typeof c['companyId'] === 'string' ? byId.get(c['companyId']) : null),
      },
      Query: {
        person: (_: unknown, args: { id: string }) => byId.get(args.id) ?? null,
        searchFirmContacts: (
          _: unknown,
          args: { skip: number; limit: number; filter?: Array<{ value?: string }> },
        ) => {
          const value = (args.filter?.[0]?.value ?? '').toLowerCase();
          const matches: Row[] = [];
          for (const [name, bucket] of byLastName) if (name.includes(value)) matches.push(...bucket);
          if (matches.length > 0 && matches.length !== byLastName.get(value)?.length) matches.sort(byName);
          return { totalModels: matches.length, models: matches.slice(args.skip, args.skip + args.limit) };
        },
      },
      Mutation: {
        updatePublicPerson: (_: unknown, args: { input: { id: string; goesBy?: string } }) => {
          const person = byId.get(args.input.id);
          if (!person) return { status: 'NoChange', validationErrors: [], item: null };
          const next = { ...person, goesBy: args.input.goesBy ?? person['goesBy'] };
          byId.set(next.id, next);
          return { status: 'Updated', validationErrors: [], item: next };
        },
      },
    },
  });
}

/**
 * Baseline (C), the fair ceiling of the simulator's stack: express + graphql-http on `fairSchema`, with
 * the simulator's own cache of parsed and validated documents (`src/simulator/pipeline/document-cache.ts`), so it
 * does what the simulator does per request minus auth, limits, the store and the domain rules.
 */
export function fairApp(snapshot: StoreSnapshot): express.Express {
  const schema = fairSchema(snapshot);
  const documents = new DocumentCache();
  const app = express();
  app.use(
    BENCH_PATH,
    createHandler({
      schema,
      parse: documents.parser(parse),
      validate: documents.validator(schema, validate),
    }),
  );
  return app;
}
