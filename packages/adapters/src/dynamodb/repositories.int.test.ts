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
    id: fixtureId, fixtureId, leagueId: 'DL1', leagueName: 'Demo League', homeTeam: 'Rovers', awayTeam: 'United', kickoff,
    probabilities: { home: 0.5, draw: 0.3, away: 0.2 }, overUnder25: { over: 0.55, under: 0.45 },
    valueBets: [], modelVersion: 'm1', generatedAt: '2026-11-20T06:00:00.000Z',
  };
}

describe('DynamoPredictionRepository', () => {
  it('lists predictions by kickoff across UTC days, in kickoff order, within the bounds', async () => {
    const repo = new DynamoPredictionRepository(table.doc, table.tableName);
    const kickoffs = ['2026-11-21T23:30:00.000Z', '2026-11-22T00:15:00.000Z', '2026-11-22T15:00:00.000Z', '2026-11-23T19:45:00.000Z', '2026-11-30T12:00:00.000Z'];
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
  it('returns null before the first run, then the latest metrics and the trend oldest first', async () => {
    const repo = new DynamoMetricsRepository(table.doc, table.tableName);
    expect(await repo.getLatest()).toBeNull();
    for (let d = 1; d <= 35; d++) {
      const date = `2026-10-${String(d).padStart(2, '0')}`;
      if (d > 31) continue;
      const day = { winAccuracy: 50 + d / 10, totalPredictions: d, totalProfit: -d, payoutPercentage: d % 2 ? null : 1.5, bestWinningOdds: null, date };
      await repo.save(day, { latest: { ...day, basis: 'published', publishedPredictions: d, backfilledPredictions: 4 } });
    }
    const latest = await repo.getLatest();
    expect(latest).toEqual({ winAccuracy: 53.1, totalPredictions: 31, totalProfit: -31, payoutPercentage: null, bestWinningOdds: null, date: '2026-10-31', basis: 'published', publishedPredictions: 31, backfilledPredictions: 4 });
    // A past day's entry never replaces LATEST.
    await repo.save({ winAccuracy: 1, totalPredictions: 1, totalProfit: 0, payoutPercentage: null, bestWinningOdds: null, date: '2026-09-01' });
    expect((await repo.getLatest())?.date).toBe('2026-10-31');
    const trend = await repo.listTrend(30);
    expect(trend).toHaveLength(30);
    expect(trend[0]?.date).toBe('2026-10-02');
    expect(trend.at(-1)).toEqual({ date: '2026-10-31', winAccuracy: 53.1 });
  });
});

describe('table probe', () => {
  it('passes for the live table and fails for a missing one', async () => {
    await expect(makeTableProbe(table.doc, table.tableName).check()).resolves.toBeUndefined();
    await expect(makeTableProbe(table.doc, 'no-such-table').check()).rejects.toThrow();
  });
});
