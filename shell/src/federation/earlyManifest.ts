import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { earlyScript } from '../early/pageHandoff';

/**
 * The runtime reads a remote's manifest before it loads anything of it; the early script has read it already (and
 * waited for it before the first load: loadRemoteModule.ts). Handing that answer over saves a round trip on the way
 * to the route's data. Without one (another URL, a failed early read), the early script reads it again, checked
 * against its integrity as its first read was; without the early script (unit tests), the runtime fetches as usual.
 */
export const earlyManifest: ModuleFederationRuntimePlugin = {
  name: 'murmur-early-manifest',
  fetch: (manifestUrl) => {
    const early = earlyScript()?.readManifest(manifestUrl);
    // Remade with the page's Response of the moment: the mock back end swaps fetch and Response for its own, and the
    // runtime only takes an answer that is an instance of the current one.
    return early?.then(async (read) => new Response(await read.text(), { status: read.status, headers: read.headers }));
  },
};
