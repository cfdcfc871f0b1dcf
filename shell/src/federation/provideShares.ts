import type { init } from '@module-federation/runtime';
import { providedShares } from 'virtual:murmur-provided-shares';

// The modules the shell provides, put on the page before any remote's code runs (docs/architecture.md, "The linked
// first load"): each in the federation plugin's module cache, under the key its share wrappers read first
// (`default:<name>`, and the bare name). A remote's wrapper that finds its module there binds to it at once, with no
// container init and no runtime: so a remote's expose can be imported straight from its own file. The same modules
// are handed to the federation runtime where it still runs (`runtimeShares`).

const cacheKey = '__mf_module_cache__';
type ModuleCache = {
  share: Record<string, unknown>;
  remote: Record<string, unknown>;
  /** The plugin's share wrappers that did not find their module, each waiting for its container's init. */
  pendingShareLoads?: Promise<unknown>[];
};
const page = globalThis as typeof globalThis & { [cacheKey]?: Partial<ModuleCache> };
const cache = (page[cacheKey] ??= {});
cache.share ??= {};
cache.remote ??= {};
for (const { name, module } of providedShares) {
  cache.share[`default:${name}`] = module;
  cache.share[name] = module;
}

/** The names of the modules the shell put on the page. */
export const seededShares: ReadonlySet<string> = new Set(providedShares.map(({ name }) => name));

/** The share wrappers of remotes that are waiting for a module the shell did not put where they read. */
export const unboundShares = (): Promise<unknown>[] => [...(cache.pendingShareLoads ?? [])];

/** The same modules, as the federation runtime's `init` takes them, for the runtime's path. */
export function runtimeShares(): NonNullable<Parameters<typeof init>[0]['shared']> {
  return Object.fromEntries(
    providedShares.map(({ name, version, module }) => [
      name,
      { version, lib: () => module, shareConfig: { singleton: true, requiredVersion: `^${version}` } },
    ]),
  );
}
