// @ts-check

/**
 * How far above the stable version's share of failed page loads the canary's is, at least, with the confidence
 * asked: the lower end of a one-sided interval on the difference of the two shares (Newcombe's hybrid score
 * interval, from each share's Wilson interval), as a share (0.05 is 5 points). It grows with the evidence: 3 failed
 * page loads of 50 against none of 300 is about 0.014 at 99 %, 30 of 50 about 0.44; and it is right at small counts
 * and shares near 0, where the plain normal interval claims too much. Negative where the canary may well be no worse.
 * @param {{ failed: number; pageLoads: number }} canary
 * @param {{ failed: number; pageLoads: number }} stable
 * @param {number} confidence one-sided, between 0.5 and 1 (0.99 for 99 %)
 */
export function excessFailureBound(canary, stable, confidence) {
  const z = normalQuantile(confidence);
  const canaryShare = canary.failed / canary.pageLoads;
  const stableShare = stable.failed / stable.pageLoads;
  const canaryLow = wilsonInterval(canary.failed, canary.pageLoads, z).low;
  const stableHigh = wilsonInterval(stable.failed, stable.pageLoads, z).high;
  return canaryShare - stableShare - Math.hypot(canaryShare - canaryLow, stableHigh - stableShare);
}

/**
 * The Wilson score interval of a share of `successes` in `trials`, at `z` standard deviations each side.
 * @param {number} successes
 * @param {number} trials at least 1
 * @param {number} z
 */
export function wilsonInterval(successes, trials, z) {
  const share = successes / trials;
  const z2 = z * z;
  const centre = share + z2 / (2 * trials);
  const spread = z * Math.sqrt((share * (1 - share)) / trials + z2 / (4 * trials * trials));
  return {
    low: Math.max(0, (centre - spread) / (1 + z2 / trials)),
    high: Math.min(1, (centre + spread) / (1 + z2 / trials)),
  };
}

/**
 * The standard normal quantile: the z below which a share `p` of the distribution lies (Acklam's rational
 * approximation, to about 1e-9): 1.645 for 0.95, 2.326 for 0.99.
 * @param {number} p between 0 and 1, exclusive
 * @returns {number}
 */
export function normalQuantile(p) {
  if (p < 0.5) return -normalQuantile(1 - p);
  if (p <= 1 - tail) {
    const q = p - 0.5;
    const r = q * q;
    return (q * polynomial(central.a, r)) / (r * polynomial(central.b, r) + 1);
  }
  const q = Math.sqrt(-2 * Math.log(1 - p));
  return -polynomial(upper.c, q) / (q * polynomial(upper.d, q) + 1);
}

/** Where Acklam's approximation changes from its central form to its tail's. */
const tail = 0.02425;
const central = {
  a: [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ],
  b: [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572],
};
const upper = {
  c: [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ],
  d: [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416],
};

/**
 * A polynomial's value by Horner's rule, its coefficients highest power first.
 * @param {number[]} coefficients
 * @param {number} x
 */
function polynomial(coefficients, x) {
  return coefficients.reduce((sum, coefficient) => sum * x + coefficient, 0);
}
