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

describe('checkExpectation: none', () => {
  const none = { path: 'data.events.models', none: { contactId: 'theirs' } };

  it('passes when no item holds the values, and on an empty list', () => {
    const models = [{ contactId: 'ours' }, { contactId: 'also-ours', eventType: 'ContactCreated' }];
    expect(checkExpectation(none, answer(models))).toEqual([]);
    expect(checkExpectation(none, answer([]))).toEqual([]);
  });

  it('names the first item that holds them', () => {
    const models = [{ contactId: 'ours' }, { contactId: 'theirs', eventType: 'ContactUpdated' }];
    const [finding, ...more] = checkExpectation(none, answer(models));
    expect(more).toEqual([]);
    expect(finding).toMatchObject({ expectationId: 'none:data.events.models', kind: 'value-mismatch' });
    expect(finding?.message).toContain('data.events.models[1]');
  });
});
