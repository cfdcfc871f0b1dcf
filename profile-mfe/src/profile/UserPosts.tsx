import { ErrorBoundary } from 'react-error-boundary';
import { useRemoteComponent } from '@murmur/remote-kit';
import { RetryButton } from '@murmur/ui';
import { PostsSkeleton } from './PostsSkeleton';

/**
 * The user's posts, drawn by feed-mfe's post list (the one post card of the product). If feed-mfe cannot be
 * loaded, only this part says so; the profile card above keeps working.
 */
export function UserPosts({ username }: { username: string }) {
  const remote = useRemoteComponent('feed-mfe/UserPostList');
  return (
    <section aria-label="Posts" aria-busy={remote.status === 'loading'} className="mt-4">
      {remote.status === 'loading' ? <PostsSkeleton /> : null}
      {remote.status === 'failed' ? <PostsUnavailable retry={remote.retry} /> : null}
      {remote.status === 'ready' ? (
        // Another team's component that throws while rendering takes down only this part of the profile page.
        <ErrorBoundary fallbackRender={({ resetErrorBoundary }) => <PostsUnavailable retry={resetErrorBoundary} />}>
          <remote.Component username={username} />
        </ErrorBoundary>
      ) : null}
    </section>
  );
}

function PostsUnavailable({ retry }: { retry: () => void }) {
  return (
    <div
      className={[
        'flex flex-col items-center gap-3 rounded-xl border',
        'border-slate-200 bg-white p-6 text-center text-slate-700 shadow-sm',
      ].join(' ')}
    >
      <p>The posts could not be loaded.</p>
      <RetryButton onRetry={retry} />
    </div>
  );
}
