import { useMemo, useRef, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { bookmarkIdsAtom, knownUsersAtom, sessionAtom, type Post } from '@murmur/data';
import { PostCard } from './PostCard';
import { PostCardSkeleton } from './PostCardSkeleton';
import { RetryButton } from '@murmur/ui';
import type { PostListData } from './usePostList';
import { VirtualFeed } from './VirtualFeed';

const postKey = (post: Post) => post._id;

interface PostListProps extends PostListData {
  /** Names the list for assistive technology, e.g. "Posts". */
  label: string;
  /** What to show when there are no posts once they have loaded. */
  empty: ReactNode;
  /** The post that takes focus once it is first in the list (after new posts were put in front). */
  focusFirst?: { key: string };
}

/**
 * The posts, in the order given, as a virtualized feed of cards; a skeleton while the first load is on its way and a
 * retryable message when it failed. The next page is asked for as the window nears the end.
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
  focusFirst,
}: PostListProps) {
  // Only the ids: the list re-renders when a bookmark changes, not on every change of the query cache.
  const bookmarks = useAtomValue(bookmarkIdsAtom);
  // The authors came with the pages of posts (and whatever else the cache holds of them).
  const authors = useAtomValue(knownUsersAtom);
  const { user: viewer } = useAtomValue(sessionAtom);
  const listRef = useRef<HTMLDivElement>(null);

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
    <VirtualFeed
      items={posts}
      getKey={postKey}
      label={label}
      feedRef={listRef}
      hasMore={hasMore}
      loadingMore={loadingMore}
      onLoadMore={onLoadMore}
      focusFirst={focusFirst}
      renderItem={(post, position) => (
        <PostCard
          post={post}
          author={authors.get(post.username)}
          viewer={viewer}
          bookmarked={bookmarked.has(post._id)}
          onDeleted={focusList}
          feedPosition={position}
        />
      )}
    />
  );
}
