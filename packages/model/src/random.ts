/**
 * mulberry32: a small, fast, well-mixed 32-bit pseudo-random generator of uniforms in [0, 1).
 * Deterministic from its seed: the backtest's bootstrap, the test simulations and the demo
 * world all draw from it.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
