import { useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { loginAtom, sessionAtom } from '@murmur/mock-api';

export function LoginPage() {
  const login = useSetAtom(loginAtom);
  const { status, user } = useAtomValue(sessionAtom);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void login({ username: email, password });
  };
  return (
    <main className="mx-auto mt-12 max-w-sm rounded-xl bg-white p-6 shadow" data-remote="auth-mfe">
      {user ? <p>Signed in as @{user.username}.</p> : null}
      <form onSubmit={onSubmit} className="space-y-3">
        <label className="block">
          Email
          <input className="block w-full rounded border p-2" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label className="block">
          Password
          <input className="block w-full rounded border p-2" type="password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        {status === 'rejected' ? <p role="alert" className="text-red-600">Wrong crediential</p> : null}
        <button className="rounded bg-teal-600 px-4 py-2 text-white" type="submit" disabled={status === 'pending'}>
          Login to your account
        </button>
      </form>
    </main>
  );
}
