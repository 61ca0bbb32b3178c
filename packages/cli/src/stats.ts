// Confidence intervals for the win rates `misto simulate` reports.

/** The standard normal quantile for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface Interval {
  readonly low: number;
  readonly high: number;
}

/**
 * The Wilson score interval for a proportion of `successes` in `trials` (Wilson 1927). Unlike the
 * normal approximation it stays inside [0, 1] and behaves at 0 and at n successes, which matters
 * for rare outcomes such as draws. No trials give the whole of [0, 1].
 */
export function wilsonInterval(successes: number, trials: number, z: number = Z95): Interval {
  if (!Number.isInteger(trials) || trials < 0) throw new RangeError(`trials must be a whole number ≥ 0`);
  if (!Number.isInteger(successes) || successes < 0 || successes > trials) {
    throw new RangeError(`successes must be a whole number from 0 to ${trials}`);
  }
  if (trials === 0) return { low: 0, high: 1 };
  const n = trials;
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At 0 and at n successes the bound is exactly 0 or 1; the formula lands a rounding error off.
  return {
    low: successes === 0 ? 0 : centre - half,
    high: successes === n ? 1 : centre + half,
  };
}
