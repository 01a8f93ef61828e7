import { describe, expect, it } from '@jest/globals';
import { RECORDING_FORMAT, type Recording } from '../../../src/proxy/recording/format.js';
import { recordingsToScenarios } from '../../../src/proxy/recording/to-scenarios.js';

function recording(
  seq: number,
  query: string,
  data: unknown,
  extra: Partial<Recording['request']> = {},
): Recording {
  return {
    format: RECORDING_FORMAT,
    formatVersion: 1,
    seq,
    recordedAt: '2026-11-25T10:00:00.000Z',
    revision: '1.4.0',
    upstream: 'http://127.0.0.1:4000/public-api/graphql',
    operation: 'op',
    request: { method: 'POST', headers: {}, auth: 'bearer:aaaaaaaaaaaa', body: { query }, ...extra },
    response: { status: 200, headers: {}, body: { data } },
    durationMs: 1,
    differences: 0,
  };
}

const READ = '{ lists(limit: 2) { limit models { id listType { listClass } } } }';
const PAGE = { lists: { limit: 2, models: [{ id: 'l1', listType: { listClass: 'workingLists' } }] } };
const WRITE = 'mutation { removeList(id: "l1") { isSuccessful } }';

describe('record to-scenarios', () => {
  it('checks lists as lists, not their items, in a read that a later recorded write may change (the replay runs after it)', () => {
    const made = recordingsToScenarios(
      [
        recording(1, READ, PAGE),
        recording(2, WRITE, { removeList: { isSuccessful: true } }),
        recording(3, READ, PAGE),
      ],
      'x',
    );
    const [before, , after] = made.scenarios[0]?.steps ?? [];
    expect(before?.expect).toEqual([
      { path: 'data.lists.limit', equals: 2 },
      { path: 'data.lists.models', type: 'array' },
    ]);
    // After the last write the replay sees what the recording saw: values and items are asserted.
    expect(after?.expect).toEqual(
      expect.arrayContaining([
        { path: 'data.lists.limit', equals: 2 },
        { path: 'data.lists.models', count: { min: 1 } },
        { path: 'data.lists.models[0].listType.listClass', equals: 'workingLists' },
      ]),
    );
  });

  it('runs each step as its recorded caller: no token, the second token, the main token', () => {
    const made = recordingsToScenarios(
      [
        recording(1, READ, PAGE),
        recording(2, READ, PAGE, { auth: 'none' }),
        recording(3, READ, PAGE, { auth: 'bearer:bbbbbbbbbbbb' }),
        recording(4, READ, PAGE),
        recording(5, READ, PAGE, { auth: 'bearer:cccccccccccc' }),
      ],
      'x',
    );
    expect(made.scenarios[0]?.steps.map((s) => s.as ?? 'main')).toEqual([
      'main',
      'anonymous',
      'limited',
      'main',
    ]);
    expect(made.skipped).toEqual([{ seq: 5, reason: expect.stringContaining('third token') }]);
  });
});
