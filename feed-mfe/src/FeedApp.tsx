import type { ComponentType } from 'react';
import { Route, Routes } from '@murmur/router';
import { routesOf, type RouteNameOf } from '@murmur/config/routes';
import { BookmarkPage } from './bookmarks/BookmarkPage';
import { ExplorePage } from './explore/ExplorePage';
import { NewsFeedPage } from './feed/NewsFeedPage';
import { FailureNotice } from './notices/FailureNotice';

/** The page of each route feed-mfe owns in packages/config/routes.js: a route without its page does not type check. */
const pages: Record<RouteNameOf<'feed-mfe'>, ComponentType> = {
  newsFeed: NewsFeedPage,
  bookmark: BookmarkPage,
  explore: ExplorePage,
};

export function FeedApp() {
  return (
    <Routes>
      {routesOf('feed-mfe').map(({ name, path }) => {
        const Page = pages[name];
        return <Route key={name} path={path} element={<FeedLayout page={<Page />} />} />;
      })}
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
