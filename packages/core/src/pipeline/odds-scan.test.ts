import { describe, expect, it } from 'vitest';
import { fixedClock } from '../clock.ts';
import type { StoredPrediction } from '../predictions/prediction.ts';
import { captureView, dueForScan, followFlags } from '../predictions/value-flags.ts';
import { inMemoryPipeline } from '../testing/in-memory-pipeline.ts';
import { makeOddsScanTask } from './odds-scan.ts';
import { ProviderUnavailableError, type OddsProvider } from './providers.ts';
import type { FixtureOdds } from '../predictions/odds.ts';

const NOW = new Date('2026-11-22T13:00:00Z');
const KICKOFF = '2026-11-22T19:45:00.000Z';
/** Pinnacle's line: a fair home probability of about 0.49 (Shin). */
const sharp = { home: 2.0, draw: 3.6, away: 4.0, over25: 1.95, under25: 1.95 };
const quote = (key: string, home: number, updatedAt = '2026-11-22T12:58:00.000Z', over25 = 1.9) => ({
  key,
  name: key,
  updatedAt,
  prices: { home, draw: 3.3, away: 3.7, over25, under25: 1.85 },
});

describe('value flags from one capture (docs/decisions/0192-prices-found-when-they-appear.md)', () => {
  it('flags only a declared book whose fresh price clears the rule against the sharp fair price, and counts the books at that price', () => {
    const odds: FixtureOdds = {
      best: {},
      average: {},
      sharp,
      capturedAt: NOW.toISOString(),
      quotes: [quote('williamhill', 2.25), quote('betvictor', 2.25), quote('unlisted', 3.0), quote('pinnacle', 2.0)],
    };
    const view = captureView(odds, NOW);
    expect(view.flags).toHaveLength(1);
    expect(view.flags[0]).toMatchObject({ market: 'home', odds: 2.25, bookmaker: 'William Hill', quotedAt: '2026-11-22T12:58:00.000Z', booksAtPrice: 2 });
    expect(view.flags[0]!.fairProbability).toBeGreaterThan(0.48);
    expect(view.flags[0]!.edge).toBeCloseTo(view.flags[0]!.fairProbability! * 2.25 - 1, 3);
    expect(view.best.home).toBe(2.25);
  });

  it('ignores a stale quote, counts an exchange net of commission, and flags nothing without a fresh sharp reference', () => {
    const stale = captureView(
      { best: {}, average: {}, sharp, capturedAt: NOW.toISOString(), quotes: [quote('williamhill', 2.25, '2026-11-22T12:30:00.000Z')] },
      NOW,
    );
    expect(stale.flags).toEqual([]);
    // 2.3 on Betfair Exchange is 1 + 1.3 x 0.95 = 2.235 net: still a flag, at the net price
    const exchange = captureView({ best: {}, average: {}, sharp, capturedAt: NOW.toISOString(), quotes: [quote('betfair_ex_uk', 2.3)] }, NOW);
    expect(exchange.flags[0]).toMatchObject({ odds: 2.235, bookmaker: 'Betfair Exchange' });
    expect(captureView({ best: {}, average: {}, capturedAt: NOW.toISOString(), quotes: [quote('williamhill', 2.6)] }, NOW).flags).toEqual([]);
    // nor when the sharp reference's own quote is stale: its fair price is not the market's now
    expect(
      captureView(
        {
          best: {},
          average: {},
          sharp,
          capturedAt: NOW.toISOString(),
          quotes: [quote('williamhill', 2.6), quote('pinnacle', 2.0, '2026-11-22T12:00:00.000Z')],
        },
        NOW,
      ).flags,
    ).toEqual([]);
  });

  it('keeps when a flag appeared, records a move and a withdrawal', () => {
    const t1 = new Date('2026-11-22T12:00:00Z'),
      t2 = new Date('2026-11-22T12:30:00Z'),
      t3 = new Date('2026-11-22T13:00:00Z');
    const a = followFlags(undefined, [{ market: 'home', odds: 2.2, edge: 0.07, bookmaker: 'A' }], t1);
    const b = followFlags(a, [{ market: 'home', odds: 2.25, edge: 0.09, bookmaker: 'B' }], t2);
    const c = followFlags(b, [], t3);
    expect(b.valueBets[0]).toMatchObject({ flaggedAt: t1.toISOString(), seenAt: t2.toISOString(), bookmaker: 'B' });
    expect(c.valueBets).toEqual([]);
    expect(c.valueHistory.map((e) => [e.event, e.at, e.odds])).toEqual([
      ['flagged', t1.toISOString(), 2.2],
      ['moved', t2.toISOString(), 2.25],
      ['withdrawn', t3.toISOString(), undefined],
    ]);
  });

  it('scans every 30 minutes within 24 hours, hourly to 72, last within 15 minutes of kickoff', () => {
    const at = (iso: string) => new Date(iso);
    const k = Date.parse('2026-11-23T15:00:00Z');
    expect(dueForScan(k, at('2026-11-23T14:50:00Z'))).toBe(true);
    expect(dueForScan(k, at('2026-11-23T15:00:00Z'))).toBe(false);
    expect(dueForScan(k, at('2026-11-23T10:30:00Z'))).toBe(true);
    expect(dueForScan(k, at('2026-11-23T10:15:00Z'))).toBe(false);
    expect(dueForScan(k, at('2026-11-21T18:00:00Z'))).toBe(true);
    expect(dueForScan(k, at('2026-11-21T18:30:00Z'))).toBe(false);
    expect(dueForScan(k, at('2026-11-20T12:00:00Z'))).toBe(false);
  });
});

