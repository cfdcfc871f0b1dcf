// @ts-check

/**
 * What a released file's path may hold: letters, digits and `._~/-` (the unreserved characters of a URL, and "/").
 * A file's name reaches places that each escape differently or not at all (an nginx location, where `$` always
 * starts a variable; a URL; a header; a shell line in a pipeline): a name of these characters needs no escaping in
 * any of them. Checked once, where files enter the store (release.js); what reads a store skips or names a file
 * outside it rather than fail for it (one release's name must never break the edge for every app).
 */
export const safeFilePath = /^[A-Za-z0-9._~/-]+$/;

/** The rule as a person reads it, for messages. */
export const safeFilePathRule = 'letters, digits and ._~/-';
