import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { fetchPostsAtom, postsStateAtom, sessionAtom, usersStateAtom, type Post } from '@murmur/mock-api';
import { PostCard } from './PostCard';
import { PostCardSkeleton } from './PostCardSkeleton';
import { Button, RetryButton } from '@murmur/ui';

/** Thousands of cards at once would freeze the page; more come on request. */
export const PAGE_SIZE = 50;

interface PostListProps {
  posts: Post[];
  /** Names the list for assistive technology, e.g. "Posts". */
  label: string;
  /** What to show when there are no posts once they have loaded. */
  empty: ReactNode;
}

/**
 * The posts, in the order given, as cards; a skeleton while the first load is on its way and a retryable message
 * when it failed.
 */
export function PostList({ posts, label, empty }: PostListProps) {
  const { status, bookmarks, error } = useAtomValue(postsStateAtom);
  const { users } = useAtomValue(usersStateAtom);
  const { user: viewer } = useAtomValue(sessionAtom);
  const fetchPosts = useSetAtom(fetchPostsAtom);
  const [shown, setShown] = useState(PAGE_SIZE);
  const listRef = useRef<HTMLUListElement>(null);

  const authors = useMemo(() => new Map(users.map((user) => [user.username, user])), [users]);
  const bookmarked = useMemo(() => new Set(bookmarks), [bookmarks]);

  const firstLoad = posts.length === 0 && (status === 'idle' || status === 'pending');
  if (firstLoad) {
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
        {status === 'rejected' && error ? (
          <>
            <p>Could not load the posts. {error}</p>
            <RetryButton onRetry={() => void fetchPosts()} className="mt-3" />
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
        {posts.slice(0, shown).map((post) => (
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
      {posts.length > shown ? (
        <div className="mt-4 flex flex-col items-center gap-1">
          <Button variant="outline" onClick={() => setShown((count) => count + PAGE_SIZE)}>
            Show more
          </Button>
          <p className="text-xs text-slate-500">
            Showing {shown} of {posts.length} posts
          </p>
        </div>
      ) : null}
    </div>
  );
}
