import { useMemo, useRef, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { postsStateAtom, sessionAtom, usersStateAtom } from '@murmur/mock-api';
import { PostCard } from './PostCard';
import { PostCardSkeleton } from './PostCardSkeleton';
import { Button, RetryButton } from '@murmur/ui';
import type { PostListData } from './usePostList';

interface PostListProps extends PostListData {
  /** Names the list for assistive technology, e.g. "Posts". */
  label: string;
  /** What to show when there are no posts once they have loaded. */
  empty: ReactNode;
}

/**
 * The posts, in the order given, as cards; a skeleton while the first load is on its way and a retryable message
 * when it failed.
 */
export function PostList({
  posts,
  label,
  empty,
  loading,
  error,
  onRetry,
  hasMore,
  loadingMore,
  onLoadMore,
}: PostListProps) {
  const { bookmarks } = useAtomValue(postsStateAtom);
  const { users } = useAtomValue(usersStateAtom);
  const { user: viewer } = useAtomValue(sessionAtom);
  const listRef = useRef<HTMLUListElement>(null);

  const authors = useMemo(() => new Map(users.map((user) => [user.username, user])), [users]);
  const bookmarked = useMemo(() => new Set(bookmarks), [bookmarks]);

  if (loading) {
    return (
      <div aria-busy="true" className="space-y-4">
        <p className="sr-only">Loading posts…</p>
        <PostCardSkeleton />
        <PostCardSkeleton />
        <PostCardSkeleton />
      </div>
    );
  }
  if (posts.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">
        {error ? (
          <>
            <p>Could not load the posts. {error}</p>
            <RetryButton onRetry={onRetry} className="mt-3" />
          </>
        ) : (
          empty
        )}
      </div>
    );
  }

  // After a delete the card's button is gone; the list itself takes focus rather than the page's body.
  const focusList = () => listRef.current?.focus();

  return (
    <div>
      <ul ref={listRef} aria-label={label} tabIndex={-1} className="space-y-4 focus:outline-none">
        {posts.map((post) => (
          <li key={post._id}>
            <PostCard
              post={post}
              author={authors.get(post.username)}
              viewer={viewer}
              bookmarked={bookmarked.has(post._id)}
              onDeleted={focusList}
            />
          </li>
        ))}
      </ul>
      {/* Until the virtualized list takes over paging (h11virtual), the next page comes on request. */}
      <div className="mt-4 flex flex-col items-center gap-1 text-sm text-slate-500">
        {loadingMore ? (
          <p>Loading more posts…</p>
        ) : hasMore ? (
          <Button variant="outline" onClick={onLoadMore}>
            Load more
          </Button>
        ) : (
          <p>You have reached the end.</p>
        )}
      </div>
    </div>
  );
}
