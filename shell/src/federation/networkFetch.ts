/**
 * The browser's own fetch, as it was when the shell's modules were evaluated: before the mock back end (remote-kit's
 * bootPage) swapped in one that goes through XMLHttpRequest, which drops `integrity` and hides a 304. For the reads
 * an open tab makes of remotes.json and of a new version's files (deployment/).
 */
const browserFetch = globalThis.fetch;

export const networkFetch: typeof fetch = (input, init) => browserFetch.call(globalThis, input, init);
