// @ts-check
import { assetText } from './assetText.js';

/**
 * Points the shell's page at its own entry, not at the federation plugin's bootstrap (docs/architecture.md, "The
 * linked first load"): the plugin rewrites the page's script into a bootstrap that starts the federation runtime
 * (its host init and the shell's own remoteEntry) before the app; the shell needs neither to start, since it puts its
 * modules on the page itself and loads remotes without the runtime where promote linked them. The page then imports
 * the entry's chunk, and preloads it and exactly what it imports statically. The plugin's files stay in the build:
 * the runtime's path imports them when a remote needs it, and the development shell pairs its bootstrap's imports
 * (shell/developmentShellPlugin.ts).
 * @returns {import('vite').Plugin}
 */
export function plainEntryPlugin() {
  return {
    name: 'murmur-plain-entry',
    apply: 'build',
    enforce: 'post',
    // After the federation plugin has rewritten the page, and before the page's data is read from it.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset') return;
        /** @type {Map<string, import('vite').Rollup.OutputChunk>} */
        const chunks = new Map();
        for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
        const bootstrap = [...Object.keys(bundle)].find((file) => /(^|\/)mf-entry-bootstrap-[^/]*\.js$/.test(file));
        const entry = [...chunks.values()].find((chunk) => chunk.isEntry && chunk.name === 'index');
        if (!bootstrap || !entry) throw new Error("the shell's page has no federation bootstrap or no entry chunk");
        const preloaded = new Set();
        for (let pending = [...entry.imports], file = pending.pop(); file !== undefined; file = pending.pop()) {
          if (preloaded.has(file)) continue;
          preloaded.add(file);
          pending.push(...(chunks.get(file)?.imports ?? []));
        }
        let html = assetText(page);
        html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
        const script = new RegExp(`<script type="module" crossorigin src="([^"]*)${escape(bootstrap)}"></script>`);
        const match = script.exec(html);
        if (!match) throw new Error(`the shell's page does not load ${bootstrap}`);
        const base = match[1] ?? '';
        const links = [entry.fileName, ...preloaded].map(
          (file) => `\n    <link rel="modulepreload" crossorigin href="${base}${file}">`,
        );
        // Imported by specifier, not named by `src`: an import map can then send it elsewhere (a tab that holds an
        // override maps it onto the development build's: shell/developmentShellPlugin.ts). Inline, it asks for
        // nothing: the link above has fetched the file.
        const imported = JSON.stringify(`${base}${entry.fileName}`);
        page.source = html.replace(script, `<script type="module">import ${imported};</script>${links.join('')}`);
      },
    },
  };
}

/** @param {string} text */
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
