// @ts-check

/**
 * A store command turned down, because of what it was asked (an unknown version, a build holding links) or because
 * the release does not fit what is live. Nothing in the store was changed; the message is one line for a person, and
 * one more for each break of a contract between apps (switches/contracts/seamBreaks.js).
 */
export class Refusal extends Error {}
