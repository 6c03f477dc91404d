import type { Metrics, TrackRecord } from '@app/contracts/metrics';
import { describe, expect, it } from 'vitest';
import { DAY_MS, fixedClock } from '../clock.ts';
import { picksOf, settle, type Pick } from '../picks/pick.ts';
import type { StoredPrediction } from '../predictions/prediction.ts';
import { makeMetricsJob } from './metrics-job.ts';

const NOW = '2026-11-22T12:00:00Z';

function prediction(n: number, kickoff: number): StoredPrediction {
  return {
    id: `f${n}`, fixtureId: `f${n}`, leagueId: 'L1', leagueName: 'League One', homeTeam: 'Rovers', awayTeam: 'United', kickoff: new Date(kickoff).toISOString(),
    probabilities: { home: 0.7, draw: 0.15, away: 0.15 }, overUnder25: { over: 0.5, under: 0.5 }, valueBets: [], modelVersion: 'm@2026-11-01',
    generatedAt: new Date(kickoff - DAY_MS).toISOString(), status: 'scheduled', origin: 'published',
  };
}

describe('metrics job', () => {
  it('recomputes past trend days, so results recorded after a day was written (a resumed backfill) correct that day', async () => {
    // Prepare: two home picks five and four days ago; only the first is settled (won) at first.
    const clock = fixedClock(NOW);
    const now = clock.now().getTime();
    const [early, late] = [prediction(1, now - 5 * DAY_MS), prediction(2, now - 4 * DAY_MS)];
    let picks: Pick[] = [...picksOf(early).map((p) => settle(p, { home: 2, away: 0 }, new Date(now - 5 * DAY_MS + 7_200_000))), ...picksOf(late)];
    const saved = new Map<string, Metrics>();
    const job = makeMetricsJob({ picks: { listByKickoff: async () => picks, listForFixture: async () => [], get: async () => undefined, setWinningOdds: async () => {} }, metrics: { save: async (m) => void (m && saved.set(m.date, m)) }, clock });
    await job.recompute();
    const dayOfLate = new Date(now - 4 * DAY_MS).toISOString().slice(0, 10);
    expect(saved.get(dayOfLate)?.winAccuracy).toBe(100);

    // Act: the late match's result arrives (settled as lost, at its time), and metrics run again.
    picks = [...picks.filter((p) => p.fixtureId !== 'f2'), ...picksOf(late).map((p) => settle(p, { home: 0, away: 1 }, new Date(now - 4 * DAY_MS + 7_200_000)))];
    await job.recompute();

    // Assess
    expect(saved.get(dayOfLate)?.winAccuracy).toBe(50);
  });

  it('keeps backfilled picks out of the trend and labels the latest figures back-tested while few are published', async () => {
    // Prepare: a backfilled lost pick and a published won pick, both settled three days ago.
    const clock = fixedClock(NOW);
    const now = clock.now().getTime();
    const settledAt = new Date(now - 3 * DAY_MS + 7_200_000);
    const published = prediction(1, now - 3 * DAY_MS);
    const backfilled: StoredPrediction = { ...prediction(2, now - 3 * DAY_MS), probabilities: { home: 0.15, draw: 0.15, away: 0.7 }, origin: 'backfilled' };
    const picks = [...picksOf(published), ...picksOf(backfilled)].map((p) => settle(p, { home: 1, away: 0 }, settledAt));
    const saved = new Map<string, Metrics>();
    let latest: TrackRecord | undefined;
    const job = makeMetricsJob({
      picks: { listByKickoff: async () => picks, listForFixture: async () => [], get: async () => undefined, setWinningOdds: async () => {} },
      metrics: { save: async (m, o) => void (m && saved.set(m.date, m), o?.latest && (latest = o.latest)) },
      clock,
    });

    // Act
    await job.recompute();

    // Assess: the trend day holds the published pick alone; the headline is the backfilled one, labelled.
    expect(saved.get(new Date(now - 3 * DAY_MS).toISOString().slice(0, 10))).toMatchObject({ winAccuracy: 100, totalPredictions: 1 });
    expect(saved.get('2026-11-22')).toMatchObject({ winAccuracy: 100, totalPredictions: 1 });
    expect(latest).toMatchObject({ basis: 'backtest', winAccuracy: 0, totalPredictions: 1, publishedPredictions: 1, backfilledPredictions: 1 });
  });
});
