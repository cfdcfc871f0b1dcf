import { clsx } from 'clsx';
import { focusRing } from './Button';

interface FollowButtonProps {
  following: boolean;
  /**
   * A toggle is on its way and presses are ignored; the button says so but stays focusable (no `disabled`, which
   * would drop focus). The optimistic follow toggle leaves it unset: every press counts, the last one wins.
   */
  busy?: boolean;
  onToggle: () => void;
  /** The id of what names the person this button is for, where the list around it does not make that plain. */
  describedBy?: string;
  /** Layout from the caller (width, shrink); the look is the same everywhere. */
  className?: string;
}

/** Follow / Unfollow: presentational; the caller does the call and reports a refusal. */
export function FollowButton({ following, busy = false, onToggle, describedBy, className }: FollowButtonProps) {
  return (
    <button
      type="button"
      aria-describedby={describedBy}
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) onToggle();
      }}
      className={clsx(
        'rounded-full border px-3 py-1.5 text-sm font-semibold aria-disabled:cursor-wait aria-disabled:opacity-60',
        focusRing,
        following
          ? 'border-slate-300 bg-white text-slate-700 hover:border-red-300 hover:text-red-700'
          : 'border-teal-600 bg-teal-600 text-white hover:bg-teal-700',
        className,
      )}
    >
      {following ? 'Unfollow' : 'Follow'}
    </button>
  );
}
