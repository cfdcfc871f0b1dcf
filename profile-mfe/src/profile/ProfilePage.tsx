import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useParams } from '@murmur/router';
import { fetchUsersAtom, sessionAtom, userPostCountAtom, usersStateAtom, type ActionResult } from '@murmur/mock-api';
import { buttonClass, StatusMessage } from '@murmur/ui';
import { EditProfileDialog } from './EditProfileDialog';
import { FollowButton } from './FollowButton';
import { ProfileCard } from './ProfileCard';
import { ProfileLoadFailed } from './ProfileLoadFailed';
import { ProfileSkeleton } from './ProfileSkeleton';
import { UserNotFound } from './UserNotFound';
import { UserPosts } from './UserPosts';

interface Settled {
  key: string;
  result: ActionResult;
}

const editButtonClass = buttonClass({ variant: 'secondary', size: 'sm', pill: true }, 'w-28');

/**
 * /profile/:profileID. The user comes from the shared users state, not a private copy, so a follow or a profile edit
 * made anywhere on the page shows here at once; the post count is a query of the shared cache, refetched after writes.
 */
export function ProfilePage() {
  const { profileID = '' } = useParams();
  const { users } = useAtomValue(usersStateAtom);
  const postCountQuery = useAtomValue(userPostCountAtom(profileID));
  const { user: me } = useAtomValue(sessionAtom);
  const fetchUsers = useSetAtom(fetchUsersAtom);

  const [attempt, setAttempt] = useState(0);
  const usersKey = `${profileID}#${attempt}`;
  const [usersSettled, setUsersSettled] = useState<Settled | null>(null);
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  // Fetched on every visit, so "User not found" is decided on fresh data (a new account is not in an old list).
  useEffect(() => {
    let current = true;
    void fetchUsers().then((result) => current && setUsersSettled({ key: usersKey, result }));
    return () => {
      current = false;
    };
  }, [fetchUsers, usersKey]);

  const user = users.find((candidate) => candidate.username === profileID);
  const lookup = usersSettled?.key === usersKey ? usersSettled.result : null;

  if (!user) {
    if (lookup === null) return <ProfileSkeleton />;
    if (!lookup.ok) return <ProfileLoadFailed error={lookup.error} retry={() => setAttempt((n) => n + 1)} />;
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
            <FollowButton user={user} onError={setMessage} />
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
