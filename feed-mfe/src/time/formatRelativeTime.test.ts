import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './formatRelativeTime';

const now = Date.parse('2026-06-15T12:00:00+00:00');
const ago = (ms: number) => new Date(now - ms).toISOString();
const MINUTE = 60_000;

describe('formatRelativeTime', () => {
  it('reads "now" under a minute, and for a timestamp slightly in the future', () => {
    expect(formatRelativeTime(ago(59_000), now).label).toBe('now');
    expect(formatRelativeTime(ago(-5_000), now).label).toBe('now');
  });

  it('counts whole minutes, hours and days', () => {
    expect(formatRelativeTime(ago(5 * MINUTE), now).label).toBe('5m');
    expect(formatRelativeTime(ago(59 * MINUTE + 59_000), now).label).toBe('59m');
    expect(formatRelativeTime(ago(60 * MINUTE), now).label).toBe('1h');
    expect(formatRelativeTime(ago(3 * 60 * MINUTE + 20 * MINUTE), now).label).toBe('3h');
    expect(formatRelativeTime(ago(24 * 60 * MINUTE), now).label).toBe('1d');
    expect(formatRelativeTime(ago(6 * 24 * 60 * MINUTE), now).label).toBe('6d');
  });

  it('shows a date from a week on, with the year only when it differs', () => {
    expect(formatRelativeTime('2026-06-08T12:00:00+00:00', now).label).toBe('Jun 8');
    expect(formatRelativeTime('2025-03-05T12:00:00+00:00', now).label).toBe('Mar 5, 2025');
  });

  it('gives the full date as title, and accepts the API form with an offset', () => {
    const { title } = formatRelativeTime('2026-06-15T11:00:00+00:00', now);
    expect(title).toMatch(/June 15, 2026/);
    expect(title).toMatch(/Monday/);
  });

  it('passes an unreadable timestamp through rather than showing "Invalid Date"', () => {
    expect(formatRelativeTime('soon', now)).toEqual({ label: 'soon', title: 'soon' });
  });
});
