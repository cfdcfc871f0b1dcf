import type { ReactNode } from 'react';
import { focusRing } from '@murmur/ui';
import { BookmarkIcon, CommentIcon, HeartIcon, ShareIcon } from '../ui/Icons';

interface PostActionsProps {
  liked: boolean;
  likeCount: number;
  commentCount: number;
  bookmarked: boolean;
  onLike: () => void;
  onBookmark: () => void;
}

const actionButton =
  'flex items-center gap-1.5 rounded-full px-2.5 py-1.5 text-sm font-medium transition-colors ' + focusRing;

export function PostActions({ liked, likeCount, commentCount, bookmarked, onLike, onBookmark }: PostActionsProps) {
  return (
    <div className="mt-3 flex items-center gap-1 border-t border-slate-100 pt-2 text-slate-600 sm:gap-3">
      <div className="flex items-center">
        <ToggleAction label="Like" pressed={liked} onToggle={onLike} pressedClass="text-rose-600 hover:bg-rose-50">
          <HeartIcon filled={liked} />
        </ToggleAction>
        <span className="min-w-4 text-sm tabular-nums" data-testid="like-count">
          {likeCount}
        </span>
      </div>
      <span className="flex items-center gap-1.5 px-2.5 text-sm">
        <CommentIcon />
        <span className="tabular-nums">
          {commentCount} {commentCount === 1 ? 'comment' : 'comments'}
        </span>
      </span>
      {/* Share is shown and does nothing (docs/screens.md, "Post card"). */}
      <button type="button" aria-label="Share" className={`${actionButton} hover:bg-slate-100`}>
        <ShareIcon />
      </button>
      <ToggleAction
        label="Bookmark"
        pressed={bookmarked}
        onToggle={onBookmark}
        pressedClass="text-teal-700 hover:bg-teal-50"
        className="ml-auto"
      >
        <BookmarkIcon filled={bookmarked} />
      </ToggleAction>
    </div>
  );
}

interface ToggleActionProps {
  label: string;
  pressed: boolean;
  onToggle: () => void;
  /** Colours of the pressed state. */
  pressedClass: string;
  className?: string;
  children: ReactNode;
}

/** A toggle with its state in aria-pressed, which changes at once on a press (the write is optimistic). */
function ToggleAction({ label, pressed, onToggle, pressedClass, className = '', children }: ToggleActionProps) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      onClick={onToggle}
      className={`${actionButton} ${className} ${pressed ? pressedClass : 'hover:bg-slate-100'}`}
    >
      {children}
    </button>
  );
}
