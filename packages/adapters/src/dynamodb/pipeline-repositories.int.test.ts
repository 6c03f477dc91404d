import { beforeAll, describe, expect, it } from 'vitest';
import { picksOf, settle } from '@app/core/picks/pick';
import type { StoredPrediction } from '@app/core/predictions/prediction';
import { jobRepositoryContract } from '@app/core/testing/job-repository.contract';
import { DynamoHistoryRepository } from './history-repository.ts';
import { DynamoJobRepository } from './job-repository.ts';
import { DynamoPickRepository } from './pick-repository.ts';
import { DynamoPredictionRepository } from './prediction-repository.ts';
import { createTestTable } from './testing/test-table.ts';

let table: Awaited<ReturnType<typeof createTestTable>>;
beforeAll(async () => {
  table = await createTestTable();
});

function prediction(fixtureId: string, kickoff: string, home = 0.65): StoredPrediction {
  return {
    id: fixtureId, fixtureId, leagueId: 'L1', leagueName: 'League One', homeTeam: 'Rovers', awayTeam: 'United', kickoff,
    probabilities: { home, draw: (1 - home) / 2, away: (1 - home) / 2 }, overUnder25: { over: 0.62, under: 0.38 },
    valueBets: [], bestOdds: { home: 1.7, over25: 1.8 }, modelVersion: 'm@2026-11-22', generatedAt: '2026-11-22T06:00:00.000Z', status: 'scheduled',
  };
}

describe('prediction store and picks', () => {
  it('writes a prediction with its high-confidence picks and lists them by kickoff (GSI3)', async () => {
    const store = new DynamoPredictionRepository(table.doc, table.tableName);
    const picks = new DynamoPickRepository(table.doc, table.tableName);
    const p = prediction('fxA', '2026-11-25T15:00:00.000Z');
    expect(await store.write(p, picksOf(p), { now: new Date('2026-11-22T06:00:00Z') })).toBe(true);
    const listed = await picks.listByKickoff(new Date('2026-11-24T00:00:00Z'), new Date('2026-11-26T00:00:00Z'));
    expect(listed.map((x) => [x.id, x.predictionType])).toEqual([
      ['fxA~1x2', 'home_win'],
      ['fxA~ou25', 'over_25'],
    ]);
    expect(await picks.get('fxA~ou25')).toMatchObject({ capturedOdds: 1.8, status: 'pending' });
  });

  it('removes a pick that is no longer high-confidence when the prediction is regenerated', async () => {
    const store = new DynamoPredictionRepository(table.doc, table.tableName);
    const picks = new DynamoPickRepository(table.doc, table.tableName);
    const first = prediction('fxB', '2026-11-26T15:00:00.000Z', 0.7);
    await store.write(first, picksOf(first), { now: new Date('2026-11-22T06:00:00Z') });
    const second = prediction('fxB', '2026-11-26T15:00:00.000Z', 0.5);
    await store.write(second, picksOf(second), { now: new Date('2026-11-23T06:00:00Z') });
    expect((await picks.listForFixture('fxB')).map((x) => x.market)).toEqual(['ou25']);
    expect((await store.get('fxB'))?.probabilities.home).toBe(0.5);
  });

  it('freezes a prediction at kickoff: a later regeneration changes nothing', async () => {
    const store = new DynamoPredictionRepository(table.doc, table.tableName);
    const p = prediction('fxC', '2026-11-22T15:00:00.000Z', 0.66);
    await store.write(p, picksOf(p), { now: new Date('2026-11-22T06:00:00Z') });
    const late = { ...prediction('fxC', '2026-11-22T15:00:00.000Z', 0.4), generatedAt: '2026-11-22T15:30:00.000Z' };
    expect(await store.write(late, picksOf(late), { now: new Date('2026-11-22T15:30:00Z') })).toBe(false);
    expect((await store.get('fxC'))?.probabilities.home).toBe(0.66);
  });

  it('settles once, and stores admin odds on a won pick', async () => {
    const store = new DynamoPredictionRepository(table.doc, table.tableName);
    const picks = new DynamoPickRepository(table.doc, table.tableName);
    const p = prediction('fxD', '2026-11-21T15:00:00.000Z');
    await store.write(p, picksOf(p), { now: new Date('2026-11-20T06:00:00Z') });
    const at = new Date('2026-11-21T17:00:00Z');
    const settledPicks = picksOf(p).map((x) => settle(x, { home: 2, away: 1 }, at));
    const settled = { ...p, status: 'settled' as const, result: { home: 2, away: 1 }, actualResult: '2-1 (Home Win)' };
    expect(await store.settle(settled, settledPicks)).toBe(true);
    expect(await store.settle(settled, settledPicks)).toBe(false);
    expect(await store.get('fxD')).toMatchObject({ status: 'settled', result: { home: 2, away: 1 }, actualResult: '2-1 (Home Win)' });
    expect((await picks.get('fxD~1x2'))?.status).toBe('won');
    await picks.setWinningOdds('fxD~1x2', 1.95);
    expect((await picks.get('fxD~1x2'))?.winningOdds).toBe(1.95);
    await expect(picks.setWinningOdds('nope~1x2', 2)).rejects.toMatchObject({ kind: 'not_found' });
  });
});

describe('history', () => {
  it('upserts by id across seasons and lists oldest first', async () => {
    const history = new DynamoHistoryRepository(table.doc, table.tableName);
    const rec = (id: string, date: string, season: string) => ({ id, date, season, league: 'L1', home: 'A', away: 'B', homeGoals: 1, awayGoals: 0 });
    await history.append('L1', [rec('m2', '2025-03-01', '2024-25'), rec('m1', '2024-09-01', '2024-25'), rec('m3', '2025-09-01', '2025-26')]);
    await history.append('L1', [rec('m3', '2025-09-01', '2025-26')]);
    expect((await history.list('L1')).map((r) => r.id)).toEqual(['m1', 'm2', 'm3']);
    expect(await history.list('other')).toEqual([]);
  });
});

jobRepositoryContract('DynamoDB', () => new DynamoJobRepository(table.doc, table.tableName));
