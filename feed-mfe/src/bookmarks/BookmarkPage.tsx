import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { bookmarkedPostsAtom, fetchBookmarksAtom, postsStateAtom } from '@murmur/mock-api';
import { PostList } from '../posts/PostList';
import { useRefreshingPosts, useUsersLoaded } from '../posts/usePostsData';

export function bookmarkHeading(count: number): string {
  if (count === 0) return 'No Post is bookmarked yet';
  return count === 1 ? '1 Bookmarked Post' : `${count} Bookmarked Posts`;
}

/** `/bookmark`: the heading counts the bookmarked posts (spec 2.4), then those posts. */
export function BookmarkPage() {
  const posts = useAtomValue(bookmarkedPostsAtom);
  const { status, posts: allPosts } = useAtomValue(postsStateAtom);
  const fetchBookmarks = useSetAtom(fetchBookmarksAtom);
  useRefreshingPosts();
  useUsersLoaded();
  useEffect(() => {
    void fetchBookmarks();
  }, [fetchBookmarks]);

  // Until the posts are there, the count is unknown: a placeholder of the heading's size, not a wrong "No Post".
  const loading = allPosts.length === 0 && (status === 'idle' || status === 'pending');

  return (
    <div className="mx-auto max-w-2xl space-y-4">
      {loading ? (
        <div aria-hidden="true" className="h-8 w-56 animate-pulse rounded bg-slate-200" />
      ) : (
        <h1 className="text-2xl font-bold text-slate-900">{bookmarkHeading(posts.length)}</h1>
      )}
      <PostList posts={posts} label="Bookmarked posts" empty={<p>Tap the bookmark on a post to keep it here.</p>} />
    </div>
  );
}
