import type { RemoteName } from '@murmur/config/apps';
import { remoteLoadTimeLimitMs } from '@murmur/config/remotes';
import {
  asksForOverridingPolicy,
  overrideParameter,
  overridingCookieText,
  overridingParameter,
} from '@murmur/release-checks/override-address';
import { developmentShellFolder } from '../early/pageHandoff';
import { markOverridingLoad, takeOverridingLoadMark } from '../early/storedOverrides';
import { followBuilds, fromDevServer, installRefreshRuntime } from './devServerOverride';
import { heldOverrides, holdOverride, releaseOverrides } from './overrideTab';

// Overrides of a remote's manifest (docs/overriding-a-remote.md): this tab loads one remote from elsewhere (a
// developer's dev server, say) on a deployed composition. An address (`?override=feed-mfe=<manifest URL>`) only
// proposes one: the badge shows it, and it is applied when pressed; the override panel applies directly. An applied
// override is held by this tab alone (overrideTab.ts: through its reloads, for a working day, not by its copies), and
// used only where the environment's setting allows it, at an allowed address, for a manifest that fits the live shell
// as a promotion must. A load of a tab that holds one asks the edge for the page's weaker policy (`?overriding=1`);
// every other load keeps the full one. A refused one leaves the live remote in place and says why on the badge. The
// checks (and semver) are loaded only when an override is asked for or held. The loader asks what is in use through
// overridesInUse.ts; an override served by a dev server is helped by devServerOverride.ts.

/** One override this tab was asked for or holds: `proposed` until pressed; `refusal` says why it is not in use. */
export interface OverrideStatus {
  remote: RemoteName;
  url: string;
  refusal: string | null;
  proposed: boolean;
}

/**
 * What this load's address says about overrides, taken out of it at once (before the router reads it), so that a
 * reload asks nothing again.
 */
function takeAddress() {
  const { search } = window.location;
  const params = new URLSearchParams(search);
  const address = {
    search,
    proposes: params.has(overrideParameter),
    overriding: asksForOverridingPolicy(search),
  };
  if (address.proposes || params.has(overridingParameter)) {
    const url = new URL(window.location.href);
    url.searchParams.delete(overrideParameter);
    url.searchParams.delete(overridingParameter);
    window.history.replaceState(window.history.state, '', url.href);
  }
  return address;
}

/**
 * Loads the page again, the same address, asking for the policy of a tab that holds an override or not, and still
 * proposing `proposals`. The edge gives that policy only to a load that also carries a cookie no link can (set here,
 * for the next few seconds); the early script runs the shell's development build only on a load this tab marked as
 * its own (early/storedOverrides.ts#markOverridingLoad), never on a copy's.
 */
function loadAgain(overriding: boolean, proposals: Pick<OverrideStatus, 'remote' | 'url'>[] = []): void {
  const url = new URL(window.location.href);
  if (overriding) {
    url.searchParams.set(overridingParameter, '1');
    document.cookie = overridingCookieText(url.protocol === 'https:');
    markOverridingLoad();
  }
  for (const { remote, url: manifest } of proposals)
    url.searchParams.append(overrideParameter, `${remote}=${manifest}`);
  window.location.replace(url.href);
}

/** Points `remote` at `url` in this tab, or clears its override (`url` null), and loads the page again with it. */
export function setOverride(remote: RemoteName, url: string | null): void {
  loadAgain(holdOverride(remote, url));
}

/** Applies the override the address proposed for `remote`, on a press: the tab holds it, and loads the page again. */
export function applyProposed(remote: RemoteName): void {
  const proposed = statuses.find((status) => status.proposed && status.remote === remote && !status.refusal);
  if (!proposed) return;
  holdOverride(remote, proposed.url);
  loadAgain(
    true,
    statuses.filter((status) => status.proposed && status !== proposed),
  );
}

/** Leaves the override the address proposed for `remote` unapplied. */
export function dismissProposed(remote: RemoteName): void {
  publish(statuses.filter((status) => !(status.proposed && status.remote === remote)));
}

let statuses: OverrideStatus[] = [];
const listeners = new Set<() => void>();

function publish(next: OverrideStatus[]): void {
  statuses = next;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: what the badge shows. */
export const overrideStatuses = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => statuses,
};

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-store', signal: AbortSignal.timeout(remoteLoadTimeLimitMs) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** What a refusal says of an error. */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Never settles: the page is being loaded again. */
const reloading = new Promise<never>(() => undefined);

