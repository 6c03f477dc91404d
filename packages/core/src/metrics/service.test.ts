import type { TrackRecord, TrendEntry } from '@app/contracts/metrics';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../clock.ts';
import type { MetricsRepository } from './ports.ts';
import { makeMetricsService, TREND_LENGTH } from './service.ts';

const metrics = (winAccuracy: number): TrackRecord => ({
  winAccuracy,
  totalPredictions: 40,
  totalProfit: 120.5,
  payoutPercentage: 15.1,
  bestWinningOdds: 3.4,
  date: '2026-11-22',
  basis: 'published',
  publishedPredictions: 40,
  backfilledPredictions: 0,
});

function repo() {
  const state = { latest: null as TrackRecord | null, trend: [] as TrendEntry[], reads: 0, limits: [] as number[] };
  const r: MetricsRepository = {
    async getLatest() {
      state.reads += 1;
      return state.latest;
    },
    async listTrend(limit) {
      state.reads += 1;
      state.limits.push(limit);
      return state.trend;
    },
  };
  return { state, r };
}

describe('MetricsService', () => {
  it('serves null before the first metrics run, then the figures once the cache expires', async () => {
    // Prepare
    const { state, r } = repo();
    const clock = fixedClock('2026-11-22T12:00:00Z');
    const service = makeMetricsService({ metrics: r, clock, cacheTtlMs: 10_000 });

    // Act
    const before = await service.latest();
    state.latest = metrics(65);
    const cached = await service.latest();
    clock.advance(10_000);
    const after = await service.latest();

    // Assess
    expect(before.value).toBeNull();
    expect(cached).toEqual(before);
    expect(after.value).toMatchObject({ winAccuracy: 65 });
    expect(after.key).not.toBe(before.key);
    expect(state.reads).toBe(2);
  });

  it('reads the last 30 trend entries once per lifetime, and again at once after invalidate', async () => {
    // Prepare
    const { state, r } = repo();
    const service = makeMetricsService({ metrics: r, clock: fixedClock('2026-11-22T12:00:00Z'), cacheTtlMs: 10_000 });

    // Act
    await Promise.all([service.trend(), service.trend(), service.trend()]);
    service.invalidate();
    await service.trend();

    // Assess
    expect(state.limits).toEqual([TREND_LENGTH, TREND_LENGTH]);
  });
});

describe('MetricsService keys', () => {
  it('names each read by a key of its own: the same while kept, a new one per load', async () => {
    // Prepare
    const { state, r } = repo();
    state.latest = metrics(61);
    const clock = fixedClock('2026-11-22T12:00:00Z');
    const service = makeMetricsService({ metrics: r, clock, cacheTtlMs: 10_000 });

    // Act
    const first = await service.latest();
    const kept = await service.latest();
    const trend = await service.trend();
    state.latest = metrics(62);
    clock.advance(10_000);
    const changed = await service.latest();

    // Assess
    expect(first.key).toMatch(/^latest@\d+$/);
    expect(trend.key).toMatch(/^trend@\d+$/);
    expect(kept).toEqual(first);
    expect(changed.key).not.toBe(first.key);
    expect(changed.value).toEqual(metrics(62));
    expect(state.reads).toBe(3);
  });
});
