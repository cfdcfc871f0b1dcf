/* global document, window, location */
// Runs before the shell's bundle, as a plain script: it reads remotes.json and the manifest of the remote that owns
// this address, and has the browser fetch that remote's scripts and stylesheets now, in parallel with the shell's
// own, instead of after the shell has booted. The remotes.json response is handed to the shell (remoteLocations.ts).
// It only adds hints: if anything here fails, the page loads as it would without it. The shell calls
// `__murmurPreloadRemote` again when the browser is idle, to have the other remotes ready before they are needed.
(() => {
  // Which remote owns which address; the shell's route table is shell/src/layout/AppRoutes.tsx.
  const routes = [
    [/^\/(bookmark|explore)?$/, 'murmur_feed'],
    [/^\/profile\//, 'murmur_profile'],
    [/^\/auth$/, 'murmur_auth'],
  ];
  const remotesJson = new URL('remotes.json', document.currentScript.src);
  const locationsResponse = fetch(remotesJson, { cache: 'no-store' });
  window.__murmurRemotesJson = locationsResponse;
  const locations = locationsResponse.then((response) => (response.ok ? response.clone().json() : {}));
  const asked = new Set();

  const hint = (rel, href, as) => {
    if (document.querySelector(`link[href="${href}"]`)) return;
    const link = Object.assign(document.createElement('link'), { rel, href, crossOrigin: '' });
    if (as) link.as = as;
    document.head.append(link);
  };

  window.__murmurPreloadRemote = (name) => {
    if (asked.has(name)) return;
    asked.add(name);
    locations
      .then(async (found) => {
        const manifestUrl = found[name];
        if (!manifestUrl) return;
        const manifest = await (await fetch(manifestUrl)).json();
        const app = manifest.exposes.find((expose) => expose.path === './app');
        const publicPath = manifest.metaData.publicPath;
        const base = new URL(publicPath && publicPath !== 'auto' ? publicPath : './', manifestUrl);
        for (const file of [manifest.metaData.remoteEntry.name, ...app.assets.js.sync]) hint('modulepreload', new URL(file, base).href);
        for (const file of app.assets.css.sync) hint('preload', new URL(file, base).href, 'style');
      })
      .catch(() => asked.delete(name));
  };

  const route = routes.find(([pattern]) => pattern.test(location.pathname));
  if (route) window.__murmurPreloadRemote(route[1]);
})();
