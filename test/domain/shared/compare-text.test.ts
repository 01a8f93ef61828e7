import { describe, expect, it } from '@jest/globals';
import { compareText } from '../../../src/domain/shared/paging.js';
import { Rng } from '../../reliability/random.js';

// What compareText must always agree with: the collator at base strength, code units breaking ties.
const collator = new Intl.Collator('en', { sensitivity: 'base' });
const reference = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

/** Letters, accented and special letters, digits, punctuation, spaces, a combining mark and an emoji. */
const ALPHABET = [
  ...'aAbBeEkKnNoOsSzZ',
  ...'éÉåÅøØæßłŁñÑ',
  ...'019',
  ...` -'.,_@[]^\`{~`,
  '\u0301',
  '\u{1F600}',
];

/** mulberry32, as the faults use (test/reliability/random.ts): a seeded uniform source, so a failure can be replayed. */
function generator(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
}

function mismatches(texts: readonly string[], pairs: Iterable<[number, number]>): string[] {
  const wrong: string[] = [];
  for (const [i, j] of pairs) {
    const a = texts[i]!;
    const b = texts[j]!;
    if (Math.sign(compareText(a, b)) !== Math.sign(reference(a, b))) wrong.push(`${a} | ${b}`);
  }
  return wrong;
}

describe('compareText', () => {
  it('orders every pair of texts of up to two characters exactly as the collator does', () => {
    const texts = ['', ...ALPHABET, ...ALPHABET.flatMap((x) => ALPHABET.map((y) => x + y))];
    function* all(): Generator<[number, number]> {
      for (let i = 0; i < texts.length; i += 1) for (let j = 0; j < texts.length; j += 1) yield [i, j];
    }
    expect(mismatches(texts, all())).toEqual([]);
  });

  it('orders random names exactly as the collator does', () => {
    const random = generator(11);
    const pick = () => ALPHABET[Math.floor(random() * ALPHABET.length)]!;
    const texts = Array.from({ length: 4000 }, () =>
      Array.from({ length: 1 + Math.floor(random() * 8) }, pick).join(''),
    );
    const pairs = Array.from(
      { length: 40_000 },
      () => [Math.floor(random() * texts.length), Math.floor(random() * texts.length)] as [number, number],
    );
    expect(mismatches(texts, pairs)).toEqual([]);
  });

  it('is a total order that tells case variants apart', () => {
    expect(compareText('anne', 'anne')).toBe(0);
    expect(Math.sign(compareText('Anne', 'anne'))).toBe(-1);
    expect(Math.sign(compareText('anne', 'Anne'))).toBe(1);
    expect(Math.sign(compareText('Émile', 'Erin'))).toBe(-1);
    expect(Math.sign(compareText('zoe', 'Ángel'))).toBe(1);
  });
});
