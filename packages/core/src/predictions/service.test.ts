import { describe, expect, it } from 'vitest';
import { fixedClock } from '../clock.ts';
import type { Viewer } from '../account/viewer.ts';
import type { PredictionRepository } from './ports.ts';
import type { StoredPrediction } from './prediction.ts';
import { makePredictionService } from './service.ts';

const premium: Viewer = { userId: 'u1', email: 'p@example.com', role: 'user', subscriptionStatus: 'premium' };
const free: Viewer = { ...premium, subscriptionStatus: 'free' };

function prediction(id: string, kickoff: string, overrides: Partial<StoredPrediction> = {}): StoredPrediction {
  return {
    id,
    fixtureId: id,
    leagueId: 'DL1',
    leagueName: 'Demo League',
    homeTeam: `H${id}`,
    awayTeam: `A${id}`,
    kickoff,
    probabilities: { home: 0.6234, draw: 0.2266, away: 0.15 },
    overUnder25: { over: 0.5561, under: 0.4439 },
    insights: { expectedGoals: { home: 1.734, away: 0.912 }, bothTeamsToScore: 0.48, topScores: [{ home: 1, away: 0, probability: 0.121 }] },
    valueBets: [{ market: 'home', odds: 1.9, edge: 0.0845 }],
    modelVersion: 'm1',
    generatedAt: '2026-11-22T06:00:00.000Z',
    ...overrides,
  };
}

function repo(items: StoredPrediction[]): PredictionRepository & { calls: number } {
  const r = {
    calls: 0,
    async listByKickoff(from: Date, to: Date) {
      r.calls += 1;
      return items.filter((p) => Date.parse(p.kickoff) >= from.getTime() && Date.parse(p.kickoff) <= to.getTime());
    },
  };
  return r;
}

