import { useCallback, useEffect, useState } from 'react';
import type { LoadRemoteModule, RemoteModuleId } from './remoteLoader';

export type RemoteModuleState<T> =
  | { status: 'loading' }
  /** `reload` loads it again as Retry does, in place (a new build of an overridden remote, say). */
  | { status: 'ready'; module: T; reload: () => void }
  | { status: 'failed'; error: Error; retry: () => void };

type Settled<T> = { request: string; module: T } | { request: string; error: Error };

const noLoader: LoadRemoteModule = () => Promise.reject(new Error('No remote module loader was provided'));

/**
 * A module another app exposes, loaded through `load`. Each attempt is its own request; a result that belongs to an
 * older request is ignored, so the state is "loading" until the current attempt settles.
 */
export function useRemoteModule<T>(load: LoadRemoteModule | null, id: RemoteModuleId): RemoteModuleState<T> {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const request = `${id}#${attempt}`;
  const loader = load ?? noLoader;

  useEffect(() => {
    let current = true;
    // Loaded for its mount: a remote whose location moved since (an open tab switched versions) moves now.
    loader<T>(id, { retry: attempt > 0, mount: true }).then(
      (module) => current && setSettled({ request, module }),
      (error: unknown) =>
        current && setSettled({ request, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      current = false;
    };
  }, [loader, id, attempt, request]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (!settled || settled.request !== request) return { status: 'loading' };
  if ('error' in settled) return { status: 'failed', error: settled.error, retry };
  return { status: 'ready', module: settled.module, reload: retry };
}
