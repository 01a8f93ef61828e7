import { describe, expect, it } from '@jest/globals';
import { converseFindings } from '../../../src/conformance/joins/converses.js';
import { typedHolders } from '../../../src/conformance/joins/typed-holders.js';
import { buildRevisionSchema } from '../../../src/contract/generate.js';

const schema = buildRevisionSchema('1.4.0');
const document = '{ t: relationshipTypes { id name converse converseId } }';
type Row = [id: string, name: string, converse: string | null, converseId: string | null];
const messages = (...rows: Row[]) =>
  converseFindings([
    ...typedHolders(
      schema,
      { document },
      { t: rows.map(([id, name, converse, converseId]) => ({ id, name, converse, converseId })) },
    ),
  ]).map((f) => [f.finding.path, f.finding.actual, f.finding.expected]);

describe('converseFindings', () => {
  it('finds nothing where each converse names its converse type, a symmetric type itself', () => {
    expect(
      messages(
        ['a', 'Advises', 'Advised by', 'b'],
        ['b', 'Advised by', 'Advises', 'a'],
        ['k', 'Knows', 'Knows', 'k'],
        ['x', 'Lone', null, null],
        ['y', 'Outside', 'Elsewhere', 'not-in-this-answer'],
      ),
    ).toEqual([]);
  });

  it('finds a converse lost to null and one read from the wrong row', () => {
    expect(
      messages(['a', 'Advises', null, 'b'], ['b', 'Advised by', 'Knows', 'a'], ['k', 'Knows', 'Knows', 'k']),
    ).toEqual([
      ['data.t[0].converse', null, 'Advised by'],
      ['data.t[1].converse', 'Knows', 'Advises'],
    ]);
  });
});
