import { useAtomValue, useSetAtom } from 'jotai';
import { isFollowing, sessionAtom, toggleFollowAtom, type User } from '@murmur/data';
import { failureMessage } from './failureMessage';

interface FollowToggleReports {
  /** A refused toggle, as one sentence saying what failed and why; nothing changed. */
  onFailure: (message: string) => void;
  onSuccess?: () => void;
}

/**
 * Follow / Unfollow of `user` by the session user (docs/data-layer.md, "Optimistic writes"), wherever the button is
 * drawn: whether they follow now (changed at once by a press; the last of rapid presses wins) and the toggle itself.
 */
export function useFollowToggle(user: Pick<User, '_id' | 'username'>, { onFailure, onSuccess }: FollowToggleReports) {
  const toggleFollow = useSetAtom(toggleFollowAtom);
  const { user: viewer } = useAtomValue(sessionAtom);
  const following = isFollowing(viewer, user.username);

  const toggle = async () => {
    const result = await toggleFollow({ _id: user._id, username: user.username });
    if (result.ok) onSuccess?.();
    else onFailure(failureMessage(`Could not ${following ? 'unfollow' : 'follow'} @${user.username}`, result.error));
  };
  return { following, toggle: () => void toggle() };
}
