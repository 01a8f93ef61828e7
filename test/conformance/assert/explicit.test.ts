import { describe, expect, it } from '@jest/globals';
import { checkExpectation } from '../../../src/conformance/assert/explicit.js';

const answer = (models: unknown) => ({
  status: 200,
  body: { data: { events: { models } } },
  rootFields: ['events'],
});

describe('checkExpectation: every', () => {
  const every = { path: 'data.events.models', every: { eventType: 'ContactUpdated' } };

  it('passes when each item holds the values, whatever else it holds, and on an empty list', () => {
    const models = [
      { eventType: 'ContactUpdated', contactId: 'a' },
      { eventType: 'ContactUpdated', contactId: 'b' },
    ];
    expect(checkExpectation(every, answer(models))).toEqual([]);
    expect(checkExpectation(every, answer([]))).toEqual([]);
  });

  it('names the first item that does not hold them', () => {
    const models = [
      { eventType: 'ContactUpdated' },
      { eventType: 'ContactCreated' },
      { eventType: 'ContactCreated' },
    ];
    const [finding, ...more] = checkExpectation(every, answer(models));
    expect(more).toEqual([]);
    expect(finding).toMatchObject({
      expectationId: 'every:data.events.models',
      kind: 'value-mismatch',
      actual: { eventType: 'ContactCreated' },
    });
    expect(finding?.message).toContain('data.events.models[1]');
  });

  it('refuses a value that is not a list', () => {
    expect(checkExpectation(every, answer({ eventType: 'ContactUpdated' }))[0]?.kind).toBe('type-mismatch');
  });
});
