const DAY = 86_400_000;
/** Date part per day ("2026-11-22T"): the generator formats ~250,000 timestamps over a few hundred days. */
const datePrefixes = new Map<number, string>();
const two = (n: number): string => (n < 10 ? `0${n}` : `${n}`);

/**
 * The timestamp form (mock-api/rules.md, "Stored records"): 2026-11-22T14:03:09+00:00 (seconds precision, explicit
 * offset).
 */
export function formatTimestamp(ms: number): string {
  const day = Math.floor(ms / DAY);
  let prefix = datePrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY).toISOString().slice(0, 11);
    datePrefixes.set(day, prefix);
  }
  const seconds = Math.floor((ms - day * DAY) / 1000);
  // join makes one flat string; a template would keep a chain of partial strings alive with every record.
  return [
    prefix,
    two(Math.floor(seconds / 3600)),
    ':',
    two(Math.floor(seconds / 60) % 60),
    ':',
    two(seconds % 60),
    '+00:00',
  ].join('');
}

export const nowTimestamp = (): string => formatTimestamp(Date.now());

/** Day start in ms per date part, the other way round from `datePrefixes`. */
const dayStarts = new Map<string, number>();
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/;
const digits = (text: string, at: number): number => (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48;

/**
 * A timestamp in ms (0 when it is not one). The form `formatTimestamp` writes is read without `Date.parse`, with one
 * parse per day: indexing 100,000 posts parsed each of their timestamps.
 */
export function parseTimestamp(timestamp: string): number {
  if (!TIMESTAMP.test(timestamp)) {
    const ms = Date.parse(timestamp);
    return Number.isNaN(ms) ? 0 : ms;
  }
  const prefix = timestamp.slice(0, 11);
  let day = dayStarts.get(prefix);
  if (day === undefined) {
    day = Date.parse(`${prefix}00:00:00Z`);
    dayStarts.set(prefix, day);
  }
  if (Number.isNaN(day)) return 0;
  return day + ((digits(timestamp, 11) * 60 + digits(timestamp, 14)) * 60 + digits(timestamp, 17)) * 1000;
}
