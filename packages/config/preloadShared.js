// @ts-check
/**
 * The host's federation bootstrap imports the shared packages it provides (the mock back end, axios, …) only after
 * the runtime has started, one round trip after the page's scripts. Every one of them is needed on every page of the
 * host, so this lists them, with what they import, as modulepreload hints in index.html: they load with the rest.
 * @returns {import('vite').Plugin}
 */
export function preloadSharedPlugin() {
  let base = '/';
  return {
    name: 'murmur-preload-shared',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = new Map(
          Object.values(context.bundle ?? {}).flatMap((output) =>
            output.type === 'chunk' ? [[output.fileName, output]] : [],
          ),
        );
        // The plugin's bootstrap (not a chunk of this bundle) imports pendingShares; the shared packages' own code is
        // in the shell's chunk (chunkGroups.js), which the page's script already names.
        const needed = new Set([...chunks.keys()].filter((file) => /\/pendingShares-/.test(file)));
        for (const file of needed) for (const imported of chunks.get(file)?.imports ?? []) needed.add(imported);
        return [...needed]
          .filter((file) => !html.includes(`${base}${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head',
          }));
      },
    },
  };
}
