import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { pageLists } from '../posts/pageLists';
import { PostList } from '../posts/PostList';
import { usePostList } from '../posts/usePostList';
import { Composer } from './Composer';
import { FeedModeToggle } from './FeedModeToggle';
import { NewPostsButton } from './NewPostsButton';
import { WhoToFollow } from './WhoToFollow';

/** `/`: composer, Latest / Trending, the posts, and "Who to follow" beside them (below them on a phone). */
export function NewsFeedPage() {
  const list = usePostList(useAtomValue(pageLists.newsFeed));
  // Each press of "N new posts" ends with focus on the first new post.
  const [toFirst, setToFirst] = useState<{ key: string }>();
  const showFirst = (first: string) => setToFirst({ key: first });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-4">
        <h1 className="sr-only">News feed</h1>
        <Composer />
        <FeedModeToggle />
        <NewPostsButton onShown={showFirst} />
        <PostList
          {...list}
          focusFirst={toFirst}
          label="Posts"
          empty={<p>No posts yet. Be the first to share something.</p>}
        />
      </div>
      <aside className="lg:sticky lg:top-20 lg:self-start">
        <WhoToFollow />
      </aside>
    </div>
  );
}
