import type { FallbackProps } from 'react-error-boundary';
import { routes } from '@murmur/config/routes';
import { buttonClass } from '@murmur/ui';

// The route, not the build's base: the base is './' (one build serves from any URL), and the live page's <base>
// points into its version folder, so a relative link would lead there (a 404) rather than to the feed.
const feedUrl = routes.newsFeed.path;

/**
 * What the page shows instead of a blank screen when the shell itself throws (the top bar, a guard). The router may
 * be what broke, so the ways back are plain page loads: the feed, or this address again.
 */
export function AppCrashed({ error }: FallbackProps) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <main role="alert" className="mx-auto mt-16 max-w-md px-4 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Murmur stopped working</h1>
      <p className="mt-2 text-slate-600">Something went wrong on this page. Your posts and session are safe.</p>
      <p className="mt-2 font-mono text-xs break-words text-slate-500">{message}</p>
      <div className="mt-6 flex justify-center gap-3">
        <a href={feedUrl} className={buttonClass({ size: 'lg' })}>
          Go to the feed
        </a>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className={buttonClass({ variant: 'secondary', size: 'lg' })}
        >
          Reload
        </button>
      </div>
    </main>
  );
}
