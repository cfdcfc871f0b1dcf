import type { User } from '@murmur/data';
import { useFollowToggle } from '@murmur/remote-kit';
import { FollowButton } from '@murmur/ui';

interface ProfileFollowButtonProps {
  user: User;
  onError: (message: string) => void;
}

/** Follow / Unfollow on another user's profile; the shared users state carries the change to every screen. */
export function ProfileFollowButton({ user, onError }: ProfileFollowButtonProps) {
  const { following, toggle } = useFollowToggle(user, { onFailure: onError });
  return <FollowButton following={following} onToggle={toggle} className="w-28" />;
}
