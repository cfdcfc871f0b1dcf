import type { User } from '@murmur/mock-api';
import { useFollowToggle } from '@murmur/remote-kit';
import { FollowButton as FollowToggle } from '@murmur/ui';

interface FollowButtonProps {
  user: User;
  onError: (message: string) => void;
}

/** Follow / Unfollow on another user's profile; the shared users state carries the change to every screen. */
export function FollowButton({ user, onError }: FollowButtonProps) {
  const { following, toggle } = useFollowToggle(user, { onFailure: onError });
  return <FollowToggle following={following} onToggle={toggle} className="w-28" />;
}
