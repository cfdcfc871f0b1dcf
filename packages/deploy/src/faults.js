// @ts-check

/**
 * Fault injection for the crash tests: with MURMUR_TEST_KILL_AFTER_WRITE=<n>, the process kills itself (SIGKILL,
 * as a power cut or an OOM kill would: no cleanup runs, the lock stays behind) right after its n-th write step.
 * Every step that changes a store file calls this once it has happened.
 */
let writesDone = 0;

export function afterWriteStep() {
  writesDone += 1;
  const limit = process.env.MURMUR_TEST_KILL_AFTER_WRITE;
  if (limit && Number(limit) === writesDone) process.kill(process.pid, 'SIGKILL');
}
