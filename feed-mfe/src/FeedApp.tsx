import { Route, Routes } from 'react-router-dom';
import { BookmarkPage } from './bookmarks/BookmarkPage';
import { ExplorePage } from './explore/ExplorePage';
import { NewsFeedPage } from './feed/NewsFeedPage';
import { FailureNotice } from './notices/FailureNotice';

/** The routes feed-mfe owns: /, /bookmark and /explore. */
export function FeedApp() {
  return (
    <Routes>
      <Route path="/" element={<FeedLayout page={<NewsFeedPage />} />} />
      <Route path="/bookmark" element={<FeedLayout page={<BookmarkPage />} />} />
      <Route path="/explore" element={<FeedLayout page={<ExplorePage />} />} />
      {/* Other routes belong to other remotes; this root renders nothing there until the shell unmounts it. */}
      <Route path="*" element={null} />
    </Routes>
  );
}

function FeedLayout({ page }: { page: React.ReactNode }) {
  return (
    <main
      className="mx-auto max-w-5xl px-3 py-4 sm:px-4 sm:py-6"
      data-remote="feed-mfe"
      data-build={import.meta.env.VITE_BUILD_LABEL ?? 'dev'}
    >
      {page}
      <FailureNotice />
    </main>
  );
}
