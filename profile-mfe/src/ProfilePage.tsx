import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { getUser, type User } from '@murmur/mock-api';

export function ProfilePage() {
  const { profileID = '' } = useParams();
  const [user, setUser] = useState<User | null>(null);
  useEffect(() => {
    let current = true;
    void getUser(profileID).then(({ user }) => current && setUser(user));
    return () => {
      current = false;
    };
  }, [profileID]);
  return (
    <main className="mx-auto max-w-2xl p-4" data-remote="profile-mfe">
      {user ? (
        <h1 className="text-xl font-bold">
          {user.firstName} {user.lastName} <span className="text-slate-500">@{user.username}</span>
        </h1>
      ) : (
        <p>Loading profile…</p>
      )}
      <Link to="/">Back to the feed</Link>
    </main>
  );
}
