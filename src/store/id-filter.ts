/**
 * The ids of a collection as 64-bit fingerprints in an open-addressing table of typed arrays: whether an
 * id is *certainly new* costs a hash and a probe, and the table lives outside the JS heap, holding no
 * pointers for the garbage collector to trace. A `Set` of a million ids cost a seeding more than a
 * second, most of it in collecting. A fingerprint match only says "maybe": the caller then checks the
 * ids themselves, so a collision (about one in 10^11 for a million ids) costs time, never correctness.
 */
export class IdFilter {
  private hashes: Uint32Array;
  private checks: Uint32Array;
  private mask: number;
  /** Fingerprints held. */
  size = 0;

  constructor(capacity = 1024) {
    let slots = 16;
    while (slots < capacity * 2) slots *= 2;
    this.hashes = new Uint32Array(slots);
    this.checks = new Uint32Array(slots);
    this.mask = slots - 1;
  }

  /** Adds `id`; false when it was certainly not there before, true when it may have been. */
  add(id: string): boolean {
    const [h, c] = fingerprint(id);
    const found = this.probe(h, c);
    if (this.checks[found] !== 0) return true;
    this.hashes[found] = h;
    this.checks[found] = c;
    if (++this.size * 2 > this.mask) this.grow();
    return false;
  }

  /** False when `id` was certainly never added, true when it may have been. */
  mayHave(id: string): boolean {
    const [h, c] = fingerprint(id);
    return this.checks[this.probe(h, c)] !== 0;
  }

  /** The slot holding (h, c), or the empty slot where it would go. */
  private probe(h: number, c: number): number {
    let i = h & this.mask;
    while (this.checks[i] !== 0 && (this.checks[i] !== c || this.hashes[i] !== h)) i = (i + 1) & this.mask;
    return i;
  }

  private grow(): void {
    const { hashes, checks } = this;
    this.hashes = new Uint32Array(hashes.length * 2);
    this.checks = new Uint32Array(checks.length * 2);
    this.mask = this.hashes.length - 1;
    for (let i = 0; i < hashes.length; i++) {
      if (checks[i] === 0) continue;
      const at = this.probe(hashes[i]!, checks[i]!);
      this.hashes[at] = hashes[i]!;
      this.checks[at] = checks[i]!;
    }
  }
}

const pair: [number, number] = [0, 0];

/** Two independent 32-bit hashes of `id` (FNV-1a and a multiply-rotate), the second never 0 (0 = empty). */
function fingerprint(id: string): [number, number] {
  let h = 0x811c9dc5;
  let c = 0x9747b28c;
  for (let i = 0; i < id.length; i++) {
    const code = id.charCodeAt(i);
    h = Math.imul(h ^ code, 0x01000193);
    c = Math.imul(c + code, 0x5bd1e995);
    c ^= c >>> 13;
  }
  pair[0] = mix(h) >>> 0;
  pair[1] = (mix(c ^ id.length) | 1) >>> 0;
  return pair;
}

/** murmur3's finaliser: every input bit reaches every output bit. */
function mix(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return x ^ (x >>> 16);
}
