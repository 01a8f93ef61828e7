// The request log's JSON lines: one per request, stamped with the time each line was written (the
// time is formatted once per millisecond, so lines of the same millisecond share it and later ones not).
import { describe, expect, it } from '@jest/globals';
import { requestLogger, type JournalHead } from '../../src/server/index.js';

const head: JournalHead = {
  id: 'req-1',
  time: '2026-01-01T00:00:00.000Z',
  method: 'POST',
  path: '/public-api/graphql',
  tenant: 'dev-firm',
  region: 'us',
  revision: '1.4.0',
  operation: { name: 'Q', type: 'query', fields: ['person'] },
  status: 200,
  durationMs: 1.5,
  errorCodes: [],
};

describe('request log: JSON lines', () => {
  it('stamps each line with the ISO time it was written, a later line with a later time', async () => {
    let text = '';
    const log = requestLogger('json', { write: (chunk: string) => (text += chunk) });
    const before = Date.now();
    log(head);
    await new Promise((resolve) => setTimeout(resolve, 20));
    log({ ...head, id: 'req-2' });
    await log.close();
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { time: string; requestId: string; msg: string });
    expect(lines.map((l) => l.requestId)).toEqual(['req-1', 'req-2']);
    const [first, second] = lines.map((l) => Date.parse(l.time));
    expect(lines[0]!.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(first).toBeGreaterThanOrEqual(before - 1);
    expect(second! - first!).toBeGreaterThanOrEqual(15);
  });
});