async function checkOverrides(): Promise<Partial<Record<RemoteName, string>>> {
  const address = takeAddress();
  // The early script took this load's mark; a page that ran none (a dev server's) leaves none behind either.
  takeOverridingLoadMark();
  const held = await heldOverrides();
  if (!address.proposes && held === null) {
    // A load that asked for the weaker policy without holding an override (a link, a copied tab) gets the full one.
    if (address.overriding) loadAgain(false);
    return address.overriding ? reloading : {};
  }
  const checks = await import('@murmur/release-checks/overrides');
  // The server sends the environment's setting: where it is off (or unreadable), the tab lets its overrides go and
  // shows nothing of a proposal.
  const setting = await fetchJson(`/${checks.overrideSettingFile}`)
    .then((value) => checks.parseOverrideSetting(value))
    .catch(() => checks.overridesOff);
  const { asked, clear } = checks.overridesAsked(address.search);
  if (!setting.enabled || clear) releaseOverrides();
  const holding = setting.enabled && !clear && held !== null;
  const proposals = Object.entries(asked).map(([remote, url]): OverrideStatus => ({
    remote: remote as RemoteName,
    url,
    refusal: checks.refusalOfOverrideUrl(url, setting),
    proposed: true,
  }));
  // The tab's page must carry the policy its overrides need, and only while it holds one.
  if (holding !== address.overriding) {
    loadAgain(holding, setting.enabled ? proposals : []);
    return reloading;
  }
  if (!setting.enabled) return {};
  if (!holding) {
    publish(proposals);
    return {};
  }
  // The live shell's manifest, beside its page in its version folder: what a promotion is checked against; the
  // development build's, beside it, where this tab runs that (early/earlyScript.ts), which shares React's development
  // JSX runtime, as a remote's dev server needs. Read once, and only for an override at an allowed address.
  let shellRead: Promise<unknown> | undefined;
  const shell = () => (shellRead ??= fetchJson(new URL(shellManifestFile, document.baseURI).href));
  const checked = await Promise.all(
    Object.entries(held.overrides).map(async ([remote, { url }]): Promise<OverrideStatus & { manifest?: unknown }> => {
      const status = { remote: remote as RemoteName, url, proposed: false };
      const refused = checks.refusalOfOverrideUrl(url, setting);
      if (refused) return { ...status, refusal: refused };
      return Promise.all([fetchJson(url), shell()]).then(
        ([manifest, shellManifest]) => ({
          ...status,
          manifest,
          refusal: checks.refusalOfOverrideManifest(
            status.remote,
            manifest,
            shellManifest as Parameters<typeof checks.refusalOfOverrideManifest>[2],
            { url, setting },
          ),
        }),
        (error: unknown) => ({
          ...status,
          refusal: `its manifest could not be read (${messageOf(error)})`,
        }),
      );
    }),
  );
  // A remote's dev server: its modules register with its React Refresh runtime, which must be hooked into React first.
  await Promise.all(
    checked.map(async (status) => {
      if (status.refusal || !fromDevServer(status.manifest)) return;
      status.refusal = await installRefreshRuntime(status.url).then(
        () => null,
        (error: unknown) => `its dev server's React Refresh runtime could not be loaded (${messageOf(error)})`,
      );
    }),
  );
  publish([...proposals, ...checked.map(({ remote, url, refusal, proposed }) => ({ remote, url, refusal, proposed }))]);
  const inUse = checked.filter((status) => !status.refusal);
  for (const { remote, url, manifest } of inUse) followBuilds(remote, url, manifest);
  return Object.fromEntries(inUse.map((status) => [status.remote, status.url]));
}

/**
 * The shell's manifest, relative to its version folder: the development build's in that build (whose environment
 * names it, shell/developmentShellPlugin.ts), the production build's otherwise.
 */
const shellManifestFile =
  import.meta.env.VITE_SHELL_BUILD === 'development' ? `${developmentShellFolder}mf-manifest.json` : 'mf-manifest.json';

let active: Promise<Partial<Record<RemoteName, string>>> | null = null;

/** The overrides in use on this page, checked once per page load: what they point at does not change under it. */
export function activeOverrides(): Promise<Partial<Record<RemoteName, string>>> {
  active ??= checkOverrides().catch(() => ({}));
  return active;
}
