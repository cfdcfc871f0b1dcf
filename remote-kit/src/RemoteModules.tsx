import { createContext, useContext, useEffect, useState, type ComponentType } from 'react';
import type { LoadRemoteModule, RemoteModuleId } from './remoteLoader';

const RemoteModulesContext = createContext<LoadRemoteModule | null>(null);

/** Gives a remote's React tree the loader of its host (composed) or its own (alone). */
export const RemoteModulesProvider = RemoteModulesContext.Provider;

export type RemoteComponentState<P> =
  | { status: 'loading' }
  | { status: 'ready'; Component: ComponentType<P> }
  | { status: 'failed'; error: Error; retry: () => void };

/** The default export of a module another remote exposes, e.g. feed-mfe's `murmur_feed/UserPostList`. */
export function useRemoteComponent<P>(id: RemoteModuleId): RemoteComponentState<P> {
  const load = useContext(RemoteModulesContext);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<RemoteComponentState<P>>({ status: 'loading' });

  useEffect(() => {
    if (!load) {
      setState({ status: 'failed', error: new Error('No remote module loader was provided'), retry: () => {} });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    load<{ default: ComponentType<P> }>(id, { retry: attempt > 0 }).then(
      (module) => current && setState({ status: 'ready', Component: module.default }),
      (error: unknown) =>
        current &&
        setState({
          status: 'failed',
          error: error instanceof Error ? error : new Error(String(error)),
          retry: () => setAttempt((n) => n + 1),
        }),
    );
    return () => {
      current = false;
    };
  }, [load, id, attempt]);

  return state;
}
