import {
  linkedShellOf,
  resolvedDataId,
  runtimeNeededFor,
  screenFiles,
  type ResolvedData,
  type ScreenManifest,
} from '@murmur/config/resolved-page';
import { getsOverridingPolicy } from '@murmur/release-checks/override-address';
import { DEVELOPMENT_SHELL_ATTRIBUTE, offerEarlyScript, RUNTIME_CORE_ATTRIBUTE } from './pageHandoff';
import { storedOverrides, takeOverridingLoadMark } from './storedOverrides';

// Runs before the shell's bundle, inline in the page promote wrote (packages/deploy/src/page/livePage.js), and does
// what the served page cannot: the page arrives resolved for its address (docs/architecture.md, "The served page":
// remotes.json and the manifest of the address's remote inline, the import map, the links of what the screen's data
// needs), and this script hands what the page carries to the shell, which would otherwise ask again. For each remote
// the shell is about to load or prefetch, it has the browser fetch the files the shell will load of it ahead of use
// (the screen's own files where the shell loads it without the runtime, docs/architecture.md, "The linked first load"),
// each checked against the integrity remotes.json gives (docs/serving.md, "What the browser checks"), and maps the
// remote's copies of the runtimes' cores, byte for byte the shell's (same content-hashed names, named on this script's
// tag), onto the shell's with an import map: one copy per page. Import maps are inline scripts: only this script, run
// by the page's nonce, can add them. Its hints are only hints: if one fails, the remote loads as it would without it.

const tag = document.querySelector<HTMLScriptElement>(`script[${RUNTIME_CORE_ATTRIBUTE}]`);
const runtimeCore = (tag?.getAttribute(RUNTIME_CORE_ATTRIBUTE) ?? '').split(' ').filter(Boolean);
/** What the shell's page provides to remotes it loads straight from their files (the linked first load). */
const linkedShell = linkedShellOf((name) => tag?.getAttribute(name));

/** The page's own fetch: the mock back end later swaps in one that would not check integrity. */
const pageFetch = window.fetch.bind(window);

/** Adds an import map to the page, before any module it names is resolved, by the nonce this script's tag got. */
function addImportMap(map: { imports?: Record<string, string>; integrity?: Record<string, string> }): void {
  const element = Object.assign(document.createElement('script'), { type: 'importmap', nonce: tag?.nonce ?? '' });
  element.textContent = JSON.stringify(map);
  document.head.append(element);
}

/** The integrity of every remote file the page may load, by URL (remotes.json's `integrity`). */
const integrity = new Map<string, string>();

/** Keeps the integrity of files not yet known; answers that of the scripts among them. */
function knowIntegrity(files: Partial<Record<string, unknown>>): Record<string, string> {
  const scripts: Record<string, string> = {};
  for (const [url, hash] of Object.entries(files)) {
    if (typeof hash !== 'string' || integrity.has(url)) continue;
    integrity.set(url, hash);
    if (url.endsWith('.js')) scripts[url] = hash;
  }
  return scripts;
}

/** Gives the browser the integrity of scripts not yet given (a second rule for one would be refused and logged). */
function requireIntegrity(files: Partial<Record<string, string>>): void {
  const scripts = knowIntegrity(files);
  if (Object.keys(scripts).length > 0) addImportMap({ integrity: scripts });
}

/**
 * A tab that holds an override runs the shell's development build (docs/overriding-a-remote.md, "Fast Refresh through
 * an override"), where the release carries one, on the load it asks for itself: one that asks for its policy
 * (`?overriding=1`) with the cookie the tab set for it, as the edge requires, that the tab marked as its own (no copy
 * of it has the mark), and while an override it holds has not expired (the shell's own rule: storedOverrides.ts).
 * The modules the page's bootstrap imports are then mapped onto the development build's, before it resolves any,
 * each checked against the integrity the page's import map gives it (packages/deploy/src/page/livePage.js). React's
 * development build then initialises; it announces itself to the DevTools hook, which this puts in place where no
 * DevTools did, keeping what React gives it, so that a remote dev server's React Refresh runtime, installed later by
 * the shell (overrides/devServerOverride.ts), finds the renderer it needs.
 */
