// Crash safety (issue 8, item 5): the real CLI server, under a load of concurrent mutations, is killed
// with SIGKILL at random moments and restarted on the same data directory. It must start (the store
// loads), hold every write it acknowledged, and hold no write by halves.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Kill rounds: at least MIN_ROUNDS, more while the test is younger than ROUND_BUDGET_MS (CI has 2 cores). */
const MIN_ROUNDS = 2;
const MAX_ROUNDS = 4;
const ROUND_BUDGET_MS = 12_000;
const WORKERS = 8;
/** A last name no seeded contact has, so a search finds exactly this test's people. */
const MARKER = `Crashprobe${process.pid}`;

interface Running {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children = new Set<ChildProcess>();

/** Starts `rm-harness serve` on a free port and resolves once its banner names the address. */
function startServer(dataDir: string): Promise<Running> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/cli/main.ts',
      'serve',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--profile',
      'small',
    ],
    { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => {
      children.delete(child);
      done({ code, signal });
    }),
  );
  return new Promise((resolvePromise, reject) => {
    let out = '';
    let err = '';
    let listening = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no banner within 30 s:\n${out}\n${err}`));
    }, 30_000);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match && !listening) {
        listening = true;
        clearTimeout(timer);
        resolvePromise({ child, url: match[1]!, exited });
      }
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', reject);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before listening:\n${out}\n${err}`));
    });
  });
}

interface Gql {
  status: number;
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string }>;
}

