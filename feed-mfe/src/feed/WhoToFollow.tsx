import { useEffect, useId, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from '@murmur/router';
import { profilePath } from '@murmur/config/routes';
import { otherUsersAtom, usersPagesAtom } from '@murmur/data';
import { Avatar } from '../ui/Avatar';
import { SuggestionFollowButton } from './SuggestionFollowButton';

/** A long users list (scaled data) stays short until asked. */
const SHOWN_AT_FIRST = 10;

/**
 * The side list of the other users (docs/screens.md, "News feed"), each with Follow / Unfollow: the first ten, then
 * twenty more a press of "Show more people", the users list's next page asked for when the loaded ones run out.
 */
export function WhoToFollow() {
  const users = useAtomValue(otherUsersAtom);
  // The users list's own query, not the users state: a change to any cached query does not draw this list again.
  const { isPending, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } =
    useAtomValue(usersPagesAtom);
  const [shown, setShown] = useState(SHOWN_AT_FIRST);
  const short = users.length < shown && hasNextPage;
  useEffect(() => {
    // A page that failed is not asked for again by itself: the next press asks.
    if (short && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [short, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const headingId = useId();
  const loading = users.length === 0 && isPending;

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Who to follow
      </h2>
      {loading ? (
        <ul aria-hidden="true" className="mt-3 animate-pulse space-y-3">
          {[0, 1, 2, 3, 4, 5].map((row) => (
            <li key={row} className="flex h-10 items-center gap-3">
              <div className="h-10 w-10 rounded-full bg-slate-200" />
              <div className="h-4 flex-1 rounded bg-slate-100" />
            </li>
          ))}
        </ul>
      ) : users.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Nobody else is here yet.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {users.slice(0, shown).map((user) => (
            <li key={user._id} className="flex items-center gap-3">
              <Avatar src={user.profilePic} username={user.username} />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold text-slate-900">
                  {user.firstName} {user.lastName}
                </p>
                <Link
                  id={`${headingId}-${user._id}`}
                  to={profilePath(user.username)}
                  className="block truncate text-sm text-slate-500 hover:text-teal-700 hover:underline"
                >
                  @{user.username}
                </Link>
              </div>
              <SuggestionFollowButton user={user} describedBy={`${headingId}-${user._id}`} />
            </li>
          ))}
        </ul>
      )}
      {users.length > shown || hasNextPage ? (
        <button
          type="button"
          onClick={() => setShown((count) => count + SHOWN_AT_FIRST * 2)}
          className="mt-3 text-sm font-medium text-teal-700 hover:underline"
        >
          Show more people
        </button>
      ) : null}
    </section>
  );
}
