import { useAtomValue, useSetAtom } from 'jotai';
import { isFollowing, sessionAtom, toggleFollowAtom, type User } from '@murmur/mock-api';
import { FollowButton as FollowToggle, useBusyAction } from '@murmur/ui';

interface FollowButtonProps {
  user: User;
  onError: (message: string) => void;
}

/** Follow / Unfollow for another user's profile; the shared users state carries the change to every screen. */
export function FollowButton({ user, onError }: FollowButtonProps) {
  const { user: me } = useAtomValue(sessionAtom);
  const toggleFollow = useSetAtom(toggleFollowAtom);
  const [busy, runBusy] = useBusyAction();
  const following = isFollowing(me, user.username);

  async function toggle() {
    const result = await runBusy(() => toggleFollow({ _id: user._id, username: user.username }));
    if (result && !result.ok) {
      onError(`Could not ${following ? 'unfollow' : 'follow'} @${user.username}: ${result.error}. Try again.`);
    }
  }

  return <FollowToggle following={following} busy={busy} onToggle={() => void toggle()} className="w-28" />;
}
