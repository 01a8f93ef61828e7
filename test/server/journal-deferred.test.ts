// What keeps the journal and the request log cheap under load: an entry is parsed and masked only when
// it is read (once), the log reads heads only and writes a turn's lines at once, and the tokens masked
// in an entry are the ones known when its request was answered, tenants added later included.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  requestLogger,
  RequestJournal,
  type JournalEntry,
  type JournalHead,
} from '../../src/server/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

function headOf(id: string): JournalHead {
  return {
    id,
    time: new Date(0).toISOString(),
    method: 'POST',
    path: '/us/1.4.0/public-api/graphql',
    tenant: 'dev-firm',
    region: 'us',
    revision: '1.4.0',
    operation: { name: 'Q', type: 'query', fields: ['person'] },
    status: 200,
    durationMs: 1,
    errorCodes: [],
  };
}

function entryOf(head: JournalHead): JournalEntry {
  return {
    ...head,
    variables: null,
    document: '{ person(id: "1") { id } }',
    ids: [],
    response: { data: { person: null } },
    responseTruncated: false,
    events: [],
  };
}

describe('journal: entries built on first read', () => {
  it('builds an entry only when it is read, once, and tells head watchers without building it', () => {
    const journal = new RequestJournal(10);
    const heads: string[] = [];
    journal.watch((head) => heads.push(head.id));
    const built: string[] = [];
    for (const id of ['req-1', 'req-2']) {
      const head = headOf(id);
      journal.record(head, () => {
        built.push(id);
        return entryOf(head);
      });
    }
    expect(heads).toEqual(['req-1', 'req-2']);
    expect(built).toEqual([]);
    // Filters read heads: the entry that does not pass is never built.
    expect(journal.list({ limit: 1 }).map((e) => e.id)).toEqual(['req-2']);
    expect(built).toEqual(['req-2']);
    expect(journal.get('req-2')?.document).toBe('{ person(id: "1") { id } }');
    expect(journal.list().map((e) => e.id)).toEqual(['req-2', 'req-1']);
    expect(built).toEqual(['req-2', 'req-1']);
  });

  it('builds each new entry for a listener of whole entries', () => {
    const journal = new RequestJournal(10);
    const seen: JournalEntry[] = [];
    journal.subscribe((entry) => seen.push(entry));
    const head = headOf('req-1');
    journal.record(head, () => entryOf(head));
    expect(seen).toEqual([entryOf(head)]);
  });
});

describe('request log: lines of one turn in one write', () => {
  it('writes the lines logged in one turn of the event loop together, in order, after the turn', async () => {
    const writes: string[] = [];
    const log = requestLogger('json', { write: (text) => writes.push(text) });
    for (const id of ['req-1', 'req-2', 'req-3']) log(headOf(id));
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
    const lines = writes[0]!.trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { requestId: string }).requestId)).toEqual([
      'req-1',
      'req-2',
      'req-3',
    ]);
  });
});

describe('journal over HTTP: tokens known when the request was answered', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const SEARCH =
    'query S($v: String) { searchFirmContacts(filter: [{ field: lastName, value: $v }]) { totalModels } }';

  it('masks the token of a tenant added after start, in entries read later', async () => {
    await server.admin('DELETE', '/requests');
    // Read once now, so the set of known tokens is built before the new tenant arrives.
    await server.gql(SEARCH, { v: 'before' });
    expect((await server.admin('GET', '/requests')).status).toBe(200);
    const added = await server.admin('POST', '/tenants', {
      id: 'late-firm',
      name: 'Late Firm',
      token: 'late-token-123',
      fullCloud: true,
      languageSpecificInformation: false,
      auditFeature: false,
    });
    expect(added.status).toBe(201);
    await server.gql(SEARCH, { v: 'late-token-123' });
    await server.gql(SEARCH, { v: 'after' }, { token: 'late-token-123' });
    const { body } = await server.admin('GET', '/requests');
    const requests = (body as { requests: JournalEntry[] }).requests;
    expect(requests.map((r) => r.variables)).toEqual([{ v: 'after' }, { v: '***' }, { v: 'before' }]);
    expect(requests[0]!.tenant).toBe('late-firm');
    expect(JSON.stringify(requests)).not.toContain('late-token-123');
  });
});
