// @ts-check
/** Median and spread (min-max) of repeated measurements. */

/** @param {number[]} values */
export function summarize(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return { median: median ?? NaN, min: sorted[0] ?? NaN, max: sorted.at(-1) ?? NaN, runs: sorted.length };
}

/** @typedef {ReturnType<typeof summarize>} Summary */
