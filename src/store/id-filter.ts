/**
 * The ids of a collection as 64-bit fingerprints in an open-addressing table of typed arrays: whether an
 * id is *certainly new* costs a hash and a probe, and the table lives outside the JS heap, holding no
 * pointers for the garbage collector to trace. A `Set` of a million ids cost a seeding more than a
 * second, most of it in collecting. A fingerprint match only says "maybe": the caller then checks the
 * ids themselves, so a collision (about one in 10^11 for a million ids) costs time, never correctness.
 */
export class IdFilter {
  /** (hash, check) pairs side by side, so a probe reads one cache line; check 0 marks an empty slot. */
  private slots: Uint32Array;
  private mask: number;
  /** Fingerprints held. */
  size = 0;

  constructor(capacity = 1024) {
    let slots = 16;
    while (slots < capacity * 2) slots *= 2;
    this.slots = new Uint32Array(slots * 2);
    this.mask = slots - 1;
  }

  /** Adds `id`; false when it was certainly not there before, true when it may have been. */
  add(id: string): boolean {
    const f = fingerprint(id);
    const at = this.probe(f[0], f[1]);
    if (this.slots[at + 1] !== 0) return true;
    this.slots[at] = f[0];
    this.slots[at + 1] = f[1];
    // Grown fourfold at half full: rehashing costs a third of the final size in all, not all of it.
    if (++this.size * 2 > this.mask) this.grow();
    return false;
  }

  /** False when `id` was certainly never added, true when it may have been. */
  mayHave(id: string): boolean {
    const f = fingerprint(id);
    return this.slots[this.probe(f[0], f[1]) + 1] !== 0;
  }

  /** The index of the pair holding (h, c), or of the empty pair where it would go. */
  private probe(h: number, c: number): number {
    const slots = this.slots;
    let i = h & this.mask;
    for (;;) {
      const check = slots[2 * i + 1];
      if (check === 0 || (check === c && slots[2 * i] === h)) return 2 * i;
      i = (i + 1) & this.mask;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 4);
    this.mask = this.slots.length / 2 - 1;
    for (let i = 0; i < old.length; i += 2) {
      if (old[i + 1] === 0) continue;
      const at = this.probe(old[i]!, old[i + 1]!);
      this.slots[at] = old[i]!;
      this.slots[at + 1] = old[i + 1]!;
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
