import type { RemoteName } from '@murmur/config/apps';
import { pathWithoutAttempt } from '@murmur/config/remotes';
import type { ReadRemoteLocations } from '@murmur/remote-kit';
import { activeOverrides } from './remoteOverrides';

// What the loader asks of this tab's overrides, and all it may ask (shell/src/layers.test.ts): where each overridden
// remote is loaded from, whether a manifest is an override's (never released, so without recorded integrity), and
// when an override's build changes. The rest of the feature (the address, the tab, the checks, the badge) stays in
// overrides/.

export { onOverrideRebuilt } from './devServerOverride';

/** `readLocations` with each remote that has an override in use pointed at the override's manifest. */
export function withOverrides(readLocations: ReadRemoteLocations): ReadRemoteLocations {
  return async (options) => {
    const [locations, overrides] = await Promise.all([readLocations(options), activeOverrides()]);
    return { ...locations, ...overrides };
  };
}

/**
 * Whether `manifestUrl` (a Retry's too, under the attempt prefix) is the manifest of `remote`'s override in use on
 * this page. Its files were never released, so there is no recorded integrity to check them against.
 */
export async function isOverridden(remote: RemoteName, manifestUrl: string): Promise<boolean> {
  const override = (await activeOverrides())[remote];
  if (override === undefined) return false;
  const url = new URL(manifestUrl);
  url.pathname = pathWithoutAttempt(url.pathname) ?? url.pathname;
  return url.href === new URL(override).href;
}
