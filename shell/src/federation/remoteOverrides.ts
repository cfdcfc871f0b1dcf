import { remoteNames, type RemoteName } from '@murmur/config/apps';
import { remoteLoadTimeLimitMs, pathWithoutAttempt } from '@murmur/config/remotes';
import type { ReadRemoteLocations } from '@murmur/remote-kit';

// Session-only overrides of a remote's manifest (docs/deploying.md, "Overrides of one remote"): this tab loads one
// remote from elsewhere (a developer's dev server, say) on a deployed composition. Asked for by the address
// (`?override=feed-mfe=<manifest URL>`, `?override=off` clears) or the override panel, kept in sessionStorage (this
// tab only, gone with it), and used only where the environment's setting allows it, at an allowed address, for a
// manifest that fits the live shell as a promotion must. A refused one leaves the live remote in place and says why
// on the badge. The checks (and semver) are loaded only when an override is asked for.

const storageKey = 'murmur.remoteOverrides';
const parameter = 'override';

/** One override this tab asked for, and whether it is in use: `refusal` says why not. */
interface OverrideStatus {
  remote: RemoteName;
  url: string;
  refusal: string | null;
}

function storedOverrides(): Partial<Record<RemoteName, string>> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(storageKey) ?? '{}') as Record<string, unknown>;
    return Object.fromEntries(
      remoteNames.flatMap((name) => (typeof stored[name] === 'string' ? [[name, stored[name]]] : [])),
    );
  } catch {
    return {};
  }
}

function storeOverrides(overrides: Partial<Record<RemoteName, string>>): void {
  if (Object.keys(overrides).length === 0) sessionStorage.removeItem(storageKey);
  else sessionStorage.setItem(storageKey, JSON.stringify(overrides));
}

/**
 * The address's query when it asks for overrides, taken out of the address at once (before the router reads it), so
 * that a reload after Clear does not ask again.
 */
function takeOverrideParameters(): string | null {
  const { search } = window.location;
  if (!new URLSearchParams(search).has(parameter)) return null;
  const url = new URL(window.location.href);
  url.searchParams.delete(parameter);
  window.history.replaceState(window.history.state, '', url.href);
  return search;
}

/** Points `remote` at `url` in this tab, or clears its override (`url` null), and loads the page again with it. */
export function setOverride(remote: RemoteName, url: string | null): void {
  const others = Object.entries(storedOverrides()).filter(([name]) => name !== remote);
  storeOverrides(Object.fromEntries(url === null ? others : [...others, [remote, url]]));
  window.location.reload();
}

let statuses: OverrideStatus[] = [];
const listeners = new Set<() => void>();

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

async function checkOverrides(): Promise<Partial<Record<RemoteName, string>>> {
  const search = takeOverrideParameters();
  if (search === null && Object.keys(storedOverrides()).length === 0) return {};
  const checks = await import('@murmur/release-checks/overrides');
  if (search !== null) {
    const { asked, clear } = checks.overridesAsked(search);
    storeOverrides({ ...(clear ? {} : storedOverrides()), ...asked });
  }
  const asked = Object.entries(storedOverrides()) as [RemoteName, string][];
  if (asked.length === 0) return {};
  // The server sends the environment's setting: where it is off (or unreadable), the request is forgotten, silently.
  const setting = await fetchJson(`/${checks.overrideSettingFile}`)
    .then((value) => checks.parseOverrideSetting(value))
    .catch(() => checks.overridesOff);
  if (!setting.enabled) {
    storeOverrides({});
    return {};
  }
  // The live shell's manifest, beside its page in its version folder: what a promotion is checked against. Read once,
  // and only for an override at an allowed address.
  let shellRead: Promise<unknown> | undefined;
  const shell = () => (shellRead ??= fetchJson(new URL('mf-manifest.json', document.baseURI).href));
  const checked = await Promise.all(
    asked.map(async ([remote, url]): Promise<OverrideStatus & { manifest?: unknown }> => {
      const refused = checks.refusalOfOverrideUrl(url, setting);
      if (refused) return { remote, url, refusal: refused };
      return Promise.all([fetchJson(url), shell()]).then(
        ([manifest, shellManifest]) => ({
          remote,
          url,
          manifest,
          refusal: checks.refusalOfOverrideManifest(
            remote,
            manifest,
            shellManifest as Parameters<typeof checks.refusalOfOverrideManifest>[2],
          ),
        }),
        (error: unknown) => ({
          remote,
          url,
          refusal: `its manifest could not be read (${error instanceof Error ? error.message : String(error)})`,
        }),
      );
    }),
  );
  statuses = checked.map(({ remote, url, refusal }) => ({ remote, url, refusal }));
  for (const listener of listeners) listener();
  const inUse = checked.filter((status) => !status.refusal);
  for (const { remote, url, manifest } of inUse) followBuilds(remote, url, manifest);
  return Object.fromEntries(inUse.map((status) => [status.remote, status.url]));
}

/** Who loads each overridden remote again when its build changes: the outlet that shows it. */
const rebuildListeners = new Map<RemoteName, Set<() => void>>();

/**
 * Calls `listener` each time the build `remote`'s override points at changes, where its server says so (a remote's dev
 * server does: packages/config/watchBuild.js). Answers the function that stops calling it.
 */
export function onOverrideRebuilt(remote: RemoteName, listener: () => void): () => void {
  const forRemote = rebuildListeners.get(remote) ?? new Set();
  rebuildListeners.set(remote, forRemote);
  forRemote.add(listener);
  return () => {
    forRemote.delete(listener);
  };
}

/**
 * Listens for new builds where the override's manifest names a stream of them (`murmurUpdates`, a remote's watch
 * build: packages/config/watchBuild.js). The first message names the build the page has; each other one, a newer build, which
 * the outlet loads again in place (as Retry does, under URLs of its own): hot updates without a reload.
 */
function followBuilds(remote: RemoteName, url: string, manifest: unknown): void {
  const updates = (manifest as { murmurUpdates?: unknown }).murmurUpdates;
  if (typeof updates !== 'string') return;
  const source = new EventSource(new URL(updates, url));
  let loaded: string | null = null;
  source.onmessage = ({ data }: MessageEvent<string>) => {
    if (loaded === null) loaded = data;
    if (data === loaded) return;
    loaded = data;
    for (const listener of rebuildListeners.get(remote) ?? []) listener();
  };
}

let active: Promise<Partial<Record<RemoteName, string>>> | null = null;

/** The overrides in use on this page, checked once per page load: what they point at does not change under it. */
export function activeOverrides(): Promise<Partial<Record<RemoteName, string>>> {
  active ??= checkOverrides().catch(() => ({}));
  return active;
}

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
