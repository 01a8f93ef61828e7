import { randomUUID } from 'node:crypto';

/** `YYYY-MM-DD` of an instant, in UTC. */
export function toIsoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** `YYYY-MM-DDTHH:mm:ss.sssZ` of an instant. */
export function toIsoDateTime(d: Date): string {
  return d.toISOString();
}

const ACTIVITY_DATE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * Parses the `YYYY-MM-DD HH:mm:ss` format of `AddActivityInput.activityDate` (§8), read as UTC;
 * undefined when the text is not in that format or not a real date and time.
 */
export function parseActivityDate(text: string): Date | undefined {
  const m = ACTIVITY_DATE.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  const roundTrips =
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s;
  return roundTrips ? date : undefined;
}

/** A new GUID for an entity created through the API (seeded ids come from faker instead). */
export function newId(): string {
  return randomUUID();
}
