// @ts-check

/**
 * Runs a crash test's `step` for n = 1, 2, … (the command killed after its n-th write step, killAfterWriteStep.js)
 * in `lanes` lanes at once, lane i taking steps i + 1, i + 1 + lanes, … one after another until one runs past the
 * command's last write: the lanes overlap their processes and their waits for the dead command's lock, and a lane may
 * keep a store of its own from step to step.
 * @param {(n: number, lane: number) => Promise<boolean>} step answers whether the command was killed (false: it ran to
 *   its end)
 * @param {number} lanes
 * @returns {Promise<number>} how many steps the command was killed after: every step up to that one, and none after
 */
export async function killedSteps(step, lanes) {
  /** @type {number[]} */
  const killed = [];
  const ends = await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      for (let n = lane + 1; ; n += lanes) {
        if (!(await step(n, lane))) return n;
        killed.push(n);
      }
    }),
  );
  const last = Math.min(...ends) - 1;
  const late = killed.filter((n) => n > last);
  if (late.length > 0) throw new Error(`killed after write step ${late[0]}, though step ${last + 1} ran to its end`);
  return last;
}
