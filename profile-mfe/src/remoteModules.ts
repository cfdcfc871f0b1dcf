import type { ModulesOf } from '@murmur/remote-kit';
// What feed-mfe publishes: in the workspace its source (src/exposes.ts), elsewhere what its live release publishes,
// fetched by `pnpm remote-types` (tsconfig.json's paths; docs/contracts.md).
import type { Exposes as FeedMfe } from '@murmur/exposes/feed-mfe';

// The modules of other remotes profile-mfe loads, typed by their provider:
// `useRemoteComponent('feed-mfe/UserPostList')` takes the props feed-mfe declares.
declare module '@murmur/remote-kit' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an augmentation: its members are feed-mfe's
  interface RemoteModules extends ModulesOf<'feed-mfe', FeedMfe> {}
}
