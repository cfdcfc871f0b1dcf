import { Route, Routes } from 'react-router-dom';
import { PostList } from './posts/PostList';

/** The routes feed-mfe owns: /, /bookmark and /explore. */
export function FeedApp() {
  return (
    <main className="mx-auto max-w-2xl p-4" data-remote="feed-mfe" data-build={import.meta.env.VITE_BUILD_LABEL ?? 'dev'}>
      <Routes>
        <Route path="/" element={<PostList />} />
        <Route path="/bookmark" element={<PostList />} />
        <Route path="/explore" element={<PostList />} />
        {/* Other routes belong to other remotes; this root renders nothing there until the shell unmounts it. */}
        <Route path="*" element={null} />
      </Routes>
    </main>
  );
}
