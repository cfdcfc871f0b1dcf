import { useAtomValue } from 'jotai';
import { sessionAtom } from '@murmur/data';
import { LoginForm } from './LoginForm';
import { SignedInConfirmation } from './SignedInConfirmation';

// Phone and wider paddings use exclusive variants (max-sm: / sm:): another app's stylesheet, loaded later, would
// otherwise override a responsive value with its plain one.
export function LoginPage({ confirmSignIn }: { confirmSignIn: boolean }) {
  const { user } = useAtomValue(sessionAtom);
  const signedInAlone = confirmSignIn && user !== null;
  return (
    <main data-remote="auth-mfe" className="flex justify-center px-4 max-sm:py-8 sm:py-16">
      <div className="w-full max-w-md">
        <p className="mb-6 flex items-center justify-center gap-2 text-3xl font-bold tracking-tight text-teal-700">
          <span
            aria-hidden="true"
            className="grid h-10 w-10 place-items-center rounded-xl bg-teal-600 text-2xl text-white"
          >
            M
          </span>
          Murmur
        </p>
        <div className="rounded-2xl border border-slate-200 bg-white shadow-sm max-sm:p-6 sm:p-8">
          {signedInAlone ? <SignedInConfirmation user={user} /> : <LoginForm />}
        </div>
      </div>
    </main>
  );
}
