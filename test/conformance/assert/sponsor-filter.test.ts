import { describe, expect, it } from '@jest/globals';
import { strictSponsorFindings } from '../../../src/conformance/assert/sponsor-filter.js';

const member = (...sponsors: [string, boolean][]) => ({
  id: 'm',
  sponsors: sponsors.map(([displayName, isPrimary]) => ({ displayName, isPrimary })),
});
const found = (filter: unknown, ...models: unknown[]) =>
  strictSponsorFindings(filter, 'data.list.contacts', { models }).map((f) => f.finding.path);

describe('strictSponsorFindings', () => {
  const strict = { primarySponsorUserName: 'ada', checkForStrictPrimarySponsor: true };

  it('holds members listed strictly to have that primary sponsor, matched by a part of the name in any case (A-73)', () => {
    expect(found(strict, member(['Ada Lovelace', true]), member(['Bob', false], ['ADA L.', true]))).toEqual(
      [],
    );
    expect(
      found(strict, member(['Ada Lovelace', true]), member(['Bob', true], ['Ada Lovelace', false])),
    ).toEqual(['data.list.contacts.models[1].sponsors']);
  });

  it('holds nothing without the strict flag, a name, or sponsors selected with isPrimary and a name', () => {
    const secondary = member(['Bob', true], ['Ada', false]);
    expect(found({ ...strict, checkForStrictPrimarySponsor: false }, secondary)).toEqual([]);
    expect(found({ checkForStrictPrimarySponsor: true }, secondary)).toEqual([]);
    expect(found(strict, { id: 'm', sponsors: [{ displayName: 'Bob' }] })).toEqual([]);
    expect(found(strict, { id: 'm' })).toEqual([]);
  });
});