describe('the odds-scan task', () => {
  function setup(odds: OddsProvider['odds']) {
    const pipeline = inMemoryPipeline({ leagues: [] });
    const prediction = {
      id: 'f1',
      fixtureId: 'f1',
      leagueId: 'E0',
      leagueName: 'Premier League',
      homeTeam: 'A',
      awayTeam: 'B',
      kickoff: KICKOFF,
      probabilities: { home: 0.49, draw: 0.27, away: 0.24 },
      overUnder25: { over: 0.5, under: 0.5 },
      market: { home: 0.49, draw: 0.27, away: 0.24, over25: 0.5 },
      valueBets: [],
      modelVersion: 'm',
      generatedAt: '2026-11-22T06:00:00.000Z',
      origin: 'published',
      status: 'scheduled',
    } satisfies StoredPrediction;
    pipeline.predictions.set('f1', { prediction, entries: [] });
    pipeline.fixtures.set('f1', {
      id: 'f1',
      leagueId: 'E0',
      season: '2026-27',
      kickoff: KICKOFF,
      homeTeam: 'A',
      awayTeam: 'B',
      status: 'scheduled',
      leagueName: 'Premier League',
      updatedAt: NOW.toISOString(),
    });
    const asked: string[][] = [];
    const task = (now: Date) =>
      makeOddsScanTask({
        oddsProvider: { name: 'live', odds: async (league, fixtures, scan) => (asked.push([...(scan?.bookmakers ?? [])]), odds(league, fixtures)) },
        predictions: pipeline.ports.predictions,
        fixtures: pipeline.ports.fixtures,
        clock: fixedClock(now.toISOString()),
      });
    return { pipeline, task, asked };
  }

  it('raises a flag when the edge appears, writes its ledger entry once, and withdraws it when the edge is gone', async () => {
    let home = 2.25;
    let quotedAt = new Date(NOW.getTime() - 60_000);
    const { pipeline, task, asked } = setup(
      async (_l, fixtures) =>
        new Map(
          fixtures.map((f) => [
            f.id,
            { best: {}, average: {}, sharp, quotes: [quote('williamhill', home, quotedAt.toISOString())], capturedAt: quotedAt.toISOString() },
          ]),
        ),
    );
    const first = await task(NOW).scan();
    expect(first.summary).toMatch(/^1 of 1 due fixture\(s\) scanned: 1 flag\(s\) appeared, 0 withdrawn/);
    // the first flag goes to the alerts, with only the bet that is new
    expect(first.firstFlagged.map((p) => [p.fixtureId, p.valueBets.map((v) => v.market)])).toEqual([['f1', ['home']]]);
    // one call names the declared books The Odds API carries and the sharp reference, nothing else
    expect(asked).toEqual([['williamhill', 'betvictor', 'betfair_ex_uk', 'smarkets', 'matchbook', 'pinnacle']]);
    const row = pipeline.predictions.get('f1')!;
    expect(row.prediction.valueBets[0]).toMatchObject({ market: 'home', odds: 2.25, flaggedAt: NOW.toISOString() });
    expect(row.entries.map((e) => [e.id, e.price, e.bookmaker, e.forecastAt, e.quotedAt])).toEqual([
      ['f1~value-home', 2.25, 'William Hill', NOW.toISOString(), new Date(NOW.getTime() - 60_000).toISOString()],
    ]);
    // half an hour later the price is back to fair: withdrawn, the ledger entry stays as written
    home = 2.0;
    const later = new Date(NOW.getTime() + 30 * 60_000);
    expect((await task(later).scan()).summary).toMatch(/0 flag\(s\) appeared, 1 withdrawn/);
    const after = pipeline.predictions.get('f1')!;
    expect(after.prediction.valueBets).toEqual([]);
    expect(after.prediction.valueHistory!.map((e) => e.event)).toEqual(['flagged', 'withdrawn']);
    expect(after.entries).toHaveLength(1);
    expect(after.entries[0]!.price).toBe(2.25);
    // the edge comes back an hour later: flagged again on the page, but not new to the alerts or the ledger
    home = 2.3;
    const hourLater = new Date(NOW.getTime() + 60 * 60_000);
    quotedAt = new Date(hourLater.getTime() - 60_000);
    const again = await task(hourLater).scan();
    expect(again.summary).toMatch(/1 flag\(s\) appeared, 0 withdrawn/);
    expect(again.firstFlagged).toEqual([]);
    expect(pipeline.predictions.get('f1')!.entries).toHaveLength(1);
  });

  it('keeps the flags as they were when the odds call fails, and says so', async () => {
    const { task } = setup(async () => {
      throw new ProviderUnavailableError('live', 'HTTP 503');
    });
    const result = await task(NOW).scan();
    expect(result.summary).toMatch(/0 of 1 due fixture.*failed: E0/);
    expect(result.firstFlagged).toEqual([]);
  });
});
