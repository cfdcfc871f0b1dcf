import type { RemoteName } from '@murmur/config/apps';
import { resolvedDataId, screenFiles, type ResolvedData } from '@murmur/config/resolved-page';
import { matchRoute, routes } from '@murmur/config/routes';
import { offerEarlyScript, remotesJsonUrl, RUNTIME_CORE_ATTRIBUTE } from './pageContract';

// Runs before the shell's bundle, a build entry of its own (earlyScriptPlugin.ts): it reads remotes.json and the
// manifest of the remote that owns this address, and has the browser fetch that remote's scripts and stylesheets now,
// in parallel with the shell's own, instead of after the shell has booted: those of its screen (`./app`) and of the
// module that asks for the screen's data (`./preload`, where the remote has one). It hands both reads to the shell,
// which would otherwise ask again, and hints other remotes when the shell asks (pageContract.ts). Its hints are only
// hints: if one fails, the page loads as it would without it. Not a hint: the integrity remotes.json gives for each
// remote file, put in an import map before any is fetched, and on the manifests it reads (docs/deploying.md, "What
// the browser checks"). A remote file that is the federation runtime's core,
// byte for byte the shell's (same content-hashed name, named on this script's tag), is mapped onto the shell's copy
// with an import map: one runtime per page.

const tag = document.querySelector<HTMLScriptElement>(`script[${RUNTIME_CORE_ATTRIBUTE}]`);
const runtimeCore = (tag?.getAttribute(RUNTIME_CORE_ATTRIBUTE) ?? '').split(' ').filter(Boolean);

/** The page's own fetch: the mock back end later swaps in one that would not check integrity. */
const pageFetch = window.fetch.bind(window);

/** The integrity of every remote file the page may load, by URL (remotes.json's `integrity`). */
const integrity = new Map<string, string>();

/** Keeps the integrity of files not yet known; answers that of the scripts among them. */
function knowIntegrity(files: Partial<Record<string, string>>): Record<string, string> {
  const scripts: Record<string, string> = {};
  for (const [url, hash] of Object.entries(files)) {
    if (!hash || integrity.has(url)) continue;
    integrity.set(url, hash);
    if (url.endsWith('.js')) scripts[url] = hash;
  }
  return scripts;
}

/** Gives the browser the integrity of scripts not yet given (a second rule for one would be refused and logged). */
function requireIntegrity(files: Partial<Record<string, string>>): void {
  const scripts = knowIntegrity(files);
  if (Object.keys(scripts).length === 0) return;
  const map = Object.assign(document.createElement('script'), { type: 'importmap', nonce: tag?.nonce ?? '' });
  map.textContent = JSON.stringify({ integrity: scripts });
  document.head.append(map);
}

/**
 * What the store server resolved for this page (deploy/src/resolvedPage.js): this browser's remotes.json and the
 * manifest of the remote that owns the address, inline, with their import map and the links of what the screen's data
 * needs already in the page. Absent from a page served as built (an nginx edge, a dev server): this script then asks for them.
 */
const resolved = (() => {
  const text = document.getElementById(resolvedDataId)?.textContent;
  return text ? (JSON.parse(text) as ResolvedData) : undefined;
})();

const remotesJson = remotesJsonUrl();
let remotesJsonResponse: Promise<Response> | undefined = resolved
  ? Promise.resolve(Response.json(resolved.remotes))
  : pageFetch(remotesJson, { cache: 'no-store' });
const locations: Promise<Partial<Record<string, unknown>>> = remotesJsonResponse.then(async (response) => {
  if (!response.ok) return {};
  const found = (await response.clone().json()) as Partial<Record<string, unknown>>;
  if (typeof found.integrity === 'object' && found.integrity !== null) {
    const files = found.integrity as Record<string, string>;
    // The served page's import map already gives the browser these.
    if (resolved) knowIntegrity(files);
    else requireIntegrity(files);
  }
  return found;
});

