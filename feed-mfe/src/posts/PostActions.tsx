import { focusRing } from '@murmur/ui';
import { BookmarkIcon, CommentIcon, HeartIcon, ShareIcon } from '../ui/Icons';

interface PostActionsProps {
  liked: boolean;
  likeCount: number;
  commentCount: number;
  bookmarked: boolean;
  busy: { like: boolean; bookmark: boolean };
  onLike: () => void;
  onBookmark: () => void;
}

const actionButton = `flex items-center gap-1.5 rounded-full px-2.5 py-1.5 text-sm font-medium transition-colors aria-disabled:cursor-progress aria-disabled:opacity-60 ${focusRing}`;

export function PostActions({
  liked,
  likeCount,
  commentCount,
  bookmarked,
  busy,
  onLike,
  onBookmark,
}: PostActionsProps) {
  return (
    <div className="mt-3 flex items-center gap-1 border-t border-slate-100 pt-2 text-slate-600 sm:gap-3">
      <div className="flex items-center">
        <button
          type="button"
          aria-label="Like"
          aria-pressed={liked}
          aria-disabled={busy.like}
          onClick={onLike}
          className={`${actionButton} ${liked ? 'text-rose-600 hover:bg-rose-50' : 'hover:bg-slate-100'}`}
        >
          <HeartIcon filled={liked} />
        </button>
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
      {/* Spec 2: Share is shown and does nothing. */}
      <button type="button" aria-label="Share" className={`${actionButton} hover:bg-slate-100`}>
        <ShareIcon />
      </button>
      <button
        type="button"
        aria-label="Bookmark"
        aria-pressed={bookmarked}
        aria-disabled={busy.bookmark}
        onClick={onBookmark}
        className={`${actionButton} ml-auto ${bookmarked ? 'text-teal-700 hover:bg-teal-50' : 'hover:bg-slate-100'}`}
      >
        <BookmarkIcon filled={bookmarked} />
      </button>
    </div>
  );
}
