import { describe, expect, it } from '@jest/globals';
import { ApiUserTally, apiUserFacts, type UserFact } from '../../../src/conformance/joins/api-user.js';
import { typedHolders } from '../../../src/conformance/joins/typed-holders.js';
import { buildRevisionSchema } from '../../../src/contract/generate.js';

const schema = buildRevisionSchema('1.4.0');
const facts = (document: string, data: unknown) =>
  apiUserFacts([...typedHolders(schema, { document }, data)]);

const OPPORTUNITIES =
  '{ opportunities { models { isCurrentUserInvolved creatorId lead { id } associatedPrincipals { leadId } } } }';
const opportunity = (
  flag: boolean,
  creatorId: string | null,
  lead: string | null,
  principals: string[] | null,
) => ({
  isCurrentUserInvolved: flag,
  creatorId,
  lead: lead === null ? null : { id: lead },
  associatedPrincipals: principals === null ? null : principals.map((leadId) => ({ leadId })),
});

describe('apiUserFacts', () => {
  it('reads an involved opportunity as the user being its creator, lead or a principal, and an uninvolved one as none of them', () => {
    expect(
      facts(OPPORTUNITIES, {
        opportunities: {
          models: [opportunity(true, 'u1', 'p1', ['u1', 'p2']), opportunity(false, 'u2', null, null)],
        },
      }),
    ).toEqual([
      {
        family: 'involved',
        role: 'in',
        ids: ['u1', 'p1', 'u1', 'p2'],
        path: 'data.opportunities.models[0].isCurrentUserInvolved',
      },
      {
        family: 'involved',
        role: 'out',
        ids: ['u2'],
        path: 'data.opportunities.models[1].isCurrentUserInvolved',
      },
    ]);
  });

  it('says nothing of an involved opportunity whose people were not all asked, but keeps who an uninvolved one names', () => {
    const doc = '{ opportunities { models { isCurrentUserInvolved lead { id } } } }';
    const data = (flag: boolean) => ({
      opportunities: { models: [{ isCurrentUserInvolved: flag, lead: { id: 'p1' } }] },
    });
    expect(facts(doc, data(true))).toEqual([]);
    expect(facts(doc, data(false))).toEqual([
      {
        family: 'involved',
        role: 'out',
        ids: ['p1'],
        path: 'data.opportunities.models[0].isCurrentUserInvolved',
      },
    ]);
  });

  it("reads userIsSponsor only on a list read through a contact, with every sponsor's id answered", () => {
    const doc =
      '{ contact(id: "c1") { ... on Person { lists { models { userIsSponsor sponsors { id } } } } } lists { models { userIsSponsor sponsors { id } } } }';
    expect(
      facts(doc, {
        contact: {
          __typename: 'Person',
          lists: {
            models: [
              { userIsSponsor: true, sponsors: [{ id: 'u1' }, { id: 's2' }] },
              { userIsSponsor: false, sponsors: [{ id: 's3' }] },
            ],
          },
        },
        lists: { models: [{ userIsSponsor: false, sponsors: [{ id: 'u1' }] }] },
      }),
    ).toEqual([
      {
        family: 'sponsor',
        role: 'in',
        ids: ['u1', 's2'],
        path: 'data.contact.lists.models[0].userIsSponsor',
      },
      { family: 'sponsor', role: 'out', ids: ['s3'], path: 'data.contact.lists.models[1].userIsSponsor' },
    ]);
  });
});

describe('ApiUserTally', () => {
  const fact = (
    role: 'in' | 'out',
    ids: string[],
    path: string,
    family: UserFact['family'] = 'involved',
  ) => ({
    family,
    role,
    ids,
    path,
  });

  it('finds no contradiction while one id is named by every true flag and by no false one', () => {
    const tally = new ApiUserTally<string>();
    tally.add('a', 's1', fact('in', ['u1', 'p1'], 'x1'));
    tally.add('a', 's2', fact('in', ['p2', 'u1'], 'x2'));
    tally.add('a', 's3', fact('out', ['p1', 'p2'], 'x3'));
    tally.add('a', 's4', fact('in', [], 'x4', 'sponsor'));
    tally.add('b', 's5', fact('in', ['p9'], 'x5'));
    expect(tally.contradictions().map((c) => c.at)).toEqual(['s4']);
  });

  it('names the true flag after which no one is left, and the false flag that ruled its people out', () => {
    const tally = new ApiUserTally<string>();
    tally.add('a', 's1', fact('in', ['u1', 'p1'], 'x1'));
    tally.add('a', 's2', fact('out', ['u1'], 'x2'));
    tally.add('a', 's3', fact('in', ['p2'], 'x3'));
    tally.add('a', 's4', fact('in', ['p3'], 'x4'));
    const [found, ...more] = tally.contradictions();
    expect(more).toEqual([]);
    expect(found?.at).toBe('s3');
    expect(found?.earlier.map((e) => e.at)).toEqual(['s1']);
    const alone = new ApiUserTally<string>();
    alone.add('a', 's1', fact('out', ['u1'], 'x1'));
    alone.add('a', 's2', fact('in', ['u1'], 'x2'));
    expect(alone.contradictions().map((c) => [c.at, c.ruledOutBy.map((r) => r.at)])).toEqual([
      ['s2', ['s1']],
    ]);
  });
});
