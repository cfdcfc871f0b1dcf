/** What the shell's build generates for its boot (packages/build-tools/providedShares.js). */
declare module 'virtual:murmur-provided-shares' {
  /** The modules the shell provides, each with its name and the version it was built with. */
  export const providedShares: readonly { name: string; version: string; module: object }[];
  /** The federation plugin's version the shell was built with. */
  export const pluginVersion: string;
}