function runDevelopmentShell(): void {
  // Taken on every load, whatever it decides: a copy of the tab made later must not find it.
  const marked = takeOverridingLoadMark();
  const pairs = tag?.getAttribute(DEVELOPMENT_SHELL_ATTRIBUTE);
  if (!pairs || !marked || !getsOverridingPolicy(window.location.search, document.cookie)) return;
  if (storedOverrides() === null) return;
  const imports: Record<string, string> = {};
  for (const pair of pairs.split(' ')) {
    const [from = '', to = ''] = pair.split('=');
    imports[new URL(from, document.baseURI).href] = new URL(to, document.baseURI).href;
  }
  addImportMap({ imports });
  const page = window as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown };
  if (page.__REACT_DEVTOOLS_GLOBAL_HOOK__ !== undefined) return;
  const renderers = new Map<number, unknown>();
  page.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers,
    supportsFiber: true,
    inject: (renderer: unknown) => {
      renderers.set(renderers.size, renderer);
      return renderers.size - 1;
    },
    onScheduleFiberRoot: () => undefined,
    onCommitFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
  };
}
runDevelopmentShell();

/**
 * What the page carries (packages/deploy/src/page/resolvedPage.js). Absent from a page served as built (a dev server):
 * the shell then asks for remotes.json itself, and this script hints each remote as the shell loads it.
 */
const resolved = (() => {
  const text = document.getElementById(resolvedDataId)?.textContent;
  return text ? (JSON.parse(text) as ResolvedData) : undefined;
})();
// The page's import map gave the browser these already.
if (typeof resolved?.remotes.integrity === 'object' && resolved.remotes.integrity !== null)
  knowIntegrity(resolved.remotes.integrity as Record<string, unknown>);

let carriedRemotesJson = resolved && Response.json(resolved.remotes);

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
/** Each manifest read here, or carried by the page, handed once to the federation runtime instead of its asking. */
const manifests = new Map<string, Response>(
  Object.entries(resolved?.manifests ?? {}).map(([url, manifest]) => [url, Response.json(manifest)]),
);

/** The manifest, checked against its integrity where remotes.json gives one. */
const fetchManifest = (manifestUrl: string) => pageFetch(manifestUrl, { integrity: integrity.get(manifestUrl) ?? '' });

async function hintManifest(manifestUrl: string): Promise<void> {
  const response = manifests.get(manifestUrl)?.clone() ?? (await fetchManifest(manifestUrl));
  if (response.ok && !manifests.has(manifestUrl)) manifests.set(manifestUrl, response.clone());
  const manifest = (await response.json()) as ScreenManifest;
  // The files the shell's loader will load: the screen's own, where it loads them directly.
  const direct = runtimeNeededFor(manifest, './app', linkedShell) === null;
  const files = screenFiles(manifest, manifestUrl, { direct });
  if (!files) return;
  const { base, scripts, styles } = files;
  const shared = scripts.filter((file) => runtimeCore.includes(file));
  const unmapped = shared.filter((file) => !mapped.has(new URL(file, base).href));
  if (unmapped.length > 0) {
    // Before any of the remote's modules is resolved: its imports of these files then get the shell's.
    addImportMap({
      imports: Object.fromEntries(
        unmapped.map((file) => [new URL(file, base).href, new URL(file, document.baseURI).href]),
      ),
    });
    for (const file of unmapped) mapped.add(new URL(file, base).href);
  }
  for (const file of scripts) if (!shared.includes(file)) hint('modulepreload', new URL(file, base).href);
  for (const file of styles) hint('preload', new URL(file, base).href, 'style');
}

const asked = new Map<string, Promise<void>>();

// Once per manifest: a retry loads the remote from a URL of its own (remote-kit's remoteLoader.ts), whose files need
// hints and mappings of their own.
function hintRemote(manifestUrl: string): Promise<void> {
  let hints = asked.get(manifestUrl);
  if (!hints) {
    hints = hintManifest(manifestUrl).catch(() => {
      asked.delete(manifestUrl);
    });
    asked.set(manifestUrl, hints);
  }
  return hints;
}

offerEarlyScript({
  takeRemotesJson() {
    const response = carriedRemotesJson;
    carriedRemotesJson = undefined;
    return response && Promise.resolve(response);
  },
  readManifest(manifestUrl) {
    const response = manifests.get(manifestUrl);
    manifests.delete(manifestUrl);
    return response ? Promise.resolve(response) : fetchManifest(manifestUrl);
  },
  requireIntegrity,
  hintRemote,
});
