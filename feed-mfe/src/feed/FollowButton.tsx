import { useAtomValue, useSetAtom } from 'jotai';
import { isFollowing, sessionAtom, toggleFollowAtom, type User } from '@murmur/mock-api';
import { FollowButton as FollowToggle, useBusyAction } from '@murmur/ui';
import { useClearFailure, useReportFailure } from '../notices/failureNoticeAtom';

/** Follow / Unfollow on the session user's following list (spec 4); `describedBy` names whom it is for. */
export function FollowButton({ user, describedBy }: { user: User; describedBy: string }) {
  const toggleFollow = useSetAtom(toggleFollowAtom);
  const { user: viewer } = useAtomValue(sessionAtom);
  const reportFailure = useReportFailure();
  const clearFailure = useClearFailure();
  const [busy, runBusy] = useBusyAction();
  const following = isFollowing(viewer, user.username);

  const toggle = async () => {
    const result = await runBusy(() => toggleFollow({ _id: user._id, username: user.username }));
    if (!result) return;
    if (result.ok) clearFailure();
    else reportFailure(following ? `Could not unfollow ${user.username}` : `Could not follow ${user.username}`, result.error);
  };

  return (
    <FollowToggle
      following={following}
      busy={busy}
      onToggle={() => void toggle()}
      describedBy={describedBy}
      className="w-24 shrink-0"
    />
  );
}
