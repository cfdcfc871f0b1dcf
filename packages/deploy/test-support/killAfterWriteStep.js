// @ts-check
// Loaded with `node --import` into a store command by the crash tests (testStore.js#storeCommand): with
// MURMUR_TEST_KILL_AFTER_WRITE=<n>, the process kills itself (SIGKILL, as a power cut or an OOM kill would: no cleanup
// runs, the lock stays behind) right after the n-th step that changes the store (src/store/writeSteps.js).
import { subscribe } from 'node:diagnostics_channel';

const limit = Number(process.env.MURMUR_TEST_KILL_AFTER_WRITE);
let stepsDone = 0;
subscribe('murmur:store-write-step', () => {
  stepsDone += 1;
  if (stepsDone === limit) process.kill(process.pid, 'SIGKILL');
});
