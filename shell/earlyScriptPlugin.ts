import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';
import { providedModules } from '@murmur/config/federation';
import { pluginVersion } from '@murmur/build-tools/provided-shares';
import { inlineAttribute, pluginVersionAttribute, providedAttribute } from '@murmur/config/resolved-page';
import { runtimeCoreFiles } from '@murmur/build-tools/runtime-core-chunk';
import { RUNTIME_CORE_ATTRIBUTE } from './src/early/pageHandoff';

/** The early script's source, relative to the shell's folder. */
const entry = 'src/early/earlyScript.ts';

/**
 * The early script, bundled on its own into one small classic script: it imports nothing, so it runs as soon as it
 * arrives, and shares no chunk with the shell's bundle (whose chunk groups would otherwise take in what both import).
 * Classic, not a module: the federation plugin rewrites every module script of the built page into its bootstrap,
 * which would hold it until the federation runtime has started.
 */
async function bundleEarlyScript(root: string): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    publicDir: false,
    logLevel: 'warn',
    build: {
      write: false,
      target: 'esnext',
      modulePreload: false,
      rolldownOptions: { input: join(root, entry), output: { format: 'iife' } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((file) => file.type === 'chunk' && file.isEntry);
  if (!chunk || chunk.type !== 'chunk') throw new Error(`bundling ${entry} gave no script`);
  return chunk.code;
}

/**
 * Owns the shell's early script (docs/architecture.md, "The early script"): bundles it at build into a content-hashed
 * file of its own, and puts its tag at the top of the page's head, with the attributes the page handoff names
 * (src/early/pageHandoff.ts): at build, the shell's files that hold the federation runtime's core; what the page
 * provides to remotes loaded straight from their files (packages/config/resolvedPage.js#linkedShellOf). The development
 * server serves its source as a module (it has no runtime-core chunk to name). Only the shell's config has this
 * plugin, so the benchmark's baseline, built from the same index.html, has no early script.
 */
export function earlyScriptPlugin(): Plugin {
  let root = '';
  let base = '/';
  let building = false;
  let development = false;
  let fileName: string | undefined;
  return {
    name: 'murmur-early-script',
    configResolved(config) {
      root = config.root;
      base = config.base;
      building = config.command === 'build';
      development = !config.isProduction;
    },
    async buildStart() {
      if (!building) return;
      const code = await bundleEarlyScript(root);
      fileName = `assets/early-script-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const built = building && fileName !== undefined;
        return [
          {
            tag: 'script',
            attrs: {
              ...(built ? {} : { type: 'module' }),
              async: true,
              // Fetched in CORS mode, as the page's module scripts are: the browser checks a script's integrity only
              // then, and the store's Integrity-Policy blocks any other.
              crossorigin: true,
              src: built ? `${base}${fileName}` : `/${entry}`,
              [RUNTIME_CORE_ATTRIBUTE]: context.bundle ? runtimeCoreFiles(context.bundle).join(' ') : '',
              [pluginVersionAttribute]: pluginVersion,
              [providedAttribute]: providedModules({ development }).join(' '),
              // Promote writes the built script into the live page: it runs as the page is parsed, with no request.
              ...(built ? { [inlineAttribute]: true } : {}),
            },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
