import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import express from 'express';
import { createHandler } from 'graphql-http/lib/use/express';
import { makeExecutableSchema } from '@graphql-tools/schema';
import {
  execute as graphqlExecute,
  GraphQLError,
  validate as graphqlValidate,
  type ExecutionResult,
  type GraphQLResolveInfo,
  type GraphQLSchema,
} from 'graphql';
import { loadRevisionSdl } from '../../../src/contract/generate.js';
import { VERSIONS, type Version } from '../../../src/contract/versions.js';

/** The deviations the issue lists, plus the two non-breaking ones. */
export type Deviation =
  | 'drop-field'
  | 'wrong-type'
  | 'null-non-null'
  | 'ignore-paging-default'
  | 'omit-validation-error'
  | 'http-500'
  | 'extra-field'
  | 'extra-enum-value'
  | 'data-null';

export interface TestServerOptions {
  deviation?: Deviation;
  /** Whether /__admin/health says it is a simulator. */
  simulator?: boolean;
  token?: string;
  /** A second accepted token (the limited tenant). */
  limitedToken?: string;
  /** Drop a field from the served 1.4.0 schema (for drift tests). */
  schemaEdit?: (sdl: string) => string;
}

export interface TestServer {
  url: string;
  /** The endpoint template with {version}. */
  endpoint: string;
  requests: { version: string; authorization?: string; body: unknown }[];
  close(): Promise<void>;
}

export const TEST_TOKEN = 'test-token-s3cret';

interface Contact {
  id: string;
  kind: 'Person' | 'Company';
  displayName: string;
}

function makeSchema(version: Version, options: TestServerOptions): GraphQLSchema {
  const contacts: Contact[] = Array.from({ length: 130 }, (_, i) => ({
    id: `c-${i + 1}`,
    kind: i % 3 === 0 ? 'Company' : 'Person',
    displayName: `Contact ${i + 1}`,
  }));
  const lists = new Map<string, { id: string; name: string }>();
  let nextList = 1;
  const limitGiven = (info: GraphQLResolveInfo): boolean =>
    (info.fieldNodes[0]?.arguments ?? []).some((a) => a.name.value === 'limit');
  const sdl =
    options.schemaEdit && version === '1.4.0'
      ? options.schemaEdit(loadRevisionSdl(version))
      : loadRevisionSdl(version);
  return makeExecutableSchema({
    typeDefs: sdl,
    // A schemaEdit may remove a field whose resolver stays here.
    resolverValidationOptions: { requireResolversToMatchSchema: 'ignore' },
    resolvers: {
      Contact: { __resolveType: (c: Contact) => c.kind },
      Person: {
        firstName: (c: Contact) => c.displayName.split(' ')[0],
        lastName: (c: Contact) => c.displayName.split(' ')[1],
      },
      Company: { name: (c: Contact) => c.displayName },
      Query: {
        regionalSettings: () => ({
          language: { id: '1', code: 'en', name: 'English' },
          country: { id: '2', code: 'US', name: 'United States' },
          locale: { id: '3', code: 'en-US', name: 'English (US)' },
          languages: [{ id: '1', name: 'English', localName: 'English', isoCode: 'en' }],
        }),
        searchFirmContacts: (
          _: unknown,
          args: { skip: number; limit: number },
          _ctx: unknown,
          info: GraphQLResolveInfo,
        ) => {
          const limit =
            options.deviation === 'ignore-paging-default' && !limitGiven(info) ? 1000 : args.limit;
          return {
            totalModels: contacts.length,
            resultsFrom: 'Filter',
            models: contacts.slice(args.skip, args.skip + limit),
          };
        },
        folderTypes: () => ({
          totalModels: 1,
          models: [{ id: 'ft-1', listClass: 'workingLists', name: 'Working' }],
        }),
        list: (_: unknown, args: { id: string }) => lists.get(args.id) ?? null,
        ...(version === '1.4.0' ? { currencies: () => ['EUR', 'USD'] } : {}),
      },
      Mutation: {
        addList: (_: unknown, args: { input: { name: string; folderTypeId: string } }) => {
          const errors = [];
          if (args.input.name.trim() === '')
            errors.push({ propertyName: 'name', message: 'Name is required.' });
          if (args.input.folderTypeId !== 'ft-1')
            errors.push({ propertyName: 'folderTypeId', message: 'Unknown folder type.' });
          if (errors.length > 0) {
            return {
              item: null,
              validationErrors: options.deviation === 'omit-validation-error' ? errors.slice(0, 1) : errors,
            };
          }
          const list = { id: `l-${nextList++}`, name: args.input.name };
          lists.set(list.id, list);
          return { item: list, validationErrors: [] };
        },
        addWorkingList: (_: unknown, args: { input: { name: string } }) => {
          const list = { id: `l-${nextList++}`, name: args.input.name };
          lists.set(list.id, list);
          return { success: true, errorText: null, item: list };
        },
        removeWorkingList: (_: unknown, args: { listId: string }) => lists.delete(args.listId),
      },
    },
  });
}

