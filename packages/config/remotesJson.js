// @ts-check
import { appEnvName, localManifestUrl, remoteNames } from './apps.js';

/**
 * The shell's remotes.json, which it reads at run time to find each remote's mf-manifest.json. It defaults to the
 * local ports; `MURMUR_<APP>_MANIFEST_URL` (e.g. MURMUR_FEED_MFE_MANIFEST_URL) points a remote elsewhere. The file is
 * emitted beside index.html, so an operator can also replace it in dist/ without rebuilding.
 * @param {Record<string, string | undefined>} env
 */
export function remotesJson(env) {
  const locations = Object.fromEntries(
    remoteNames.map((name) => [name, env[appEnvName(name, 'MANIFEST_URL')] ?? localManifestUrl(name)]),
  );
  return `${JSON.stringify(locations, null, 2)}\n`;
}
