import { describe, expect, it } from 'vitest';
import type { P4 } from '@app/model/features';
import type { ParsedMatch } from '@app/model/football-data';
import { DEFAULT_MEMORY } from '@app/model/market-memory';
import { memoryRows, poolMemory, stackWalkForward, type MemoryRow } from './memory-backtest.ts';
import { simulateLeague } from '@app/model/testing/simulate';
import type { MatchRecord } from '@app/model/types';

function row(date: string, memory: P4, models: P4, outcome: 0 | 1 | 2, over: boolean): MemoryRow {
  return { league: 'X1', season: '2020-21', date, home: `H${date}`, away: 'A', outcome, over, memory, models, stack: memory, weights: [0, 0] };
}

describe('the market-memory stack', () => {
  it('pools log-linearly: weight 0 is the memory, 1 our models, and the pool sums to 1', () => {
    const m: P4 = [0.5, 0.3, 0.2, 0.55],
      o: P4 = [0.4, 0.3, 0.3, 0.45];
    expect(poolMemory(m, o, 0, 0)).toEqual(m.map((x) => expect.closeTo(x, 12)));
    expect(poolMemory(m, o, 1, 1)).toEqual(o.map((x) => expect.closeTo(x, 12)));
    const p = poolMemory(m, o, 0.3, 0.6);
    expect(p[0] + p[1] + p[2]).toBeCloseTo(1, 12);
    expect(p[0]).toBeGreaterThan(0.4);
    expect(p[0]).toBeLessThan(0.5);
    expect(p[3]).toBeGreaterThan(0.45);
    expect(p[3]).toBeLessThan(0.55);
  });

  it('learns the weights from earlier days only, and uses the prior until enough rows came before', () => {
    // our models call every outcome, the memory is flat: the learned weight goes to our models
    const rows: MemoryRow[] = [];
    for (let d = 1; d <= 20; d++)
      for (let k = 0; k < 3; k++) {
        const y = ((d + k) % 3) as 0 | 1 | 2;
        const sure: P4 = [0.02, 0.02, 0.02, 0.9];
        sure[y] = 0.96;
        rows.push(row(`2020-09-${String(d).padStart(2, '0')}`, [1 / 3, 1 / 3, 1 / 3, 0.5], sure, y, true));
      }
    stackWalkForward(rows, { w1x2: 0.1, wOver: 0.2, minRows: 6 });
    expect(rows.slice(0, 6).every((r) => r.weights[0] === 0.1 && r.weights[1] === 0.2)).toBe(true);
    expect(rows.slice(6).every((r) => r.weights[0] > 0.5 && r.weights[1] > 0.5)).toBe(true);
    // a row's weights do not depend on its own outcome or on later rows
    const changed = rows.map((r) => ({ ...r, weights: [0, 0] as [number, number] }));
    changed[30] = { ...changed[30]!, outcome: ((changed[30]!.outcome + 1) % 3) as 0 | 1 | 2, over: false };
    for (let i = 31; i < changed.length; i++) changed[i] = { ...changed[i]!, outcome: 1, over: false };
    stackWalkForward(changed, { w1x2: 0.1, wOver: 0.2, minRows: 6 });
    for (let i = 0; i <= 32; i++) expect(changed[i]!.weights).toEqual(rows[i]!.weights);
  });
});

describe('memoryRows', () => {
  const sim = simulateLeague({ league: 'AA', teams: 10, seasons: 3, seed: 5, odds: true, firstSeason: 2016 });
  const price = (p: number) => 1 / p;
  // every match closes at its own simulated odds, kept as Pinnacle's closing line
  const parsed = (ms: MatchRecord[]): ParsedMatch[] =>
    ms.map((m) => ({
      ...m,
      season: m.season!,
      pre: {},
      preOU: {},
      closing: {
        ps: { home: m.odds!.home!, draw: m.odds!.draw!, away: m.odds!.away! },
        psOU: { over: m.odds!.over25!, under: m.odds!.under25! },
      },
    }));

  it("forecasts a match from earlier days' closes only: changing every close from a day on leaves earlier forecasts as they were", () => {
    const base = parsed(sim.matches);
    const cut = base.filter((m) => m.season === '2018-19')[60]!.date;
    const changed = base.map((m) =>
      m.date >= cut ? { ...m, closing: { ps: { home: price(0.9), draw: price(0.06), away: price(0.04) }, psOU: { over: price(0.9), under: price(0.1) } } } : m,
    );
    const a = memoryRows(base, ['2018-19'], DEFAULT_MEMORY);
    const b = memoryRows(changed, ['2018-19'], DEFAULT_MEMORY);
    expect(a.length).toBe(b.length);
    const upTo = a.filter((r) => r.date <= cut).length;
    expect(upTo).toBeGreaterThan(50);
    for (let i = 0; i < a.length; i++) {
      if (a[i]!.date <= cut) expect(b[i]!.memory).toEqual(a[i]!.memory);
    }
    expect(b.some((r, i) => r.date > cut && r.memory[0] !== a[i]!.memory[0])).toBe(true);
  });
});
