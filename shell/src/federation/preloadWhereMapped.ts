import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';

/** Where the page's import maps send a module URL (the early script maps a remote's runtime core onto the shell's). */
function mappedTo(url: string): string | undefined {
  for (const script of document.querySelectorAll('script[type="importmap"]')) {
    const imports = (JSON.parse(script.textContent || '{}') as { imports?: Record<string, string> }).imports;
    const target = imports?.[url];
    if (target) return target;
  }
  return undefined;
}

/**
 * The runtime preloads every script a remote's manifest lists for the module it loads, with `<link rel=modulepreload>`,
 * which no import map redirects: it would fetch the remote's copy of the runtime's core that the page never runs.
 * A file the import map sends elsewhere is preloaded where it is sent (the shell's copy, already loaded).
 */
export const preloadWhereMapped: ModuleFederationRuntimePlugin = {
  name: 'murmur-preload-where-mapped',
  createLink({ url, attrs }) {
    const target = mappedTo(url);
    if (!target) return undefined;
    const link = document.createElement('link');
    for (const [name, value] of Object.entries(attrs ?? {})) link.setAttribute(name, String(value));
    link.href = target;
    return link;
  },
};
