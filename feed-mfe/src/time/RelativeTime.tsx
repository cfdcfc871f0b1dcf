import { formatRelativeTime } from './formatRelativeTime';
import { useMinuteClock } from './minuteClock';

export function RelativeTime({ timestamp, className }: { timestamp: string; className?: string }) {
  const { label, title } = formatRelativeTime(timestamp, useMinuteClock());
  return (
    <time dateTime={timestamp} title={title} className={className}>
      {label}
    </time>
  );
}