async function gql(url: string, query: string, variables?: Record<string, unknown>): Promise<Gql> {
  const res = await fetch(`${url}/us/1.4.0/public-api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer dev-token' },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, ...((await res.json()) as Omit<Gql, 'status'>) };
}

async function data(url: string, query: string, variables?: Record<string, unknown>) {
  const res = await gql(url, query, variables);
  if (res.status !== 200 || res.errors?.length || !res.data) {
    throw new Error(`request failed (HTTP ${res.status}): ${JSON.stringify(res.errors)}`);
  }
  return res.data;
}

const ADD_PERSON = `mutation($input: AddPersonInput!) {
  addPerson(input: $input) { item { id } validationErrors { message } }
}`;
const ADD_TO_LIST = `mutation($list: ID!, $contact: ID!) {
  addContactsToLists(listIds: [$list], contactIds: [$contact]) { successCount skippedCount }
}`;

interface Acked {
  people: Map<string, { firstName: string; email: string }>;
  /** Person ids acknowledged as members of the test's list. */
  members: Set<string>;
}

/** Adds one person; returns its id when the server acknowledged it (HTTP 200 with the item id). */
async function addPerson(url: string, firstName: string, acked: Acked): Promise<string | undefined> {
  const email = `${firstName.toLowerCase()}.${MARKER.toLowerCase()}@example.com`;
  const res = await gql(url, ADD_PERSON, { input: { firstName, lastName: MARKER, emailAddress: email } });
  const item = (res.data?.['addPerson'] as { item?: { id?: string } } | undefined)?.item;
  if (res.status !== 200 || !item?.id) throw new Error(`addPerson refused: ${JSON.stringify(res)}`);
  acked.people.set(item.id, { firstName, email });
  return item.id;
}

/** Concurrent writers until the server dies; a request cut by the kill is simply not acknowledged. */
async function writeLoad(url: string, round: number, listId: string, acked: Acked, firstAck: () => void) {
  const worker = async (w: number) => {
    for (let n = 0; ; n++) {
      try {
        const id = await addPerson(url, `R${round}w${w}n${n}`, acked);
        firstAck();
        if (!id) continue;
        const res = await gql(url, ADD_TO_LIST, { list: listId, contact: id });
        const result = res.data?.['addContactsToLists'] as { successCount?: number } | undefined;
        if (res.status === 200 && result?.successCount === 1) acked.members.add(id);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('addPerson refused')) throw error;
        return; // the connection died with the server
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
}

/** Every acknowledged write is there, whole; and every test person that is there is whole too. */
async function verify(url: string, listId: string, acked: Acked): Promise<void> {
  // Every person of the test that the store holds, acknowledged or not (a write may land just before a kill).
  const found = new Set<string>();
  for (let skip = 0; ; skip += 100) {
    const page = (await data(
      url,
      `query($skip: Int) { searchFirmContacts(skip: $skip, limit: 100, filter: [{ field: lastName, value: "${MARKER}" }]) { totalModels models { id } } }`,
      { skip },
    )) as { searchFirmContacts: { totalModels: number; models: Array<{ id: string }> } };
    for (const m of page.searchFirmContacts.models) found.add(m.id);
    if (skip + 100 >= page.searchFirmContacts.totalModels) break;
  }
  for (const id of acked.people.keys())
    expect(found.has(id) ? id : `lost acknowledged person ${id}`).toBe(id);

  const ids = [...found];
  for (let i = 0; i < ids.length; i += 50) {
    const chunk = ids.slice(i, i + 50);
    const result = (await data(
      url,
      `query($ids: [ID!]!) {
        people(ids: $ids) { id firstName lastName emailAddresses { address } lists(limit: 100) { models { id } } }
        firmContactEventViews(limit: 100, filter: { contactIds: $ids, eventTypes: [ContactCreated] }) {
          totalModels models { contactId }
        }
      }`,
      { ids: chunk },
    )) as {
      people: Array<{
        id: string;
        firstName: string;
        lastName: string;
        emailAddresses: Array<{ address: string }>;
        lists: { models: Array<{ id: string }> };
      }>;
      firmContactEventViews: { models: Array<{ contactId: string }> };
    };
    const created = new Set(result.firmContactEventViews.models.map((m) => m.contactId));
    for (const person of result.people) {
      // The person, its email sub-record and its ContactCreated event were written by one transaction.
      expect(person.lastName).toBe(MARKER);
      expect(person.emailAddresses.map((e) => e.address)).toEqual([
        `${person.firstName.toLowerCase()}.${MARKER.toLowerCase()}@example.com`,
      ]);
      expect(created.has(person.id) ? person.id : `no ContactCreated event for ${person.id}`).toBe(person.id);
      const expected = acked.people.get(person.id);
      if (expected) expect(person.firstName).toBe(expected.firstName);
      if (acked.members.has(person.id)) {
        expect(person.lists.models.map((l) => l.id)).toContain(listId);
      }
    }
    expect(result.people.map((p) => p.id).sort()).toEqual([...chunk].sort());
  }
}

describe('crash safety of the CLI server', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'rm-crash-'));
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await new Promise((done) => setTimeout(done, 100));
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write through SIGKILL at random moments during a write load', async () => {
    const started = Date.now();
    const acked: Acked = { people: new Map(), members: new Set() };

    // Set-up: the list the load adds people to (one that takes people), and a first acknowledged person.
    let server = await startServer(dir);
    const lists = (await data(server.url, '{ lists(limit: 100) { models { id } } }')) as {
      lists: { models: Array<{ id: string }> };
    };
    const first = (await addPerson(server.url, 'Setup', acked))!;
    let listId: string | undefined;
    for (const { id } of lists.lists.models) {
      const res = await gql(server.url, ADD_TO_LIST, { list: id, contact: first });
      if ((res.data?.['addContactsToLists'] as { successCount?: number } | undefined)?.successCount === 1) {
        listId = id;
        acked.members.add(first);
        break;
      }
    }
    expect(listId).toBeDefined();

    let rounds = 0;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      if (round >= MIN_ROUNDS && Date.now() - started > ROUND_BUDGET_MS) break;
      rounds += 1;
      if (round > 0) {
        server = await startServer(dir);
        await verify(server.url, listId!, acked);
      }
      const before = acked.people.size;
      const running = server;
      let killTimer: NodeJS.Timeout | undefined;
      const killed = new Promise<void>((done) => {
        const onFirstAck = () => {
          killTimer ??= setTimeout(
            () => {
              running.child.kill('SIGKILL');
              done();
            },
            150 + Math.random() * 900,
          );
        };
        void writeLoad(running.url, round, listId!, acked, onFirstAck).then(onFirstAck);
      });
      await killed;
      const { signal } = await running.exited;
      expect(signal).toBe('SIGKILL');
      // The load was under way when the kill came.
      expect(acked.people.size).toBeGreaterThan(before);
    }

    // After the last kill: the store loads, holds everything acknowledged, and stops cleanly.
    server = await startServer(dir);
    await verify(server.url, listId!, acked);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(readdirSync(dir)).toEqual(expect.arrayContaining(['dev-firm-us.json']));
    expect(rounds).toBeGreaterThanOrEqual(MIN_ROUNDS);
  }, 60_000);
});
