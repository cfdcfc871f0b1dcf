// @ts-check
import satisfies from 'semver/functions/satisfies.js';

// Whether a remote's build fits the live shell, written once: promote runs it on the release store (packages/deploy/),
// and the shell's page runs it on a session's override of a remote (overrides.js). So it imports nothing from Node.

/**
 * The parts of an mf-manifest.json these checks read (packages/deploy/src/store/manifest.js validates a release's).
 * @typedef {{
 *   name: string;
 *   metaData: { publicPath?: string };
 *   shared: { name: string; version: string; singleton?: boolean; requiredVersion?: string }[];
 *   exposes: { path: string }[];
 * }} Manifest
 */

/**
 * Why `consumer` cannot run on the singletons `provider` puts on the page, or null when it can. A singleton is
 * loaded once per page, from the shell: a remote built against react 20 would get the shell's 19.
 * @param {Manifest} consumer
 * @param {Manifest} provider
 * @param {string} providerLabel how the one-line reason names the provider
 * @returns {string | null}
 */
function unmetSingleton(consumer, provider, providerLabel) {
  for (const need of consumer.shared) {
    if (!need.singleton) continue;
    const offered = provider.shared.find((shared) => shared.name === need.name);
    if (!offered) return `it needs the singleton ${need.name}, which ${providerLabel} does not provide`;
    const range = need.requiredVersion ?? need.version;
    if (!satisfies(offered.version, range)) {
      return `it needs ${need.name} ${range}, ${providerLabel} provides ${offered.version}`;
    }
  }
  return null;
}

/**
 * Why a remote's release cannot replace the live one, or null when it can.
 * @param {Manifest} manifest the release's
 * @param {{ expectedName: string; consumed: readonly string[]; shell: Manifest }} context
 * @returns {string | null}
 */
export function refusalOfRemote(manifest, { expectedName, consumed, shell }) {
  const naming = refusalOfName(manifest, expectedName);
  if (naming) return naming;
  const exposed = new Set(manifest.exposes.map((expose) => expose.path));
  const missing = consumed.filter((module) => !exposed.has(module));
  if (missing.length > 0) return `it does not expose ${missing.join(', ')}, which the composed app loads`;
  return unmetSingleton(manifest, shell, 'the live shell');
}

/**
 * Why a shell's release cannot replace the live one, or null when it can: every live remote must still find the
 * singletons it needs.
 * @param {Manifest} manifest the release's
 * @param {{ expectedName: string; liveRemotes: { label: string; manifest: Manifest }[] }} context
 * @returns {string | null}
 */
export function refusalOfShell(manifest, { expectedName, liveRemotes }) {
  const naming = refusalOfName(manifest, expectedName);
  if (naming) return naming;
  for (const remote of liveRemotes) {
    const unmet = unmetSingleton(remote.manifest, manifest, 'this shell');
    if (unmet) return `the live ${remote.label}: ${unmet}`;
  }
  return null;
}

/**
 * @param {Manifest} manifest
 * @param {string} expectedName
 */
function refusalOfName(manifest, expectedName) {
  if (manifest.name !== expectedName)
    return `its federation name is ${manifest.name}, the pointer expects ${expectedName}`;
  const publicPath = manifest.metaData.publicPath;
  if (publicPath !== 'auto') {
    return (
      `its chunks are pinned to ${publicPath ?? 'no public path'}; ` +
      'build it with a relative base so it can be served from anywhere'
    );
  }
  return null;
}
