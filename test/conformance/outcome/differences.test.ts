// The vocabulary of differences as units (src/conformance/outcome/differences.ts): how a basis list
// splits, what it rests on, severity by kind and level, and the baseline key. The judge's use of them,
// kind by kind, is in test/conformance/judge/difference-kinds.test.ts.
import { describe, expect, it } from '@jest/globals';
import {
  basisOf,
  differenceKey,
  restsOnOf,
  severityOf,
  type Difference,
} from '../../../src/conformance/outcome/differences.js';

describe('basisOf and restsOnOf', () => {
  it('splits spec clauses from assumption ids and drops what is neither', () => {
    expect(basisOf(['§8', 'A-30', '§7.1', 'A-4', 'A-x', '8', 'a-3'])).toEqual({
      spec: ['§8', '§7.1'],
      assumptions: ['A-30', 'A-4'],
    });
  });

  it('says whether the spec, an assumption, both or only the contract stand behind a difference', () => {
    expect(restsOnOf(basisOf(['§8']))).toBe('spec');
    expect(restsOnOf(basisOf(['A-30']))).toBe('assumption');
    expect(restsOnOf(basisOf(['§8', 'A-30']))).toBe('spec-and-assumption');
    expect(restsOnOf(basisOf([]))).toBe('contract');
  });
});

describe('severityOf', () => {
  it('breaks at MUST only, and never for what a tolerant client ignores', () => {
    expect(severityOf('value-mismatch', 'MUST')).toBe('breaking');
    expect(severityOf('value-mismatch', 'SHOULD')).toBe('non-breaking');
    expect(severityOf('value-mismatch', 'MAY')).toBe('non-breaking');
    expect(severityOf('extra-field', 'MUST')).toBe('non-breaking');
    expect(severityOf('extra-enum-value', 'MUST')).toBe('breaking');
  });
});

describe('differenceKey', () => {
  const difference: Difference = {
    scenarioId: 'contacts/paging',
    revision: '1.4.0',
    stepId: 'read',
    expectationId: 'shape',
    path: 'data.contacts.items[3].tags[12]',
    kind: 'wrong-type',
    severity: 'breaking',
    level: 'MUST',
    expected: 'string',
    actual: 1,
    message: 'm',
    basis: { spec: [], assumptions: [] },
    restsOn: 'contract',
  };

  it('names the scenario, revision, step, expectation, kind and path without list indexes', () => {
    expect(differenceKey(difference)).toBe(
      'contacts/paging@1.4.0/read/shape/wrong-type/data.contacts.items[].tags[]',
    );
    expect(differenceKey({ ...difference, path: 'data.contacts.items[0].tags[1]', actual: 2 })).toBe(
      differenceKey(difference),
    );
  });

  it('differs when anything but an index or the observed values differs', () => {
    const key = differenceKey(difference);
    for (const change of [
      { scenarioId: 'contacts/other' },
      { revision: '1.2.0' as const },
      { stepId: 'write' },
      { expectationId: 'equals:data.x' },
      { kind: 'null-for-non-null' as const },
      { path: 'data.contacts.items[3].name' },
    ])
      expect(differenceKey({ ...difference, ...change })).not.toBe(key);
  });
});
