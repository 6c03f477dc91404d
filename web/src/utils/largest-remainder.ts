/**
 * Rounds percentages that belong together (home / draw / away, over / under) to `decimals`
 * places so that the rounded values add up to exactly 100 (largest-remainder method): every
 * value is rounded down, then the units still missing go, one each, to the values that lost the
 * most. Inputs that do not quite sum to 100 (floating point, a model's 99.98) are scaled first.
 */
export function roundToHundred(percents: readonly number[], decimals = 1): number[] {
  const scale = 10 ** decimals;
  const target = 100 * scale;
  const total = percents.reduce((sum, value) => sum + Math.max(0, value), 0);
  if (percents.length === 0 || total <= 0) return percents.map(() => 0);
  const exact = percents.map((value) => (Math.max(0, value) / total) * target);
  const floors = exact.map((value) => Math.floor(value + 1e-9));
  let missing = target - floors.reduce((sum, value) => sum + value, 0);
  // Largest remainder first; ties go to the earlier value so the result is deterministic.
  const order = exact.map((value, index) => ({ index, remainder: value - floors[index]! })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (missing <= 0) break;
    floors[index]! += 1;
    missing -= 1;
  }
  return floors.map((units) => units / scale);
}
