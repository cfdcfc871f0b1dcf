import { useAtomValue, useSetAtom } from 'jotai';
import { useBusyAction } from '@murmur/ui';
import { isFollowing, sessionAtom, toggleFollowAtom, type User } from '@murmur/mock-api';
import { failureMessage } from './failureMessage';

interface FollowToggleReports {
  /** A refused toggle, as one sentence saying what failed and why; nothing changed. */
  onFailure: (message: string) => void;
  onSuccess?: () => void;
}

/**
 * Follow / Unfollow of `user` by the session user (spec 4), wherever the button is drawn: whether they follow now,
 * whether a toggle is on its way (a press meanwhile is ignored), and the toggle itself.
 */
export function useFollowToggle(user: Pick<User, '_id' | 'username'>, { onFailure, onSuccess }: FollowToggleReports) {
  const toggleFollow = useSetAtom(toggleFollowAtom);
  const { user: viewer } = useAtomValue(sessionAtom);
  const [busy, runBusy] = useBusyAction();
  const following = isFollowing(viewer, user.username);

  const toggle = async () => {
    const result = await runBusy(() => toggleFollow({ _id: user._id, username: user.username }));
    if (!result) return;
    if (result.ok) onSuccess?.();
    else onFailure(failureMessage(`Could not ${following ? 'unfollow' : 'follow'} @${user.username}`, result.error));
  };
  return { following, busy, toggle: () => void toggle() };
}
