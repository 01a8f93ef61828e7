import express from 'express';
import { addResolversToSchema } from '@graphql-tools/schema';
import { createHandler } from 'graphql-http/lib/use/express';
import { buildRevisionSchema } from '../../src/contract/generate.js';
import type { StoreSnapshot } from '../../src/store/index.js';
import { BENCH_PATH } from '../queries.js';

/** A contact as the baseline keeps it: the seeded record, read through a loose shape. */
type Row = { id: string } & Record<string, unknown>;

const collator = new Intl.Collator('en', { sensitivity: 'base' });

function groupBy(rows: readonly Row[], key: string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const k = String(row[key]);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Baseline (a), the stack's ceiling: express + graphql-http on the same 1.4.0 schema, answering the three
 * bench operations with hand-written resolvers over plain arrays of the same seeded records (a Map per
 * array for look-ups by id; the search scans). No auth, limits, store or validation rules of its own.
 */
export function bareApp(snapshot: StoreSnapshot): express.Express {
  const contacts: Row[] = [...(snapshot.collections['contacts'] ?? [])];
  const byId = new Map(contacts.map((c) => [c.id, c]));
  const addresses = groupBy(snapshot.collections['addresses'] ?? [], 'contactId');
  const emails = groupBy(snapshot.collections['emailAddresses'] ?? [], 'contactId');
  const owned = (rows: Row[] | undefined) =>
    (rows ?? []).map((r) => ({ ...r, owningContactId: r['contactId'] }));
  const schema = addResolversToSchema({
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
          const matches = contacts
            .filter((c) => c['kind'] === 'Person' && text(c['lastName']).toLowerCase().includes(value))
            .sort((a, b) => collator.compare(text(a['displayName']), text(b['displayName'])));
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
  const app = express();
  app.use(BENCH_PATH, createHandler({ schema }));
  return app;
}
