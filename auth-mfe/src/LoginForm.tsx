import { useId, useRef, useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { loginAtom } from '@murmur/data';
import { DEMO_ACCOUNT } from '@murmur/mock-api';
import { Field } from './Field';
import { NowhereLink } from './NowhereLink';
import { PasswordInput } from './PasswordInput';
import { Button } from '@murmur/ui';

const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-xs outline-none ' +
  'focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30';

/**
 * The login form (docs/screens.md, "Login"). On success it only writes the session: the shell sees the token and leaves
 * /auth for the remembered path, so this root never navigates itself.
 */
export function LoginForm() {
  const login = useSetAtom(loginAtom);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  // Kept only because the form has the box; its value is not used (docs/screens.md, "Login").
  const [rememberMe, setRememberMe] = useState(false);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  // State updates land after the render, so a fast second submit is stopped by this ref, not by the disabled button.
  const inFlight = useRef(false);
  const rememberId = useId();
  const errorId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setFailed(false);
    const result = await login({ username: email, password });
    inFlight.current = false;
    setPending(false);
    setFailed(!result.ok);
  };

  const fillTestCredentials = () => {
    setEmail(DEMO_ACCOUNT.email);
    setPassword(DEMO_ACCOUNT.password);
    // Both values visible, so the person sees whom they are signing in as (docs/screens.md, "Login").
    setShowPassword(true);
    setFailed(false);
  };

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      aria-busy={pending}
      aria-describedby={failed ? errorId : undefined}
    >
      <h1 className="text-xl font-semibold text-slate-900">Sign in to Murmur</h1>
      <p className="mt-1 text-sm text-slate-600">Read, post and follow the people you like.</p>

      <div className="mt-6 space-y-4">
        <Field label="Email">
          {(id) => (
            <input
              id={id}
              name="email"
              type="email"
              required
              autoComplete="username"
              placeholder="name@example.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              className={inputClass}
            />
          )}
        </Field>
        <Field label="Password">
          {(id) => (
            <PasswordInput
              id={id}
              value={password}
              onChange={setPassword}
              visible={showPassword}
              onVisibleChange={setShowPassword}
            />
          )}
        </Field>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <div className="flex items-center gap-2">
            <input
              id={rememberId}
              name="remember"
              type="checkbox"
              checked={rememberMe}
              onChange={(event) => setRememberMe(event.target.checked)}
              className="h-4 w-4 rounded border-slate-300 accent-teal-600"
            />
            <label htmlFor={rememberId} className="text-slate-700">
              Remember me
            </label>
          </div>
          <NowhereLink>Lost Password?</NowhereLink>
        </div>
      </div>

      <div className="mt-4 min-h-6">
        {failed ? (
          <p id={errorId} role="alert" className="text-sm font-medium text-red-600">
            Wrong crediential
          </p>
        ) : null}
      </div>

      <div className="mt-2 space-y-3">
        <Button
          type="submit"
          disabled={pending}
          size="lg"
          className="flex w-full items-center justify-center gap-2 shadow-sm disabled:cursor-wait"
        >
          {pending ? (
            <span
              aria-hidden="true"
              className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
            />
          ) : null}
          Login to your account
        </Button>
        <Button variant="outline" size="lg" onClick={fillTestCredentials} disabled={pending} className="w-full">
          Test Credentials
        </Button>
      </div>

      <p className="mt-6 text-center text-sm text-slate-600">
        <NowhereLink>
          <span className="font-normal text-slate-600">Not registered?</span> Create account
        </NowhereLink>
      </p>
    </form>
  );
}
