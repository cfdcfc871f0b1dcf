// @ts-check
/**
 * A file's SHA-384 in the form browsers check (Subresource Integrity): how a release records each of its files, and
 * how remotes.json gives the page the files of the live versions (remotesJson.js).
 */
export const integrityPattern = /^sha384-[A-Za-z0-9+/]{64}$/;
