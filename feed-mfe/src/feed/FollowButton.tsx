import { useRef } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { isFollowing, sessionAtom, toggleFollowAtom, type User } from '@murmur/mock-api';
import { useClearFailure, useReportFailure } from '../notices/failureNoticeAtom';

/** Follow / Unfollow on the session user's following list (spec 4); `describedBy` names whom it is for. */
export function FollowButton({ user, describedBy }: { user: User; describedBy: string }) {
  const toggleFollow = useSetAtom(toggleFollowAtom);
  const { user: viewer } = useAtomValue(sessionAtom);
  const reportFailure = useReportFailure();
  const clearFailure = useClearFailure();
  const sending = useRef(false);
  const following = isFollowing(viewer, user.username);

  const onClick = async () => {
    if (sending.current) return;
    sending.current = true;
    const result = await toggleFollow({ _id: user._id, username: user.username });
    sending.current = false;
    if (result.ok) clearFailure();
    else reportFailure(following ? `Could not unfollow ${user.username}` : `Could not follow ${user.username}`, result.error);
  };

  return (
    <button
      type="button"
      aria-describedby={describedBy}
      onClick={() => void onClick()}
      className={`w-24 shrink-0 rounded-full px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 ${
        following
          ? 'border border-slate-300 bg-white text-slate-700 hover:border-red-300 hover:text-red-700'
          : 'bg-teal-600 text-white hover:bg-teal-700'
      }`}
    >
      {following ? 'Unfollow' : 'Follow'}
    </button>
  );
}
