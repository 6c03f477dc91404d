import { describe, expect, it } from 'vitest';

import { sharperThanItsParts } from '@/features/matches/utils/pool-note';

const component = (name: string, home: number, draw: number, away: number) => ({ name, home, draw, away });

describe('sharperThanItsParts', () => {
  it('explains, in one sentence, a pool whose favourite is above every model', () => {
    const note = sharperThanItsParts({
      models: { home: 63.1, draw: 20.4, away: 16.5 },
      components: [component('statistical', 58.2, 23.1, 18.7), component('ai', 60.4, 22, 17.6), component('rating', 59.9, 22.5, 17.6)],
    });
    expect(note).toBe(
      "Our models' home win chance (63.1%) is above each model's: the three are pooled as a weighted geometric mean with weights learned from past forecasts, so where they agree the pool is sharper than any one of them.",
    );
  });

  it('says below when the pool is under every model, and nothing when it sits inside their range', () => {
    expect(sharperThanItsParts({ models: { home: 40, draw: 30, away: 30 }, components: [component('a', 45, 25, 30), component('b', 44, 26, 30)] })).toMatch(
      /home win chance \(40.0%\) is below each model's/,
    );
    expect(
      sharperThanItsParts({ models: { home: 59, draw: 22.5, away: 18.5 }, components: [component('a', 58.2, 23.1, 18.7), component('b', 60.4, 22, 17.6)] }),
    ).toBeNull();
    expect(sharperThanItsParts({ models: null, components: [] })).toBeNull();
  });
});
