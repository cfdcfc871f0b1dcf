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
  // Counts the presses of "N new posts": each takes the reader to the top, focus on the first new post.
  const [toFirst, setToFirst] = useState(0);
  const showFirst = () => {
    window.scrollTo({ top: 0, behavior: 'instant' });
    setToFirst((presses) => presses + 1);
  };

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
