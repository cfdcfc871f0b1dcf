// @ts-check

/**
 * Runs a crash test's `step` for n = 1, 2, … (the command killed after its n-th write step, killAfterWriteStep.js),
 * `width` steps at once, each on a store of its own, until a batch holds a step past the command's last write: the
 * steps overlap their processes and their waits for the dead command's lock, and each is checked as alone.
 * @param {(n: number) => Promise<boolean>} step answers whether the command was killed (false: it ran to its end)
 * @param {number} width
 * @returns {Promise<number>} how many steps the command was killed after: steps 1 to that one, and no later step
 */
export async function killedSteps(step, width) {
  let killed = 0;
  for (let first = 1; ; first += width) {
    const results = await Promise.all(Array.from({ length: width }, (_, i) => step(first + i)));
    for (const [i, wasKilled] of results.entries()) {
      if (!wasKilled) continue;
      if (killed !== first + i - 1) throw new Error(`killed after write step ${first + i}, not after ${killed + 1}`);
      killed = first + i;
    }
    if (results.includes(false)) return killed;
  }
}
