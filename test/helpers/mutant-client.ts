// Talks GraphQL over HTTP to a mutant (or correct) server of scripts/mutation, as a client of the vendor would.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CORRECT, type Mutant } from '../../scripts/mutation/mutants.js';
import { startMutantServer, type MutantServer } from '../../scripts/mutation/proxy.js';
import { DEV_TOKENS } from '../../src/contract/endpoint.js';

export interface Options {
  /** null sends no Authorization header. */
  token?: string | null;
  region?: string;
  version?: string;
  accept?: string;
  operationName?: string;
}

export interface Reply {
  status: number;
  type: string;
  // The probes read the parts of a GraphQL answer they need: the shape is each probe's own query.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: { data?: Record<string, any>; errors?: { extensions?: { code?: string } }[] } | undefined;
  /** The body as it came, for probes of the encoding. */
  text: string;
}

/** POSTs a GraphQL document to a mutant server (default us, 1.4.0, the full tenant's token). */
export async function gql(
  server: MutantServer,
  query: string,
  variables: Record<string, unknown> = {},
  options: Options = {},
): Promise<Reply> {
  const url = server.template
    .replace('{region}', options.region ?? 'us')
    .replace('{version}', options.version ?? '1.4.0');
  const token = options.token === undefined ? DEV_TOKENS.full : options.token;
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: options.accept ?? 'application/json',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify({
      query,
      variables,
      ...(options.operationName === undefined ? {} : { operationName: options.operationName }),
    }),
  });
  const text = await res.text();
  let body: Reply['body'];
  try {
    body = JSON.parse(text) as Reply['body'];
  } catch {
    body = undefined;
  }
  return { status: res.status, type: res.headers.get('content-type') ?? '', body, text };
}

/** The models of root field `field` that `query` answers (full tenant, us 1.4.0 unless told). */
export async function models(
  s: MutantServer,
  field: string,
  query: string,
  options: Options = {},
): Promise<Record<string, unknown>[]> {
  const page = (await gql(s, query, {}, options)).body?.data?.[field] as
    { models?: Record<string, unknown>[] } | null | undefined;
  return page?.models ?? [];
}

/** How many contacts a free-text search finds on a region's endpoint for the full tenant. */
export async function found(s: MutantServer, term: string, region = 'us'): Promise<unknown> {
  return (
    await gql(
      s,
      'query($t: String) { searchFirmContacts(filter: [{ field: term, value: $t }]) { totalModels } }',
      { t: term },
      { region },
    )
  ).body?.data?.searchFirmContacts?.totalModels;
}

/** A POST of `body`, sent as it is, to the us 1.4.0 endpoint with the full tenant's token: status and text. */
export async function postRaw(s: MutantServer, body: string): Promise<[number, string]> {
  const res = await fetch(s.template.replace('{region}', 'us').replace('{version}', '1.4.0'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${DEV_TOKENS.full}` },
    body,
  });
  return [res.status, await res.text()];
}

/** The id of the first list the full tenant may link any contact into. */
export async function linkableList(s: MutantServer): Promise<unknown> {
  const lists = (await gql(s, '{ lists(limit: 100) { models { id allowedLinkInto allowedContactEntity } } }'))
    .body?.data?.lists.models as { id: unknown; allowedLinkInto: unknown; allowedContactEntity: unknown }[];
  return lists.find((l) => l.allowedLinkInto === true && l.allowedContactEntity === 'Any')?.id;
}

/**
 * A new person (first name `firstName`) of the full tenant put in a linkable list and taken out again:
 * the person's and the list's ids.
 */
export async function memberRemoved(s: MutantServer, firstName: string): Promise<{ c: unknown; l: unknown }> {
  const added = await gql(
    s,
    `mutation { addPerson(input: { firstName: "${firstName}", lastName: "Member" }) { item { id } } }`,
  );
  const c: unknown = added.body?.data?.addPerson?.item?.id;
  const l = await linkableList(s);
  await gql(
    s,
    'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
    { l: [l], c: [c] },
  );
  await gql(
    s,
    'mutation($l: ID!, $c: [ID!]!) { removeContactsFromList(listId: $l, contactIds: $c) { contactsEffected } }',
    { l, c: [c] },
  );
  return { c, l };
}

/** A request (or several) whose answer shows a mutant's regression. */
/** The data of `query` on a mutant server (full tenant, us 1.4.0 unless `options` say otherwise). */
export async function answerData(
  s: MutantServer,
  query: string,
  variables: Record<string, unknown> = {},
  options: Options = {},
): Promise<unknown> {
  return (await gql(s, query, variables, options)).body?.data;
}

/** A new person of the full tenant (first name `firstName`, last name "Probe"): its id. */
export async function newProbePerson(s: MutantServer, firstName: string): Promise<unknown> {
  const added = await gql(
    s,
    'mutation($f: String) { addPerson(input: { firstName: $f, lastName: "Probe" }) { item { id } } }',
    { f: firstName },
  );
  return added.body?.data?.addPerson?.item?.id;
}

export type Probe = (s: MutantServer) => Promise<unknown>;

/**
 * The tests every held-out set passes: its size, ids of its own (with `prefix`, none repeating an id of
 * `earlier` without its prefix), a description and a probe each, a `names` pattern that does not match
 * any difference, and each mutant answering its probe differently from the correct server.
 */
export function describeHeldOutSet(
  title: string,
  set: readonly Mutant[],
  prefix: string,
  earlier: readonly string[],
  probes: Record<string, Probe>,
): void {
  describe(title, () => {
    let correct: MutantServer;
    beforeAll(async () => {
      correct = await startMutantServer(CORRECT);
    });
    afterAll(() => correct.stop());

    it('has 29 mutants with unique ids of their own, each with a description and a probe', () => {
      expect(set).toHaveLength(29);
      const ids = set.map((m) => m.id);
      expect(new Set(ids).size).toBe(29);
      for (const m of set) {
        expect(m.id.startsWith(prefix)).toBe(true);
        expect(m.description.length).toBeGreaterThan(10);
      }
      const bare = (id: string) => id.replace(/^holdout\d*\./, '');
      const before = new Set(earlier.map(bare));
      expect(ids.filter((id) => before.has(bare(id)))).toEqual([]);
      expect(Object.keys(probes).sort()).toEqual([...ids].sort());
    });

    it('names regressions with a pattern that does not match every difference', () => {
      for (const m of set) expect(m.names.test('certification.smoke step-1 unrelated')).toBe(false);
    });

    it.each(set.map((m) => [m.id, m] as const))(
      '%s answers differently from the correct server',
      async (_id, m) => {
        const probe = probes[m.id]!;
        const expected = await probe(correct);
        const server = await startMutantServer(m.handle, m.setup);
        try {
          expect(await probe(server)).not.toEqual(expected);
        } finally {
          await server.stop();
        }
      },
    );
  });
}
