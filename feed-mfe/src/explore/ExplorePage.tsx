import { useAtomValue } from 'jotai';
import { latestPostsAtom } from '@murmur/mock-api';
import { PostList } from '../posts/PostList';
import { useRefreshingPosts, useUsersLoaded } from '../posts/usePostsData';

/** `/explore`: every post, newest first. */
export function ExplorePage() {
  const posts = useAtomValue(latestPostsAtom);
  useRefreshingPosts();
  useUsersLoaded();
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Explore</h1>
      <PostList posts={posts} label="All posts" empty={<p>No posts yet.</p>} />
    </div>
  );
}
