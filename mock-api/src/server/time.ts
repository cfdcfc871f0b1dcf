const DAY = 86_400_000;
/** Date part per day ("2026-11-22T"): the generator formats ~250,000 timestamps over a few hundred days. */
const datePrefixes = new Map<number, string>();
const two = (n: number): string => (n < 10 ? `0${n}` : `${n}`);

/** Spec 3 timestamp form: 2026-11-22T14:03:09+00:00 (seconds precision, explicit offset). */
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
