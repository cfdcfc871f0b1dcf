import { useAtomValue } from 'jotai';
import { pageLists } from '../posts/pageLists';
import { PostList } from '../posts/PostList';
import { usePostList } from '../posts/usePostList';

/** `/explore`: every post, newest first (the same cached list as the feed's Latest). */
export function ExplorePage() {
  const list = usePostList(useAtomValue(pageLists.explore));
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Explore</h1>
      <PostList {...list} label="All posts" empty={<p>No posts yet.</p>} />
    </div>
  );
}
