import { useSetAtom } from 'jotai';
import type { User } from '@murmur/data';
import { useFollowToggle } from '@murmur/remote-kit';
import { FollowButton } from '@murmur/ui';
import { failureNoticeAtom, useClearFailure } from '../notices/failureNoticeAtom';

/**
 * Follow / Unfollow in Who to Follow; a refusal shows in the feed's failure notice. `describedBy` names whom it is for.
 */
export function SuggestionFollowButton({ user, describedBy }: { user: User; describedBy: string }) {
  const { following, toggle } = useFollowToggle(user, {
    onFailure: useSetAtom(failureNoticeAtom),
    onSuccess: useClearFailure(),
  });
  return (
    <FollowButton
      following={following}

      onToggle={toggle}
      describedBy={describedBy}
      className="w-24 shrink-0"
    />
  );
}
