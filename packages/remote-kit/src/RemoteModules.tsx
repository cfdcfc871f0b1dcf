import { createContext, useContext, type ComponentType } from 'react';
import type { KnownModuleId, PropsOf } from './moduleTypes';
import type { LoadRemoteModule } from './remoteLoader';
import { useRemoteModule } from './useRemoteModule';

const RemoteModulesContext = createContext<LoadRemoteModule | null>(null);

/** Gives a remote's React tree the loader of its host (composed) or its own (alone). */
export const RemoteModulesProvider = RemoteModulesContext.Provider;

export type RemoteComponentState<P> =
  | { status: 'loading' }
  | { status: 'ready'; Component: ComponentType<P> }
  | { status: 'failed'; error: Error; retry: () => void };

/**
 * The default export of a module another remote exposes, e.g. feed-mfe's `feed-mfe/UserPostList`, with the props
 * its provider publishes (moduleTypes.ts): a change of them that this app does not follow fails its type check.
 */
export function useRemoteComponent<Id extends KnownModuleId>(id: Id): RemoteComponentState<PropsOf<Id>> {
  const state = useRemoteModule<{ default: ComponentType<PropsOf<Id>> }>(useContext(RemoteModulesContext), id);
  return state.status === 'ready' ? { status: 'ready', Component: state.module.default } : state;
}
