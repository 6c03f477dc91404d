/**
 * Deterministic randomness for the demo world: every draw comes from a generator seeded by a hash
 * of (world seed, what it is for), so a match's result does not depend on what was generated
 * before it, and the same seed gives the same world in any process.
 */
import { mulberry32 } from '@app/model/random';

/** FNV-1a over the parts joined by '|', 32-bit. */
export function hashSeed(...parts: (string | number)[]): number {
  const s = parts.join('|');
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A generator for one purpose: `rngFor(seed, 'league', 'NSP', 2025)`. */
export function rngFor(...parts: (string | number)[]): () => number {
  return mulberry32(hashSeed(...parts));
}

/** Standard normal draw (Box-Muller). */
export function gaussian(rng: () => number): number {
  const u = 1 - rng();
  const v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Poisson draw (Knuth; fine for the small means used here). */
export function poisson(rng: () => number, lambda: number): number {
  const limit = Math.exp(-lambda);
  let k = 0;
  let p = rng();
  while (p > limit) {
    k += 1;
    p *= rng();
  }
  return k;
}

export function binomial(rng: () => number, n: number, p: number): number {
  let k = 0;
  for (let i = 0; i < n; i++) if (rng() < p) k += 1;
  return k;
}

/** Fisher-Yates shuffle into a new array. */
export function shuffled<T>(items: readonly T[], rng: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
