import { mulberry32 } from './random.ts';
/**
 * Block bootstrap for backtest headlines. Matches of one day (across leagues) are resampled together, so the
 * interval allows for matches of the same day being correlated (the same news, weather, round of fixtures).
 * Deterministic: a fixed-seed generator.
 */

/**
 * 95 % percentile interval of `statistic(sums)` where `sums[j]` is the sum of `columns[j]` over a resample of the
 * blocks (`blockOf[i]` names the block of row i). Example: ratio of two RPS sums, or a mean difference with a
 * column of ones as the second column.
 */
export function blockBootstrapInterval(
  blockOf: readonly string[],
  columns: readonly (readonly number[])[],
  statistic: (sums: number[]) => number,
  replicates = 2000,
  seed = 20_190_801,
): [number, number] {
  // blocks in key order, so the interval does not depend on the order of the rows
  const keys = [...new Set(blockOf)].sort();
  const index = new Map(keys.map((k, i) => [k, i] as const));
  const blockSums = keys.map(() => new Array<number>(columns.length).fill(0));
  blockOf.forEach((b, i) => {
    const row = blockSums[index.get(b)!]!;
    for (let j = 0; j < columns.length; j++) row[j]! += columns[j]![i]!;
  });
  const nBlocks = blockSums.length;
  if (nBlocks === 0) return [NaN, NaN];
  const random = mulberry32(seed);
  const stats: number[] = [];
  for (let r = 0; r < replicates; r++) {
    const sums = new Array<number>(columns.length).fill(0);
    for (let b = 0; b < nBlocks; b++) {
      const row = blockSums[Math.floor(random() * nBlocks)]!;
      for (let j = 0; j < columns.length; j++) sums[j]! += row[j]!;
    }
    stats.push(statistic(sums));
  }
  stats.sort((a, b) => a - b);
  const at = (q: number) => stats[Math.min(replicates - 1, Math.max(0, Math.round(q * (replicates - 1))))]!;
  return [at(0.025), at(0.975)];
}
