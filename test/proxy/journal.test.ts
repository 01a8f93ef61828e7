import { describe, expect, it } from '@jest/globals';
import { ProxyJournal, type JournalEntry } from '../../src/proxy/journal.js';

function entry(seq: number): JournalEntry {
  return {
    seq,
    operation: 'lists',
    request: {
      method: 'POST',
      url: 'http://u/public-api/graphql',
      headers: {},
      body: { query: '{ lists { totalModels } }' },
    },
    differences: [],
  };
}

describe('ProxyJournal', () => {
  it('keeps the credentials of the exchanges it holds only, so distinct tokens cannot pile up', () => {
    const journal = new ProxyJournal({ upstream: 'u', isSimulator: false, revision: '1.4.0', maxEntries: 5 });
    for (let i = 1; i <= 12; i++) journal.add(entry(i), 100, 100, [`Bearer token-${i}`, `token-${i}`]);
    expect(journal.size).toBe(5);
    expect(journal.droppedCount).toBe(7);
    expect(journal.secrets().sort()).toEqual(
      [8, 9, 10, 11, 12].flatMap((i) => [`Bearer token-${i}`, `token-${i}`]).sort(),
    );
  });

  it('drops the oldest exchanges when the bodies pass the byte budget', () => {
    const journal = new ProxyJournal({
      upstream: 'u',
      isSimulator: false,
      revision: '1.4.0',
      maxBytes: 10_000,
      maxEntryBytes: 4_000,
    });
    for (let i = 1; i <= 10; i++) journal.add(entry(i), 3_000, 0);
    expect(journal.keptBytes).toBeLessThanOrEqual(10_000);
    expect(journal.size).toBe(2);
  });
});