/** Rewrites a conforming result into the deviating one. */
function tamper(result: ExecutionResult, deviation: Deviation | undefined): ExecutionResult {
  const data = result.data as Record<string, Record<string, unknown> | null> | null | undefined;
  const settings = data?.regionalSettings;
  const search = data?.searchFirmContacts;
  if (deviation === 'drop-field' && settings) delete settings.languages;
  if (deviation === 'wrong-type' && settings?.language)
    (settings.language as Record<string, unknown>).code = 42;
  if (deviation === 'extra-field' && settings) settings.legacyCode = 'x';
  if (deviation === 'null-non-null' && search) search.totalModels = null;
  if (deviation === 'extra-enum-value' && search) search.resultsFrom = 'Cache';
  if (deviation === 'data-null' && settings) return { data: null };
  return result;
}

/** A small GraphQL server over the contract SDL with hand-written resolvers and an optional deviation. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const token = options.token ?? TEST_TOKEN;
  const requests: TestServer['requests'] = [];
  const app = express();
  app.get('/__admin/health', (_req, res) => {
    if (options.simulator) res.json({ simulator: true });
    else res.status(404).send('not found');
  });
  app.use(express.json());
  for (const version of VERSIONS) {
    const schema = makeSchema(version, options);
    const handler = createHandler({
      schema,
      validate: (s, doc, rules) =>
        graphqlValidate(s, doc, rules).map(
          (e) =>
            new GraphQLError(e.message, {
              nodes: e.nodes,
              extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
            }),
        ),
      execute: async (args) => tamper(await graphqlExecute(args), options.deviation),
    });
    // POST and GET (GraphQL over HTTP), the scheme in any case (RFC 9110): the ways a client may send.
    app.all(`/:region/${version}/public-api/graphql`, (req, res, next) => {
      const body = (req.method === 'GET' ? req.query : req.body) as { query?: string };
      // The steps' own requests: a run's twins (A-582) are served but not kept.
      if (req.headers['x-rm-harness-twin'] === undefined) {
        requests.push({ version, authorization: req.headers.authorization, body });
      }
      const accepted = [token, ...(options.limitedToken !== undefined ? [options.limitedToken] : [])];
      const presented = /^bearer +(.*)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (presented === undefined || !accepted.includes(presented)) {
        // As HTTP asks of a 401: the challenge says how to authenticate.
        res
          .status(401)
          .set('www-authenticate', 'Bearer realm="test"')
          .json({ errors: [{ message: 'Unauthenticated', extensions: { code: 'UNAUTHENTICATED' } }] });
        return;
      }
      if (options.deviation === 'http-500' && body.query?.includes('regionalSettings')) {
        res.status(500).type('text/plain').send('Internal Server Error');
        return;
      }
      void handler(req, res, next);
    });
  }
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    endpoint: `${url}/us/{version}/public-api/graphql`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A URL where nothing listens. */
export async function unreachableUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/us/{version}/public-api/graphql`;
}
