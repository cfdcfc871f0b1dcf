/* global document, window, location */
// Runs before the shell's bundle, as a plain script: it reads remotes.json and the manifest of the remote that owns
// this address, and has the browser fetch that remote's scripts and stylesheets now, in parallel with the shell's
// own, instead of after the shell has booted: those of its screen (`./app`) and of the module that asks for the
// screen's data (`./preload`, where the remote has one; the shell calls it beside `./app`). The remotes.json response
// is handed to the shell (remoteLocations.ts). It only adds hints: if anything here fails, the page loads as it would
// without it. The shell calls `__murmurPreloadRemote` again when the browser is idle (or a link to a remote is
// hovered), to have the other remotes ready before they are needed.
// A remote file that is the federation runtime's core, byte for byte the shell's (same content-hashed name, listed
// in data-runtime-core by config/runtimeCoreChunk.js), is mapped onto the shell's copy: one runtime per page.
(() => {
  const script = document.currentScript;
  const shellBase = new URL('.', script.src);
  const runtimeCore = (script.dataset.runtimeCore ?? '').split(' ').filter(Boolean);
  // Which remote owns which path: config/routes.js, written onto this script's tag at build (config/routeOwners.js).
  const routeOwners = JSON.parse(script.dataset.routes ?? '[]');
  const owns = (path, pathname) => {
    const want = path.split('/');
    const have = pathname.split('/');
    return (
      want.length === have.length && want.every((part, i) => (part.startsWith(':') ? have[i] !== '' : part === have[i]))
    );
  };
  // The pointer sits at the site root, per environment; the shell's files sit in its version folder.
  const remotesJson = new URL('/remotes.json', location.href);
  const locationsResponse = fetch(remotesJson, { cache: 'no-store' });
  window.__murmurRemotesJson = locationsResponse;
  const locations = locationsResponse.then((response) => (response.ok ? response.clone().json() : {}));
  const asked = new Map();

  const hint = (rel, href, as) => {
    if (document.querySelector(`link[href="${href}"]`)) return;
    const link = Object.assign(document.createElement('link'), { rel, href, crossOrigin: '' });
    if (as) link.as = as;
    document.head.append(link);
  };

  // Specifiers already mapped: a second rule for one would be refused (and logged) by the browser.
  const mapped = new Set();
  // Each manifest read here, handed once to the federation runtime (earlyManifest.ts) instead of its asking again.
  const manifests = new Map();
  window.__murmurTakeManifest = (manifestUrl) => {
    const response = manifests.get(manifestUrl);
    manifests.delete(manifestUrl);
    return response;
  };

  const hintManifest = async (manifestUrl) => {
    const response = await fetch(manifestUrl);
    if (response.ok) manifests.set(manifestUrl, response.clone());
    const manifest = await response.json();
    const app = manifest.exposes.find((expose) => expose.path === './app');
    const preload = manifest.exposes.find((expose) => expose.path === './preload');
    const publicPath = manifest.metaData.publicPath;
    const base = new URL(publicPath && publicPath !== 'auto' ? publicPath : './', manifestUrl);
    // Of the lazily imported files, the remote's share-resolving module: its exposes import it as soon as they run.
    // (The others are its own copies of shared packages, which the page takes from the shell instead.)
    const resolvesShares = (expose) => (expose?.assets.js.async ?? []).filter((file) => file.includes('__loadShare__'));
    const scripts = [
      ...new Set([
        manifest.metaData.remoteEntry.name,
        ...(preload?.assets.js.sync ?? []),
        ...resolvesShares(preload ?? app),
        ...app.assets.js.sync,
      ]),
    ];
    const shared = scripts.filter((file) => runtimeCore.includes(file));
    const unmapped = shared.filter((file) => !mapped.has(new URL(file, base).href));
    if (unmapped.length > 0) {
      // Before any of the remote's modules is resolved: its imports of these files then get the shell's.
      // An import map is inline script: the page's Content-Security-Policy allows it by the nonce this script got.
      const map = Object.assign(document.createElement('script'), { type: 'importmap', nonce: script.nonce });
      map.textContent = JSON.stringify({
        imports: Object.fromEntries(unmapped.map((file) => [new URL(file, base).href, new URL(file, shellBase).href])),
      });
      document.head.append(map);
      for (const file of unmapped) mapped.add(new URL(file, base).href);
    }
    for (const file of scripts) if (!shared.includes(file)) hint('modulepreload', new URL(file, base).href);
    for (const file of app.assets.css.sync) hint('preload', new URL(file, base).href, 'style');
  };

  const hintsOf = (manifestUrl) => {
    if (!asked.has(manifestUrl))
      asked.set(
        manifestUrl,
        hintManifest(manifestUrl).catch(() => asked.delete(manifestUrl)),
      );
    return asked.get(manifestUrl);
  };

  // Answers a promise that settles, never failing, once the remote's hints are in place (or could not be). The
  // manifest is the one remotes.json names, or the one given: a retry loads the remote from a URL of its own
  // (remote-kit's remoteLoader.ts), whose files need hints and mappings of their own.
  window.__murmurPreloadRemote = (name, manifestUrl) =>
    (manifestUrl
      ? hintsOf(manifestUrl)
      : locations.then((found) => found[name] && hintsOf(new URL(found[name], remotesJson).href))
    ).then(
      () => undefined,
      () => undefined,
    );

  const owner = routeOwners.find(([path]) => owns(path, location.pathname));
  if (owner) window.__murmurPreloadRemote(owner[1]);
})();
