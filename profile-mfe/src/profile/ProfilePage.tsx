import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useParams } from '@murmur/router';
import { sessionAtom, userAtom, userPostCountAtom } from '@murmur/data';
import { buttonClass, StatusMessage } from '@murmur/ui';
import { EditProfileDialog } from './EditProfileDialog';
import { ProfileFollowButton } from './ProfileFollowButton';
import { ProfileCard } from './ProfileCard';
import { ProfileLoadFailed } from './ProfileLoadFailed';
import { ProfileSkeleton } from './ProfileSkeleton';
import { UserNotFound } from './UserNotFound';
import { UserPosts } from './UserPosts';

const editButtonClass = buttonClass({ variant: 'secondary', size: 'sm', pill: true }, 'w-28');

/**
 * /profile/:profileID. The user is a query of the shared cache, which follows and profile edits made anywhere on the
 * page patch at once; the post count is another, refetched after writes.
 */
export function ProfilePage() {
  const { profileID = '' } = useParams();
  const userQuery = useAtomValue(userAtom(profileID));
  const postCountQuery = useAtomValue(userPostCountAtom(profileID));
  const { user: me } = useAtomValue(sessionAtom);
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const user = userQuery.data;
  if (!user) {
    if (userQuery.isError)
      return <ProfileLoadFailed error={userQuery.error.message} retry={() => void userQuery.refetch()} />;
    // "User not found" is decided on a fresh answer, not on one cached before the account existed.
    if (user === undefined || userQuery.isFetching) return <ProfileSkeleton />;
    return <UserNotFound username={profileID} />;
  }

  const postCount = postCountQuery.isPending ? 'loading' : postCountQuery.isError ? 'unknown' : postCountQuery.data;
  const isOwn = me?.username === user.username;

  return (
    <>
      <ProfileCard
        user={user}
        postCount={postCount}
        action={
          isOwn ? (
            <button type="button" className={editButtonClass} onClick={() => setEditing(true)}>
              Edit Profile
            </button>
          ) : (
            <ProfileFollowButton user={user} onError={setMessage} />
          )
        }
      />
      <div className="mt-3">
        <StatusMessage message={message} onDismiss={() => setMessage(null)} />
      </div>
      <UserPosts username={user.username} />
      {editing && isOwn ? <EditProfileDialog user={user} onClose={() => setEditing(false)} /> : null}
    </>
  );
}
