// A small seeded random source (mulberry32), so a fuzz run is reproducible from its seed alone.

/** Deterministic pseudo-random numbers and the choices the generators need. */
export class Rng {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick() from an empty array');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Up to `max` distinct elements, in random order. */
  some<T>(items: readonly T[], max: number): T[] {
    const copy = [...items];
    const out: T[] = [];
    while (copy.length > 0 && out.length < max) out.push(copy.splice(this.int(0, copy.length - 1), 1)[0]!);
    return out;
  }

  /** A child generator: independent of how many numbers the parent draws later. */
  fork(): Rng {
    return new Rng(this.int(0, 0xffffffff));
  }
}
