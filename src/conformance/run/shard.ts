import { createHash } from 'node:crypto';
import type { Version } from '../../contract/versions.js';

/** One of `count` parts of a run (`--shard index/count`, 1-based). */
export interface Shard {
  index: number;
  count: number;
}

/** Reads `i/n` (1 ≤ i ≤ n); a message saying what is wrong otherwise. */
export function parseShard(text: string): Shard | { error: string } {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count)
    return { error: `--shard must be i/n with 1 <= i <= n (e.g. 2/3), got "${text}"` };
  return { index, count };
}

/**
 * Whether a scenario × revision run belongs to a shard. The part is chosen by a hash of the scenario id
 * and revision, not by position, so adding or removing a scenario moves no other run to another shard.
 */
export function inShard(shard: Shard, scenarioId: string, revision: Version): boolean {
  if (shard.count === 1) return true;
  const digest = createHash('sha256').update(`${scenarioId}@${revision}`).digest();
  return digest.readUInt32BE(0) % shard.count === shard.index - 1;
}
