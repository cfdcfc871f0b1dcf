import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { apps, monolithPort, remoteNames } from '@murmur/config/apps';
import { scopeLayer } from '@murmur/build-tools/scope-styles';

const shellRoot = fileURLToPath(new URL('../../shell', import.meta.url));
const shellLoader = fileURLToPath(new URL('../../shell/src/federation/loadRemoteModule.ts', import.meta.url));
const localLoader = fileURLToPath(new URL('./src/loadLocalModule.ts', import.meta.url));
/** What the shell puts on the page for remotes loaded without the runtime: a single bundle has no remotes. */
const shellProvides = fileURLToPath(new URL('../../shell/src/federation/provideShares.ts', import.meta.url));
const nothingProvided = 'virtual:murmur-nothing-provided';
const remoteStyles = remoteNames.map((app) => ({
  app,
  id: fileURLToPath(new URL(`../../${app}/src/styles.css`, import.meta.url)),
}));

const localModulesId = 'virtual:murmur-local-modules';

/**
 * What each remote exposes (the apps table's `exposes`), as one lazy import per module, by module id
 * (`feed-mfe/UserPostList`): a careful single-bundle app would split its routes so.
 */
function localModulesSource(): string {
  const entries = remoteNames.flatMap((remote) =>
    Object.entries(apps[remote].exposes).map(([name, file]) => {
      const path = fileURLToPath(new URL(`../../${remote}/${file}`, import.meta.url));
      return `  ${JSON.stringify(`${remote}/${name.slice(2)}`)}: () => import(${JSON.stringify(path)}),`;
    }),
  );
  return `export const localModules = {\n${entries.join('\n')}\n};\n`;
}

/**
 * The shell's remote loader, replaced by direct imports of what each remote exposes; and what the shell puts on the
 * page for its remotes, by nothing.
 */
function localRemotes(): Plugin {
  return {
    name: 'murmur-local-remotes',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source === localModulesId) return `\0${localModulesId}`;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved?.id === shellProvides) return `\0${nothingProvided}`;
      return resolved?.id === shellLoader ? localLoader : null;
    },
    load: (id) => {
      if (id === `\0${localModulesId}`) return localModulesSource();
      return id === `\0${nothingProvided}` ? 'export {};\n' : null;
    },
  };
}

/**
 * Each remote's stylesheet as its own build makes it: Tailwind scans the Vite root (the shell) unless told, so each
 * sheet also scans its own app, and its utilities are scoped to its app's root (packages/build-tools/scopeStyles.js).
 */
function remoteStylesheets(): Plugin[] {
  const remoteOf = (id: string) => remoteStyles.find((sheet) => sheet.id === id.split('?')[0]);
  return [
    {
      name: 'murmur-remote-sources',
      enforce: 'pre',
      transform(code, id) {
        return remoteOf(id) ? `${code}\n@source "./";\n` : null;
      },
    },
    {
      name: 'murmur-remote-scope',
      transform(code, id) {
        const sheet = remoteOf(id);
        return sheet ? scopeLayer(code, 'utilities', `[data-murmur-app="${sheet.app}"]`) : null;
      },
    },
  ];
}

/**
 * The baseline of the benchmark (e2e/bench), for measurement only: the shell's own index.html, App, router, atoms
 * and mock back end, with every remote imported directly instead of through the federation runtime.
 */
export default defineConfig({
  root: shellRoot,
  plugins: [localRemotes(), ...remoteStylesheets(), tailwindcss(), react()],
  build: {
    target: 'esnext',
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // remote-kit's index re-exports the federation loader; nothing here calls it, so its runtime must not ship.
    rolldownOptions: { treeshake: { moduleSideEffects: (id: string) => !id.includes('@module-federation') } },
  },
  preview: { port: monolithPort, strictPort: true },
});
