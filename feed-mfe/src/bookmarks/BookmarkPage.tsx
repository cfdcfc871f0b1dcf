import { useEffect, useMemo } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { bookmarkIdsAtom, fetchBookmarksAtom } from '@murmur/data';
import { pageLists } from '../posts/pageLists';
import { PostList } from '../posts/PostList';
import { usePostList } from '../posts/usePostList';

export function bookmarkHeading(count: number): string {
  if (count === 0) return 'No Post is bookmarked yet';
  return count === 1 ? '1 Bookmarked Post' : `${count} Bookmarked Posts`;
}

/**
 * `/bookmark`: the heading counts the bookmarked posts (docs/screens.md, "Explore and Bookmark"), then those posts, a
 * page at a time.
 */
export function BookmarkPage() {
  const list = usePostList(useAtomValue(pageLists.bookmark));
  const bookmarks = useAtomValue(bookmarkIdsAtom);
  const fetchBookmarks = useSetAtom(fetchBookmarksAtom);
  // An un-bookmarked post leaves the page at the press (and comes back if the back end refuses).
  const posts = useMemo(() => {
    const kept = new Set(bookmarks);
    return list.posts.filter((post) => kept.has(post._id));
  }, [list.posts, bookmarks]);
  useEffect(() => {
    void fetchBookmarks();
  }, [fetchBookmarks]);

  return (
    <div className="mx-auto max-w-2xl space-y-4">
      {/* Until the first page is there, the count may be a stale copy: a placeholder of the heading's size. */}
      {list.loading ? (
        <div aria-hidden="true" className="h-8 w-56 animate-pulse rounded bg-slate-200" />
      ) : (
        <h1 className="text-2xl font-bold text-slate-900">{bookmarkHeading(bookmarks.length)}</h1>
      )}
      <PostList
        {...list}
        posts={posts}
        label="Bookmarked posts"
        empty={<p>Tap the bookmark on a post to keep it here.</p>}
      />
    </div>
  );
}
