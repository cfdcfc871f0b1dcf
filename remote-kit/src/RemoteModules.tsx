import { createContext, useContext, type ComponentType } from 'react';
import type { LoadRemoteModule, RemoteModuleId } from './remoteLoader';
import { useRemoteModule } from './useRemoteModule';

const RemoteModulesContext = createContext<LoadRemoteModule | null>(null);

/** Gives a remote's React tree the loader of its host (composed) or its own (alone). */
export const RemoteModulesProvider = RemoteModulesContext.Provider;

export type RemoteComponentState<P> =
  | { status: 'loading' }
  | { status: 'ready'; Component: ComponentType<P> }
  | { status: 'failed'; error: Error; retry: () => void };

/** The default export of a module another remote exposes, e.g. feed-mfe's `feed-mfe/UserPostList`. */
export function useRemoteComponent<P>(id: RemoteModuleId): RemoteComponentState<P> {
  const state = useRemoteModule<{ default: ComponentType<P> }>(useContext(RemoteModulesContext), id);
  return state.status === 'ready' ? { status: 'ready', Component: state.module.default } : state;
}
