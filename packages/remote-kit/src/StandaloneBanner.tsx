import { useAtomValue } from 'jotai';
import { sessionAtom } from '@murmur/data';
import { DEMO_ACCOUNT } from '@murmur/mock-api';

/** Says plainly that this remote runs without the shell, and as whom. */
export function StandaloneBanner({ appName }: { appName: string }) {
  const { user } = useAtomValue(sessionAtom);
  return (
    <div role="note" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-900">
      <strong>{appName}</strong> is running alone, without the shell
      {user ? (
        <>
          , signed in as {user.username === DEMO_ACCOUNT.username ? 'the demo user ' : ''}
          <strong>@{user.username}</strong>
        </>
      ) : null}
      .
    </div>
  );
}