describe('PredictionService.upcoming', () => {
  const clock = fixedClock('2026-11-22T12:00:00Z');
  const items = [
    prediction('old', '2026-11-22T08:00:00Z'),
    prediction('live', '2026-11-22T11:00:00Z'),
    prediction('soon', '2026-11-23T15:00:00Z'),
    prediction('far', '2026-12-05T15:00:00Z'),
  ];

  it('lists today and the next 7 days, keeping matches that kicked off within 3 hours', async () => {
    const service = makePredictionService({ predictions: repo(items), clock });
    const { value: list } = await service.upcoming(null);
    expect(list.map((p) => p.id)).toEqual(['live', 'soon']);
  });

  it('lists a flag-only record of a league without history while it carries a flag, with its flags and no forecast (docs/decisions/0312-value-flags-in-every-league-with-a-sharp-price.md)', async () => {
    const flagOnly = (id: string, kickoff: string, valueBets: StoredPrediction['valueBets']) =>
      prediction(id, kickoff, { leagueId: 'AUT', leagueName: 'Bundesliga', valueOnly: true, insights: undefined, modelVersion: 'value-only', valueBets });
    const records = [
      flagOnly('vo-flagged', '2026-11-22T18:00:00Z', [{ market: 'home', odds: 2.25, edge: 0.1, fairProbability: 0.49, bookmaker: 'William Hill' }]),
      flagOnly('vo-withdrawn', '2026-11-22T19:00:00Z', []),
    ];
    const service = makePredictionService({ predictions: { ...repo(items), listValueOnlyByKickoff: async () => records }, clock });
    const { value: list } = await service.upcoming(premium);
    // in kickoff order among the forecasts; the one without a flag says nothing and is not listed
    expect(list.map((p) => p.id)).toEqual(['live', 'vo-flagged', 'soon']);
    const row = list[1]!;
    expect(row).toMatchObject({ forecastSource: 'none', homeWinProb: null, overUnder25: null, picks: [], insights: null, markets: null, isValueBet: true });
    expect(row.valueBets).toMatchObject([{ market: 'home', odds: 2.25, bookmaker: 'William Hill', fairOdds: 2.04, edge: 10 }]);
    expect(row.valueBets![0]!.stake).not.toBeNull();
    // locked as any other row for a free viewer, saying it is a league without a forecast
    const { value: locked } = await service.upcoming(free);
    expect(locked[1]).toMatchObject({ id: 'vo-flagged', isLocked: true, valueBets: null, forecastSource: 'none' });
  });

  it("shows a prediction's flags as of the last odds scan that found them unchanged (the league's mark)", async () => {
    const flagged = prediction('soon', '2026-11-23T15:00:00Z', {
      valueBets: [{ market: 'home', odds: 1.9, edge: 0.0845, flaggedAt: '2026-11-22T10:00:00.000Z', seenAt: '2026-11-22T10:00:00.000Z' }],
      valueScannedAt: '2026-11-22T10:00:00.000Z',
    });
    const marks = { all: async () => [{ leagueId: 'DL1', at: '2026-11-22T11:30:00.000Z', unchanged: { soon: '2026-11-22T11:00:00.000Z' } }] };
    const service = makePredictionService({ predictions: repo([flagged]), marks, clock });
    const [card] = (await service.upcoming(premium)).value;
    expect(card!.valueBets).toEqual([expect.objectContaining({ flaggedAt: '2026-11-22T10:00:00.000Z', seenAt: '2026-11-22T11:00:00.000Z' })]);
  });

  it('locks every probability, value flag and insight for visitors and free users', async () => {
    const service = makePredictionService({ predictions: repo(items), clock });
    for (const viewer of [null, free]) {
      const [card] = (await service.upcoming(viewer)).value;
      expect(card).toMatchObject({
        isLocked: true,
        homeWinProb: null,
        drawProb: null,
        awayWinProb: null,
        overUnder25: null,
        isValueBet: null,
        valueBets: null,
        insights: null,
      });
    }
  });

  it('gives premium viewers percentages with one decimal and the value flag', async () => {
    const service = makePredictionService({ predictions: repo(items), clock });
    const [card] = (await service.upcoming(premium)).value;
    expect(card).toMatchObject({
      isLocked: false,
      isPremium: true,
      homeWinProb: 62.3,
      drawProb: 22.7,
      awayWinProb: 15,
      overUnder25: 55.6,
      isValueBet: true,
      valueBets: [{ market: 'home', odds: 1.9, edge: 8.5 }],
      insights: { expectedGoals: { home: 1.73, away: 0.91 }, bothTeamsToScore: 48, topScores: [{ home: 1, away: 0, probability: 12.1 }] },
    });
  });

  it('reuses a read within the cache lifetime and reads again after it', async () => {
    const r = repo(items);
    const c = fixedClock('2026-11-22T12:00:00Z');
    const service = makePredictionService({ predictions: r, clock: c, cacheTtlMs: 30_000 });
    await service.upcoming(null);
    c.advance(10_000);
    await service.upcoming(premium);
    expect(r.calls).toBe(1);
    c.advance(25_000);
    await service.upcoming(null);
    expect(r.calls).toBe(2);
  });

  it('does not keep an empty list, so the first generation shows as soon as it is written', async () => {
    const r = repo([]);
    const service = makePredictionService({ predictions: r, clock: fixedClock('2026-11-22T12:00:00Z'), cacheTtlMs: 30_000 });
    await service.upcoming(null);
    await service.upcoming(null);
    expect(r.calls).toBe(2);
  });

  it('names each view and its read by a key: the same key while the read is kept, a new one after', async () => {
    // Prepare
    const stored = [prediction('soon', '2026-11-23T15:00:00Z')];
    const c = fixedClock('2026-11-22T12:00:00Z');
    const service = makePredictionService({ predictions: repo(stored), clock: c, cacheTtlMs: 30_000 });

    // Act
    const locked = await service.upcoming(null);
    const open = await service.upcoming(premium);
    stored.push(prediction('later', '2026-11-24T15:00:00Z'));
    const unchanged = await service.upcoming(free);
    service.invalidate();
    const changed = await service.upcoming(null);
    c.advance(30_000);
    const refilled = await service.upcoming(null);

    // Assess
    expect(locked.key).toMatch(/^locked@\d+$/);
    expect(open.key).toMatch(/^premium@\d+$/);
    expect(unchanged).toEqual(locked);
    expect(changed.value).toHaveLength(2);
    expect(new Set([locked.key, changed.key, refilled.key]).size).toBe(3);
    expect(refilled.value).toEqual(changed.value);
  });

  it('lists what its repository returns for the window, trusting the bounds it asked for', async () => {
    const asked: [string, string][] = [];
    const service = makePredictionService({
      predictions: {
        async listByKickoff(from, to) {
          asked.push([from.toISOString(), to.toISOString()]);
          return [prediction('soon', '2026-11-23T15:00:00Z')];
        },
      },
      clock: fixedClock('2026-11-22T12:00:00Z'),
    });
    expect((await service.upcoming(null)).value.map((p) => p.id)).toEqual(['soon']);
    expect(asked).toEqual([['2026-11-22T09:00:00.000Z', '2026-11-29T12:00:00.000Z']]);
  });
});
