import type { ModulesOf } from '@murmur/remote-kit';
// What each remote publishes: in the workspace its source (src/exposes.ts), elsewhere what its live release
// publishes, fetched by `pnpm remote-types` (tsconfig.json's paths; docs/contracts.md).
import type { Exposes as AuthMfe } from '@murmur/exposes/auth-mfe';
import type { Exposes as FeedMfe } from '@murmur/exposes/feed-mfe';
import type { Exposes as ProfileMfe } from '@murmur/exposes/profile-mfe';

// The modules the shell loads of each remote (`./app`, `./preload`), typed by their provider.
declare module '@murmur/remote-kit' {
  interface RemoteModules
    extends ModulesOf<'auth-mfe', AuthMfe>, ModulesOf<'feed-mfe', FeedMfe>, ModulesOf<'profile-mfe', ProfileMfe> {}
}
