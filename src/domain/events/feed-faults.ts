import type { EventFeedFaults } from '../event-feed.js';
import type { EventRecord } from '../shared/change-events.js';

/** A number in [0, 1) fixed by the seed and the text (FNV-1a, then one round of mulberry32's mix). */
function unitHash(seed: number, text: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  h = Math.imul(h ^ (h >>> 15), h | 1);
  h ^= h + Math.imul(h ^ (h >>> 7), h | 61);
  return ((h ^ (h >>> 14)) >>> 0) / 4294967296;
}

/** Whether a lagging feed shows the event yet: its eventDate plus the lag has passed on the tenant's clock. */
export function isVisible(event: EventRecord, faults: EventFeedFaults, now: Date): boolean {
  return faults.lagSeconds <= 0 || Date.parse(event.eventDate) + faults.lagSeconds * 1000 <= now.getTime();
}

/**
 * The feed with repeats: each event the seed picks (about `duplicateRate` of them, always the same ones)
 * is delivered again `spacing` places after it (one page later at the caller's page size), or last
 * when the feed ends sooner. A repeat keeps its eventDate, so the feed is no longer in date order there.
 */
export function withDuplicates(
  events: readonly EventRecord[],
  faults: EventFeedFaults,
  spacing: number,
): EventRecord[] {
  if (faults.duplicateRate <= 0) return [...events];
  const placed = events.map((event, i) => ({ event, at: i }));
  for (let i = 0; i < events.length; i += 1) {
    const event = events[i]!;
    if (unitHash(faults.seed, event.id) < faults.duplicateRate)
      placed.push({ event, at: i + Math.max(1, spacing) + 0.5 });
  }
  // Array.prototype.sort is stable: repeats that fall past the end keep the order of their originals.
  return placed.sort((a, b) => a.at - b.at).map((p) => p.event);
}

/**
 * A page in a shuffled order (seeded by the page's position and content, so asking again gives the
 * same order); a page of two or more never comes back in its sorted order.
 */
export function reorderPage<T>(models: readonly T[], faults: EventFeedFaults, key: string): T[] {
  const out = [...models];
  if (!faults.reorderWithinPage || out.length < 2) return out;
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(unitHash(faults.seed, `${key}:${i}`) * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  // A shuffle may leave everything in place; rotate by one then, so the fault is always visible.
  if (out.every((m, i) => m === models[i])) out.push(out.shift()!);
  return out;
}
