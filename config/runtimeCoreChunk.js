// @ts-check
/**
 * Names, on the shell's early script (shell/public/preload-remotes.js), the chunk that holds the federation runtime's
 * core. Every app's build emits the same core under the same content-hashed name; when a remote's manifest lists a
 * file of that name, the early script maps it, with an import map, onto the shell's copy, so the page evaluates the
 * runtime once. A remote built with another runtime version has another name and keeps its own copy.
 * @returns {import('vite').Plugin}
 */
export function runtimeCoreChunkPlugin() {
  return {
    name: 'murmur-runtime-core-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const files = Object.values(context.bundle ?? {}).flatMap((output) =>
          output.type === 'chunk' && output.moduleIds.some((id) => id.includes('/@module-federation/runtime-core/'))
            ? [output.fileName]
            : [],
        );
        return html.replace(
          /<script ([^>]*src="[^"]*preload-remotes\.js")/,
          `<script data-runtime-core="${files.join(' ')}" $1`,
        );
      },
    },
  };
}
