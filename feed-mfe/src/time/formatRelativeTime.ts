const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Past a week, a relative age stops being useful and the card shows the date instead. */
const WEEK = 7 * DAY;

// A fixed locale keeps the labels identical for every visitor and in tests; the UI text is English anyway.
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const shortDateWithYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const fullDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' });

export interface RelativeTimeLabel {
  /** What the card shows: "now", "5m", "3h", "2d", then "Mar 5" (or "Mar 5, 2025" in another year). */
  label: string;
  /** The full date, for the title attribute. */
  title: string;
}

/** Posts and comments show a relative time, with the full date as title (docs/screens.md, "Relative times"). */
export function formatRelativeTime(timestamp: string, now: number): RelativeTimeLabel {
  const at = Date.parse(timestamp);
  if (Number.isNaN(at)) return { label: timestamp, title: timestamp };
  const title = fullDate.format(at);
  // A clock slightly behind the server's still reads "now" rather than a negative age.
  const age = Math.max(0, now - at);
  if (age < MINUTE) return { label: 'now', title };
  if (age < HOUR) return { label: `${Math.floor(age / MINUTE)}m`, title };
  if (age < DAY) return { label: `${Math.floor(age / HOUR)}h`, title };
  if (age < WEEK) return { label: `${Math.floor(age / DAY)}d`, title };
  const sameYear = new Date(at).getFullYear() === new Date(now).getFullYear();
  return { label: (sameYear ? shortDate : shortDateWithYear).format(at), title };
}
