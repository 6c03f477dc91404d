/** `v` rounded to `digits` decimals (half away from zero as Math.round does for positives). */
export function round(v: number, digits: number): number {
  return Math.round(v * 10 ** digits) / 10 ** digits;
}

/** A probability (0..1) as the API shows it: percent with one decimal. */
export function percent(p: number): number {
  return round(p * 100, 1);
}