function hint(rel: string, href: string, as?: string): void {
  if (document.querySelector(`link[href="${href}"]`)) return;
  const link = Object.assign(document.createElement('link'), { rel, href, crossOrigin: '' });
  if (as) link.as = as;
  const hash = integrity.get(href);
  if (hash) link.integrity = hash;
  document.head.append(link);
}

/** Specifiers already mapped: a second rule for one would be refused (and logged) by the browser. */
const mapped = new Set<string>(resolved?.mapped);
/** Each manifest read here, or given inline, handed once to the federation runtime instead of its asking again. */
const manifests = new Map<string, Response>(
  Object.entries(resolved?.manifests ?? {}).map(([url, manifest]) => [url, Response.json(manifest)]),
);

/** The manifest, checked against its integrity where remotes.json gives one. */
const fetchManifest = (manifestUrl: string) => pageFetch(manifestUrl, { integrity: integrity.get(manifestUrl) ?? '' });

async function hintManifest(manifestUrl: string): Promise<void> {
  const response = manifests.get(manifestUrl)?.clone() ?? (await fetchManifest(manifestUrl));
  if (response.ok && !manifests.has(manifestUrl)) manifests.set(manifestUrl, response.clone());
  const files = screenFiles(await response.json(), manifestUrl);
  if (!files) return;
  const { base, scripts, styles } = files;
  const shared = scripts.filter((file) => runtimeCore.includes(file));
  const unmapped = shared.filter((file) => !mapped.has(new URL(file, base).href));
  if (unmapped.length > 0) {
    // Before any of the remote's modules is resolved: its imports of these files then get the shell's. An import map
    // is inline script: the page's Content-Security-Policy allows it by the nonce this script's tag got.
    const map = Object.assign(document.createElement('script'), { type: 'importmap', nonce: tag?.nonce ?? '' });
    map.textContent = JSON.stringify({
      imports: Object.fromEntries(
        unmapped.map((file) => [new URL(file, base).href, new URL(file, document.baseURI).href]),
      ),
    });
    document.head.append(map);
    for (const file of unmapped) mapped.add(new URL(file, base).href);
  }
  for (const file of scripts) if (!shared.includes(file)) hint('modulepreload', new URL(file, base).href);
  for (const file of styles) hint('preload', new URL(file, base).href, 'style');
}

const asked = new Map<string, Promise<void>>();

function hintsOf(manifestUrl: string): Promise<void> {
  let hints = asked.get(manifestUrl);
  if (!hints) {
    hints = hintManifest(manifestUrl).catch(() => {
      asked.delete(manifestUrl);
    });
    asked.set(manifestUrl, hints);
  }
  return hints;
}

// The manifest is the one remotes.json names, or the one given: a retry loads the remote from a URL of its own
// (remote-kit's remoteLoader.ts), whose files need hints and mappings of their own.
function hintRemote(name: RemoteName, manifestUrl?: string): Promise<void> {
  const hints = manifestUrl
    ? hintsOf(manifestUrl)
    : locations.then((found) => {
        const location = found[name];
        return typeof location === 'string' ? hintsOf(new URL(location, remotesJson).href) : undefined;
      });
  return hints.then(
    () => undefined,
    () => undefined,
  );
}

offerEarlyScript({
  takeRemotesJson() {
    const response = remotesJsonResponse;
    remotesJsonResponse = undefined;
    return response;
  },
  readManifest(manifestUrl) {
    const response = manifests.get(manifestUrl);
    manifests.delete(manifestUrl);
    return response ? Promise.resolve(response) : fetchManifest(manifestUrl);
  },
  requireIntegrity,
  hintRemote,
});

// A page the store server resolved already links what the route's data needs; the rest of the route's remote is
// hinted as the shell loads it, once the shell's own chunks have had the bandwidth (docs/benchmarks.md, "The served
// page").
const route = matchRoute(window.location.pathname);
if (route && !resolved) void hintRemote(routes[route.name].remote);
