// @ts-check
/**
 * A version id of a released app: a content hash, then the short commit it was built from where there is one. Each
 * version's files live under `/<version>/` on the app's origin, which is how the page tells which version of which
 * app a script belongs to (shell/src/telemetry/appVersions.ts) and how the store names its folders.
 */
export const versionPattern = /^[0-9a-f]{12}(?:-[0-9a-f]{7,40})?$/;
