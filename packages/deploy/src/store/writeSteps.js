// @ts-check
import { channel } from 'node:diagnostics_channel';

/**
 * Each step that changes the store (a file written, renamed into place or removed; an object put) is published on
 * this diagnostics channel once it has happened, for whoever traces a command: a channel costs nothing without a
 * subscriber. The crash tests subscribe (test-support/killAfterWriteStep.js) and kill the process after the n-th step,
 * as a power cut would.
 */
const writeSteps = channel('murmur:store-write-step');

/** Says that a step that changes the store has happened. @param {string} what the file or object it changed */
export function wroteStep(what) {
  if (writeSteps.hasSubscribers) writeSteps.publish({ what });
}
