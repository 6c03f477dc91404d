import { describe, expect, it, beforeAll } from 'vitest';
import type { StoredPrediction } from '@app/core/predictions/prediction';
import { DynamoMetricsRepository } from './metrics-repository.ts';
import { DynamoPredictionRepository } from './prediction-repository.ts';
import { makeTableProbe } from './health.ts';
import { createTestTable } from './testing/test-table.ts';

let table: Awaited<ReturnType<typeof createTestTable>>;
beforeAll(async () => {
  table = await createTestTable();
});

function prediction(fixtureId: string, kickoff: string): StoredPrediction {
  return {
    id: fixtureId,
    fixtureId,
    leagueId: 'DL1',
    leagueName: 'Demo League',
    homeTeam: 'Rovers',
    awayTeam: 'United',
    kickoff,
    probabilities: { home: 0.5, draw: 0.3, away: 0.2 },
    overUnder25: { over: 0.55, under: 0.45 },
    valueBets: [],
    modelVersion: 'm1',
    generatedAt: '2026-11-20T06:00:00.000Z',
  };
}

describe('DynamoPredictionRepository', () => {
  it('lists predictions by kickoff across UTC days, in kickoff order, within the bounds', async () => {
    const repo = new DynamoPredictionRepository(table.doc, table.tableName);
    const kickoffs = [
      '2026-11-21T23:30:00.000Z',
      '2026-11-22T00:15:00.000Z',
      '2026-11-22T15:00:00.000Z',
      '2026-11-23T19:45:00.000Z',
      '2026-11-30T12:00:00.000Z',
    ];
    await Promise.all(kickoffs.map((k, i) => repo.save(prediction(`f${i}`, k))));
    const list = await repo.listByKickoff(new Date('2026-11-21T23:00:00Z'), new Date('2026-11-23T19:45:00Z'));
    expect(list.map((p) => p.kickoff)).toEqual(kickoffs.slice(0, 4));
    expect(list[0]).toEqual(prediction('f0', kickoffs[0]!));
  });

  it('reads past the 1 MB page limit of a busy day', async () => {
    const repo = new DynamoPredictionRepository(table.doc, table.tableName);
    const padding = 'x'.repeat(30_000);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        repo.save({ ...prediction(`busy${i}`, `2026-12-05T12:${String(i).padStart(2, '0')}:00.000Z`), modelVersion: padding }),
      ),
    );
    const list = await repo.listByKickoff(new Date('2026-12-05T00:00:00Z'), new Date('2026-12-05T23:59:59Z'));
    expect(list).toHaveLength(40);
  });
});

describe('DynamoMetricsRepository', () => {
  it('returns null before the first run, then the latest figures with their trend; an older read never replaces a newer one', async () => {
    const repo = new DynamoMetricsRepository(table.doc, table.tableName);
    expect(await repo.getLatest()).toBeNull();
    expect(await repo.listTrend(30)).toEqual([]);
    const latest = {
      winAccuracy: 53.1,
      totalPredictions: 31,
      totalProfit: -31,
      payoutPercentage: null,
      bestWinningOdds: null,
      date: '2026-10-31',
      basis: 'published' as const,
      publishedPredictions: 31,
      backfilledPredictions: 4,
    };
    const trend = Array.from({ length: 30 }, (_, i) => ({
      date: `2026-10-${String(i + 2).padStart(2, '0')}`,
      winAccuracy: 50 + i,
      totalPredictions: i + 1,
      basis: i < 20 ? ('backtest' as const) : ('published' as const),
    }));
    expect(await repo.saveLatest(latest, trend, new Date('2026-10-31T12:00:00Z'))).toBe(true);
    expect(await repo.getLatest()).toEqual(latest);
    expect((await repo.listTrend(30)).at(-1)).toEqual({ date: '2026-10-31', winAccuracy: 79, totalPredictions: 30, basis: 'published' });
    expect(await repo.listTrend(5)).toHaveLength(5);
    // A slower run that read the ledger before a correction's recomputation did is refused.
    expect(await repo.saveLatest({ ...latest, totalProfit: 999 }, trend, new Date('2026-10-31T11:59:00Z'))).toBe(false);
    expect((await repo.getLatest())?.totalProfit).toBe(-31);
  });
});

describe('table probe', () => {
  it('passes for the live table and fails for a missing one', async () => {
    await expect(makeTableProbe(table.doc, table.tableName).check()).resolves.toBeUndefined();
    await expect(makeTableProbe(table.doc, 'no-such-table').check()).rejects.toThrow();
  });
});
