import { useSetAtom } from 'jotai';
import { logoutAtom, type User } from '@murmur/mock-api';

/** Shown only when auth-mfe runs alone: there is no feed to go to, so the login's result is said here. */
export function SignedInConfirmation({ user }: { user: User }) {
  const logout = useSetAtom(logoutAtom);
  return (
    <div role="status" className="text-center">
      <img src={user.profilePic} alt="" className="mx-auto h-16 w-16 rounded-full border border-slate-200 object-cover" />
      <h1 className="mt-4 text-xl font-semibold text-slate-900">Signed in as @{user.username}</h1>
      <p className="mt-2 text-sm text-slate-600">
        In the full app you would now see your feed. This page is the login screen on its own.
      </p>
      <button
        type="button"
        onClick={() => logout()}
        className="mt-6 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
      >
        Sign out
      </button>
    </div>
  );
}
