// @ts-check
/**
 * The files a build writes beside its manifest (docs/contracts.md): a remote's `exposes.d.ts`, the declarations of
 * what it exposes; an app's `uses.d.ts`, what it compiled against of each module of another remote it uses. The
 * release records them with the rest, and promote checks the one against the other; the manifest carries the hash of
 * each (`murmurContract`). (The build prints them: packages/build-tools/publishedTypesPlugin.js,
 * with the compiler in a worker.)
 */
export const contractFiles = /** @type {const} */ ({ exposes: 'exposes.d.ts', uses: 'uses.d.ts' });
