import { beforeAll, describe, expect, it } from 'vitest';
import type { StoredPrediction } from '@app/core/predictions/prediction';
import { seasonStoreContract } from '@app/core/testing/season-store.contract';
import { DynamoPredictionRepository } from './prediction-repository.ts';
import { DynamoSeasonRepository } from './season-repository.ts';
import { createTestTable } from './testing/test-table.ts';

let table: Awaited<ReturnType<typeof createTestTable>>;
beforeAll(async () => {
  table = await createTestTable();
});

seasonStoreContract('DynamoDB', () => new DynamoSeasonRepository(table.doc, table.tableName));

describe('DynamoPredictionRepository by league', () => {
  it("lists one league's predictions in kickoff order within the bounds (GSI2)", async () => {
    const repo = new DynamoPredictionRepository(table.doc, table.tableName);
    const prediction = (fixtureId: string, leagueId: string, kickoff: string): StoredPrediction => ({
      id: fixtureId,
      fixtureId,
      leagueId,
      leagueName: leagueId,
      homeTeam: 'Rovers',
      awayTeam: 'United',
      kickoff,
      probabilities: { home: 0.5, draw: 0.3, away: 0.2 },
      overUnder25: { over: 0.55, under: 0.45 },
      valueBets: [],
      modelVersion: 'm1',
      generatedAt: '2026-11-20T06:00:00.000Z',
    });
    await Promise.all([
      repo.save(prediction('g2', 'GL1', '2026-11-29T15:00:00.000Z')),
      repo.save(prediction('g1', 'GL1', '2026-11-22T15:00:00.000Z')),
      repo.save(prediction('g0', 'GL1', '2026-10-01T15:00:00.000Z')),
      repo.save(prediction('h1', 'GL2', '2026-11-22T15:00:00.000Z')),
    ]);
    const listed = await repo.listByLeague('GL1', new Date('2026-11-01T00:00:00Z'), new Date('2026-11-29T15:00:00Z'));
    expect(listed.map((p) => p.fixtureId)).toEqual(['g1', 'g2']);
    expect(listed[0]).toEqual(prediction('g1', 'GL1', '2026-11-22T15:00:00.000Z'));
  });
});
