// @ts-check
// Loaded with `node --import` into a store command by tests: with MURMUR_TEST_DELAY_IMPORT=<file name> and
// MURMUR_TEST_DELAY_MS=<ms>, the first import of a module of that name is held for that long (delayedImportHooks.js),
// as a slow disk or a loaded machine holds it, while the rest of the process runs on: its timers fire, any lock it
// holds stays held. It says so on stderr as the hold begins, for the test to act meanwhile.
import { register } from 'node:module';

register('./delayedImportHooks.js', import.meta.url);
