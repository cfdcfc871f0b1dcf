import type { RemoteName } from '@murmur/config/apps';
import { routes } from '@murmur/config/routes';

/**
 * The remotes whose screens are the signed-out ones (the route table's `session: 'signed-out'`): a sign-in form,
 * drawn as a card. Every other screen is a column of content.
 */
const cardRemotes = new Set<RemoteName>(
  Object.values(routes).flatMap((route) => (route.session === 'signed-out' ? [route.remote] : [])),
);

/**
 * Holds a remote's place while its code loads, in the shape and height its screen will take (the login card, or a
 * column of posts), so the layout does not jump when the remote mounts.
 */
export function RemoteLoading({ remote }: { remote: RemoteName }) {
  return (
    <div role="status" aria-live="polite" className="min-h-[60vh] animate-pulse">
      <span className="sr-only">Loading {remote}…</span>
      {cardRemotes.has(remote) ? (
        <div className="mx-auto w-full max-w-md px-4 max-sm:py-8 sm:py-16">
          <div className="mx-auto mb-6 h-10 w-40 rounded-xl bg-slate-200" />
          <div className="h-[30rem] rounded-2xl bg-slate-200" />
        </div>
      ) : (
        <div className="mx-auto max-w-2xl p-4">
          <div className="h-24 rounded-xl bg-slate-200" />
          <div className="mt-4 h-40 rounded-xl bg-slate-200" />
          <div className="mt-4 h-40 rounded-xl bg-slate-200" />
        </div>
      )}
    </div>
  );
}
