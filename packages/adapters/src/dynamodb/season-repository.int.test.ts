import { beforeAll, describe, expect, it } from 'vitest';
import type { StoredPrediction } from '@app/core/predictions/prediction';
import { seasonRepositoryContract } from '@app/core/testing/season-repository.contract';
import { DynamoPredictionRepository } from './prediction-repository.ts';
import { DynamoPageSubjectRepository } from './page-subject-repository.ts';
import { DynamoSeasonRepository } from './season-repository.ts';
import { createTestTable } from './testing/test-table.ts';

let table: Awaited<ReturnType<typeof createTestTable>>;
beforeAll(async () => {
  table = await createTestTable();
});

seasonRepositoryContract('DynamoDB', () => new DynamoSeasonRepository(table.doc, table.tableName));

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

describe('DynamoPageSubjectRepository', () => {
  it('says whether a match, a team or a league exists, from the items their writers write', async () => {
    // Prepare
    const subjects = new DynamoPageSubjectRepository(table.doc, table.tableName);
    const seasons = new DynamoSeasonRepository(table.doc, table.tableName);
    const before = await Promise.all([subjects.exists('match', 'ps-1'), subjects.exists('team', 'ps-club'), subjects.exists('league', 'PS1')]);

    // Act
    await new DynamoPredictionRepository(table.doc, table.tableName).save({
      id: 'ps-1',
      fixtureId: 'ps-1',
      leagueId: 'PS1',
      leagueName: 'PS League',
      homeTeam: 'Rovers',
      awayTeam: 'United',
      kickoff: '2026-11-22T15:00:00.000Z',
      probabilities: { home: 0.5, draw: 0.3, away: 0.2 },
      overUnder25: { over: 0.55, under: 0.45 },
      valueBets: [],
      modelVersion: 'm1',
      generatedAt: '2026-11-20T06:00:00.000Z',
    });
    await seasons.save(
      {
        leagueId: 'PS1',
        season: '2026-27',
        generatedAt: '2026-11-20T06:30:00.000Z',
        simulations: 100,
        basis: { day: '2026-11-20', played: 1, remaining: 1, fittedAt: '2026-11-20' },
        teams: [],
      },
      { leagueId: 'PS1', season: '2026-27', date: '2026-11-20', teams: [] },
      [{ slug: 'ps-club', team: 'PS Club', leagueId: 'PS1', leagueName: 'PS League' }],
    );

    // Assess
    expect(before).toEqual([false, false, false]);
    expect(await Promise.all([subjects.exists('match', 'ps-1'), subjects.exists('team', 'ps-club'), subjects.exists('league', 'PS1')])).toEqual([
      true,
      true,
      true,
    ]);
    expect(await Promise.all([subjects.exists('match', 'ps-2'), subjects.exists('team', 'PS1'), subjects.exists('league', 'ps-club')])).toEqual([
      false,
      false,
      false,
    ]);
  });
});
