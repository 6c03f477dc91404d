import { describe, expect, it } from 'vitest';
import type { P4 } from './features.ts';
import { poolMemory, stackWalkForward, type MemoryRow } from './memory-backtest.ts';

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
