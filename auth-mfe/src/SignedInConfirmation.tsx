import { useSetAtom } from 'jotai';
import { logoutAtom, type User } from '@murmur/data';
import { Button } from '@murmur/ui';

/** Shown only when auth-mfe runs alone: there is no feed to go to, so the login's result is said here. */
export function SignedInConfirmation({ user }: { user: User }) {
  const logout = useSetAtom(logoutAtom);
  return (
    <div role="status" className="text-center">
      <img
        src={user.profilePic}
        alt=""
        className="mx-auto h-16 w-16 rounded-full border border-slate-200 object-cover"
      />
      <h1 className="mt-4 text-xl font-semibold text-slate-900">Signed in as @{user.username}</h1>
      <p className="mt-2 text-sm text-slate-600">
        In the full app you would now see your feed. This page is the login screen on its own.
      </p>
      <Button variant="secondary" onClick={() => logout()} className="mt-6">
        Sign out
      </Button>
    </div>
  );
}
