import type { Faker, Randomizer } from '@faker-js/faker';

const HEX_CODES = Buffer.from('0123456789abcdef', 'latin1');
const DASH = 45;

/**
 * Cheap draws for hot seeding loops. A small generator (sfc32) seeded with four draws of the area's
 * seeded faker, so the stream is still fully determined by the seed: faker's own `string.uuid()` costs
 * ~4 µs and `number.float()` ~50 ns plus garbage, and a 100k-people store needs millions of draws.
 */
export class SeedRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private readonly idBuffer = Buffer.alloc(36);

  constructor(faker: Faker) {
    const word = (): number => faker.number.int({ min: 0, max: 0xffffffff });
    this.a = word();
    this.b = word();
    this.c = word();
    this.d = word() | 1;
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** An unsigned 32-bit integer (sfc32). */
  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.u32() / 0x100000000;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.min(n - 1, Math.floor(this.next() * n));
  }

  /** An integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  /** Up to `n` distinct elements, in the array's order. */
  some<T>(items: readonly T[], n: number): T[] {
    if (n <= 0) return [];
    const chosen = new Set<number>();
    for (let tries = 0; chosen.size < Math.min(n, items.length) && tries < n * 4; tries++) {
      chosen.add(this.int(items.length));
    }
    return [...chosen].sort((a, b) => a - b).map((i) => items[i] as T);
  }

  /** A version-4 GUID, built in a byte buffer so the stored id is one flat string, not a rope. */
  uuid(): string {
    const buf = this.idBuffer;
    let pos = 0;
    for (let w = 0; w < 4; w++) {
      let x = this.u32();
      for (let k = 0; k < 8; k++) {
        if (pos === 8 || pos === 13 || pos === 18 || pos === 23) buf[pos++] = DASH;
        buf[pos++] = HEX_CODES[x >>> 28]!;
        x = (x << 4) >>> 0;
      }
    }
    buf[14] = HEX_CODES[4]!;
    const v = buf[19]!;
    buf[19] = HEX_CODES[8 | ((v < 58 ? v - 48 : v - 87) & 3)]!;
    return buf.toString('latin1', 0, 36);
  }

  /** Digits for `#` and upper-case letters for `?` in a pattern. */
  pattern(p: string): string {
    let out = '';
    for (const ch of p) {
      if (ch === '#') out += String(this.int(10));
      else if (ch === '?') out += String.fromCharCode(65 + this.int(26));
      else out += ch;
    }
    return out;
  }
}

const randomizers = new WeakMap<Faker, Randomizer>();

/**
 * The randomizer behind `faker`'s draws. Faker hands it to a distributor (its public extension point);
 * a distributor that draws nothing and returns 0 leaves the stream untouched.
 */
function randomizerOf(faker: Faker): Randomizer {
  let randomizer = randomizers.get(faker);
  if (!randomizer) {
    faker.number.float({
      distributor: (r) => {
        randomizer = r;
        return 0;
      },
    });
    randomizers.set(faker, randomizer!);
  }
  return randomizer!;
}

const UUID_BUFFER = Buffer.alloc(36);
/** Where faker's `x` digits of `xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx` go, in the order it draws them. */
const UUID_X_POSITIONS = [...'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'].flatMap((c, i) =>
  c === 'x' ? [i] : [],
);
UUID_BUFFER.write('xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx', 'latin1');

/**
 * Exactly what `faker.string.uuid()` returns, drawing the same numbers from the same stream, at a
 * tenth of its cost: faker makes 31 `number.hex` calls (option objects, checks, a string each) and two
 * `replaceAll`s per id, and the large profile seeds tens of thousands of ids that way. Seeded files keep
 * their bytes. Mirrors faker 10's `uuid()`: the 30 `x` digits in order as `floor(next() * 16)`, then
 * `y` as `floor(next() * 4 + 8)` (written as faker computes it, so its rounding is the same).
 */
export function fakerUuid(faker: Faker): string {
  const randomizer = randomizerOf(faker);
  const buf = UUID_BUFFER;
  for (const pos of UUID_X_POSITIONS) buf[pos] = HEX_CODES[Math.floor(randomizer.next() * 16)]!;
  buf[19] = HEX_CODES[Math.floor(randomizer.next() * 4 + 8)]!;
  return buf.toString('latin1', 0, 36);
}
