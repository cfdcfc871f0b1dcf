import type { JSX, ReactNode } from 'react';
import type { AppProps } from 'single-spa';
import type { RemoteName } from '@murmur/config/apps';
import type { Store } from './store';

/**
 * The types of what the page holds once that a remote's exposes may name, by key: the shared singletons' and the
 * props single-spa itself hands every parcel. A remote's published declarations name them as `Shared<'store'>`
 * rather than spelling them out (docs/contracts.md): an app compiles them as the real types; promote's check takes
 * each by its name, since the page has one copy of each and the singleton check decides which version that is.
 */
export interface SharedTypes {
  store: Store;
  element: JSX.Element;
  node: ReactNode;
  singleSpaProps: AppProps;
}

export type Shared<K extends keyof SharedTypes> = SharedTypes[K];

/**
 * The modules of other remotes an app compiles against, by id (`feed-mfe/UserPostList`): empty here, and augmented
 * by each app that loads some (its `src/remoteModules.ts`) with what their providers publish (`ModulesOf`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface RemoteModules {}

/** A provider's `Exposes` (its `./UserPostList` and so on) as entries of `RemoteModules` (`feed-mfe/UserPostList`). */
export type ModulesOf<R extends RemoteName, E> = {
  [K in keyof E as K extends `./${infer M}` ? `${R}/${M}` : never]: E[K];
};

/** An id of a module the app compiles against. */
export type KnownModuleId = keyof RemoteModules & `${RemoteName}/${string}`;

/** The props of the component a module exports by default, as its provider publishes them. */
export type PropsOf<Id extends KnownModuleId> = RemoteModules[Id] extends { default: (props: infer P) => unknown }
  ? P
  : never;
