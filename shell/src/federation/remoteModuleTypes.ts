import type { AppProps as SingleSpaProps } from 'single-spa';
import type { RemoteName } from '@murmur/config/apps';
import type { RemoteModules } from '@murmur/remote-kit';

/** What a value must be to be handed to each member of the union `U`: all of them at once. */
type EveryOf<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/**
 * The parcel props the shell hands every remote it mounts: what each remote's `./app` takes beyond single-spa's own
 * props, as each remote publishes it (src/remoteModules.ts). A remote that comes to need another fails the shell's
 * type check until the shell hands it.
 */
export type ParcelProps = EveryOf<
  { [R in RemoteName]: Omit<Parameters<RemoteModules[`${R}/app`]['mount']>[0], keyof SingleSpaProps> }[RemoteName]
>;

/** The remotes that expose `./preload`, as they publish it. */
type PreloadingRemote = { [R in RemoteName]: `${R}/preload` extends keyof RemoteModules ? R : never }[RemoteName];

/** The `./preload` of any remote that has one: calling its `preload` takes what every one of them takes. */
export type PreloadModule = RemoteModules[`${PreloadingRemote}/preload`];
