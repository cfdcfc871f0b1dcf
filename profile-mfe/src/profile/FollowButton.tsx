import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { isFollowing, sessionAtom, toggleFollowAtom, type User } from '@murmur/mock-api';

interface FollowButtonProps {
  user: User;
  onError: (message: string) => void;
}

/** Follow / Unfollow for another user's profile; the shared users state carries the change to every screen. */
export function FollowButton({ user, onError }: FollowButtonProps) {
  const { user: me } = useAtomValue(sessionAtom);
  const toggleFollow = useSetAtom(toggleFollowAtom);
  const [busy, setBusy] = useState(false);
  const following = isFollowing(me, user.username);

  async function toggle() {
    setBusy(true);
    const result = await toggleFollow({ _id: user._id, username: user.username });
    setBusy(false);
    if (!result.ok) {
      onError(`Could not ${following ? 'unfollow' : 'follow'} @${user.username}: ${result.error}. Try again.`);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void toggle()}
      disabled={busy}
      className={
        following
          ? 'w-28 rounded-full border border-teal-600 bg-white px-4 py-1.5 text-sm font-semibold text-teal-700 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:opacity-60'
          : 'w-28 rounded-full border border-teal-600 bg-teal-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:opacity-60'
      }
    >
      {following ? 'Unfollow' : 'Follow'}
    </button>
  );
}
