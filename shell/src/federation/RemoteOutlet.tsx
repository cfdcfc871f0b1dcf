import { useEffect, useState } from 'react';
import Parcel from 'single-spa-react/parcel';
import { mountRootParcel, type ParcelConfig } from 'single-spa';
import { remoteApps, type RemoteName } from '@murmur/config/remotes';
import { loadRemoteModule } from './loadRemoteModule';
import { RemoteFailed } from './RemoteFailed';
import { RemoteLoading } from './RemoteLoading';

type LoadState = { status: 'loading' } | { status: 'ready'; config: ParcelConfig } | { status: 'failed'; error: Error };

/**
 * Mounts the remote that owns the current route as a single-spa parcel, in its own React root. A remote that
 * cannot be loaded, or fails to mount, is replaced by a message with a Retry button; the rest of the page stays.
 */
export function RemoteOutlet({ remote }: { remote: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    loadRemoteModule<ParcelConfig>(`${remote}/app`, { retry: attempt > 0 }).then(
      (config) => current && setState({ status: 'ready', config }),
      (error: unknown) => current && setState({ status: 'failed', error: asError(error) }),
    );
    return () => {
      current = false;
    };
  }, [remote, attempt]);

  const appName = remoteApps[remote];
  if (state.status === 'loading') return <RemoteLoading appName={appName} />;
  if (state.status === 'failed') {
    return <RemoteFailed appName={appName} error={state.error} onRetry={() => setAttempt((n) => n + 1)} />;
  }
  return (
    <Parcel
      config={state.config}
      mountParcel={mountRootParcel}
      wrapWith="div"
      wrapClassName="min-h-[60vh]"
      handleError={(error: Error) => setState({ status: 'failed', error })}
      loadRemoteModule={loadRemoteModule}
    />
  );
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
