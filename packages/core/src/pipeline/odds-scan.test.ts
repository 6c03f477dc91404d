import { describe, expect, it } from 'vitest';
import { fixedClock } from '../clock.ts';
import type { StoredPrediction } from '../predictions/prediction.ts';
import { captureView, dueForScan, followFlags } from '../predictions/value-flags.ts';
import { inMemoryPipeline } from '../testing/in-memory-pipeline.ts';
import { makeOddsScan } from './odds-scan.ts';
import { ScanConflictError } from './ports.ts';
import { changedByScan, newValueEntries, nextScanMark, scanWrites } from './scan-rules.ts';
import { asOfLastScan, marksByLeague } from '../predictions/scan-marks.ts';
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
    // the price grid: every declared book's prices (the unlisted book and the sharp one left out), and the sharp fair prices
    expect(view.books.map((b) => b.bookmaker)).toEqual(['William Hill', 'BetVictor']);
    expect(view.books[0]!.odds).toEqual(quote('williamhill', 2.25).prices);
    expect(view.fair.bookmaker).toBe('Pinnacle');
    expect(view.fair.odds.home).toBeCloseTo(1 / view.flags[0]!.fairProbability!, 2);
    expect(view.fair.odds).toMatchObject({ over25: 2, under25: 2 });
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
      makeOddsScan({
        oddsProvider: { name: 'live', odds: async (league, fixtures, scan) => (asked.push([...(scan?.bookmakers ?? [])]), odds(league, fixtures)) },
        predictions: pipeline.ports.predictions,
        fixtures: pipeline.ports.fixtures,
        marks: pipeline.ports.marks,
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

  it('withdraws a flag at the first scan whose answer no longer prices the fixture, keeping its best prices and entry', async () => {
    let priced = true;
    const { pipeline, task } = setup(async (l, f) => (priced ? pricing(() => 2.25)(l, f, () => NOW) : new Map()));
    expect((await task(NOW).scan()).summary).toMatch(/1 flag\(s\) appeared/);
    const flagged = pipeline.predictions.get('f1')!.prediction;
    // the bookmakers pulled the match: the next answer has no price for it, so the edge is gone
    priced = false;
    const later = new Date(NOW.getTime() + 30 * 60_000);
    expect((await task(later).scan()).summary).toMatch(/^1 of 1 due fixture\(s\) scanned: 0 flag\(s\) appeared, 1 withdrawn/);
    const after = pipeline.predictions.get('f1')!;
    expect(after.prediction.valueBets).toEqual([]);
    expect(after.prediction.valueHistory!.map((e) => [e.event, e.at])).toEqual([
      ['flagged', NOW.toISOString()],
      ['withdrawn', later.toISOString()],
    ]);
    expect(after.prediction.bestOdds).toEqual(flagged.bestOdds);
    expect(after.entries.map((e) => e.id)).toEqual(['f1~value-home']);
    // an unflagged fixture the answer leaves out is not scanned (nothing to withdraw, nothing written)
    expect((await task(new Date(later.getTime() + 30 * 60_000)).scan()).summary).toMatch(/^0 of 1 due fixture\(s\) scanned/);
  });

  it('keeps the flags as they were when the odds call fails, and says so', async () => {
    const { task } = setup(async () => {
      throw new ProviderUnavailableError('live', 'HTTP 503');
    });
    const result = await task(NOW).scan();
    expect(result.summary).toMatch(/0 of 1 due fixture.*failed: E0/);
    expect(result.firstFlagged).toEqual([]);
  });

  /** A provider whose every quote of 'williamhill' is `home` (a flag from 2.25 up), quoted a minute before each call. */
  function pricing(price: () => number) {
    return async (_l: string, fixtures: { id: string }[], at: () => Date) =>
      new Map<string, FixtureOdds>(
        fixtures.map((f) => {
          const quotedAt = new Date(at().getTime() - 60_000).toISOString();
          return [f.id, { best: {}, average: {}, sharp, quotes: [quote('williamhill', price(), quotedAt)], capturedAt: quotedAt }];
        }),
      );
  }

  it('writes nothing for a fixture whose scan changed nothing, and its league mark says when it was seen', async () => {
    let at = NOW;
    const odds = pricing(() => 2.0);
    const { pipeline, task } = setup((l, f) => odds(l, f, () => at));
    // the first scan of the fixture records its best prices: a change
    expect((await task(at).scan()).summary).toMatch(/1 written, 0 unchanged/);
    const stored = pipeline.predictions.get('f1')!.prediction;
    expect(stored.valueScannedAt).toBe(NOW.toISOString());
    // an hour later the same prices (their quote time aside): nothing written, the mark holds the scan
    at = new Date(NOW.getTime() + 60 * 60_000);
    expect((await task(at).scan()).summary).toMatch(/0 written, 1 unchanged/);
    expect(pipeline.counts().scanWrites).toBe(1);
    expect(pipeline.predictions.get('f1')!.prediction).toEqual(stored);
    expect(pipeline.scanMarks.get('E0')).toEqual({ leagueId: 'E0', at: at.toISOString(), unchanged: { f1: at.toISOString() } });
    // what the pages read: the prediction as of that scan
    expect(asOfLastScan(stored, marksByLeague([...pipeline.scanMarks.values()])).valueScannedAt).toBe(at.toISOString());
  });

  it('writes a fixture at its last scan before kickoff even when nothing changed, and drops it from the mark', async () => {
    let at = new Date('2026-11-22T18:30:00Z');
    const { pipeline, task } = setup((l, f) => pricing(() => 2.0)(l, f, () => at));
    await task(at).scan();
    at = new Date('2026-11-22T19:00:00Z');
    expect((await task(at).scan()).summary).toMatch(/0 written, 1 unchanged/);
    expect(pipeline.scanMarks.get('E0')!.unchanged).toEqual({ f1: at.toISOString() });
    // 19:30 + 15 minutes is the kickoff: the last scan
    at = new Date('2026-11-22T19:30:00Z');
    expect((await task(at).scan()).summary).toMatch(/1 written, 0 unchanged/);
    expect(pipeline.predictions.get('f1')!.prediction.valueScannedAt).toBe(at.toISOString());
    expect(pipeline.scanMarks.get('E0')!.unchanged).toEqual({});
  });

  it('counts a prediction changed since the scan read it as a conflict, writes nothing of it, and goes on', async () => {
    const { pipeline, task } = setup((l, f) => pricing(() => 2.25)(l, f, () => NOW));
    const { predictions } = pipeline.ports;
    // a generation run rewrites the prediction between the scan's read and its write
    const racing = {
      ...predictions,
      listByKickoff: async (from: Date, to: Date) => {
        const read = await predictions.listByKickoff(from, to);
        const row = pipeline.predictions.get('f1')!;
        pipeline.predictions.set('f1', { ...row, prediction: { ...row.prediction, generatedAt: '2026-11-22T12:59:00.000Z' } });
        return read;
      },
    };
    const result = await makeOddsScan({
      oddsProvider: { name: 'live', odds: async (l, f) => pricing(() => 2.25)(l, f, () => NOW) },
      predictions: racing,
      fixtures: pipeline.ports.fixtures,
      marks: pipeline.ports.marks,
      clock: fixedClock(NOW.toISOString()),
    }).scan();
    expect(result.summary).toMatch(/0 written, 0 unchanged, 1 changed since read/);
    expect(result.firstFlagged).toEqual([]);
    expect(pipeline.predictions.get('f1')!.entries).toEqual([]);
    // the next scan starts from what is stored: the flag and its entry are written then
    expect((await task(NOW).scan()).firstFlagged).toHaveLength(1);
    expect(pipeline.predictions.get('f1')!.entries.map((e) => e.id)).toEqual(['f1~value-home']);
  });

  it('announces only the flags whose entries the write appended (an entry held already was announced with it)', async () => {
    const { pipeline, task } = setup((l, f) => pricing(() => 2.25)(l, f, () => NOW));
    const row = pipeline.predictions.get('f1')!;
    // a flag whose 'flagged' event fell off the kept history: new to the rule, held by the ledger
    const held = newValueEntries(row.prediction, { ...row.prediction, valueBets: [{ market: 'home', odds: 2.25, edge: 0.1 }] }, NOW);
    pipeline.predictions.set('f1', { ...row, entries: held });
    const result = await task(NOW).scan();
    expect(result.summary).toMatch(/1 flag\(s\) appeared/);
    expect(result.firstFlagged).toEqual([]);
    expect(pipeline.predictions.get('f1')!.entries).toHaveLength(1);
  });
});

describe('value flags in a league without history (docs/decisions/0312-value-flags-in-every-league-with-a-sharp-price.md)', () => {
  const AUT = { id: 'AUT', name: 'Bundesliga', country: 'Austria' };
  const event = (id: string, homeTeam: string, awayTeam: string) => ({
    id,
    leagueId: 'AUT',
    season: '2026-27',
    kickoff: KICKOFF,
    homeTeam,
    awayTeam,
    status: 'scheduled' as const,
  });

  it("lists the league's fixtures from the odds feed hourly, writes a flag-only record at its first flag and none for a fixture never flagged", async () => {
    const pipeline = inMemoryPipeline({ leagues: [] });
    let home = 2.25;
    const listings: string[] = [];
    const markets: unknown[] = [];
    const oddsProvider: OddsProvider = {
      name: 'live',
      events: async (leagueId) => (listings.push(leagueId), [event('toa-1', 'Sturm Graz', 'Rapid Wien'), event('toa-2', 'LASK', 'Austria Wien')]),
      odds: async (_l, fixtures, scan) => (
        markets.push(scan?.markets),
        new Map(
          fixtures.map((f) => {
            const quotedAt = new Date(NOW.getTime() - 60_000).toISOString();
            // only the first fixture's price moves; the second's stays at the fair price
            return [f.id, { best: {}, average: {}, sharp, quotes: [quote('williamhill', f.id === 'toa-1' ? home : 2.0, quotedAt)], capturedAt: quotedAt }];
          }),
        )
      ),
    };
    const task = (now: Date) =>
      makeOddsScan({
        oddsProvider,
        predictions: pipeline.ports.predictions,
        fixtures: pipeline.ports.fixtures,
        marks: pipeline.ports.marks,
        clock: fixedClock(now.toISOString()),
        valueOnly: { leagues: [AUT] },
      });

    const first = await task(NOW).scan();
    expect(first.summary).toMatch(/^2 of 2 due fixture\(s\) scanned: 1 flag\(s\) appeared, 0 withdrawn; 1 written/);
    // one call for the league, pricing only the market with a rule in force (1X2: a credit a call, not two)
    expect(markets).toEqual([['h2h']]);
    // the feed's fixtures are stored for the next scans, under the league's name
    expect([...pipeline.fixtures.values()].map((f) => [f.id, f.leagueName])).toEqual([
      ['toa-1', 'Bundesliga'],
      ['toa-2', 'Bundesliga'],
    ]);
    // one flag-only record, apart from the forecasts: no forecast card is made of it
    expect(pipeline.predictions.size).toBe(0);
    expect([...pipeline.valueOnly.keys()]).toEqual(['toa-1']);
    const row = pipeline.valueOnly.get('toa-1')!;
    expect(row.prediction).toMatchObject({ valueOnly: true, modelVersion: 'value-only', homeTeam: 'Sturm Graz', valueBets: [{ market: 'home', odds: 2.25 }] });
    // its fair price is the sharp book's at that scan, and its one ledger entry records it: no pick, no model
    const fair = row.prediction.valueBets[0]!.fairProbability!;
    expect(row.prediction.market!.home).toBeCloseTo(fair, 4);
    expect(row.entries.map((e) => [e.id, e.kind, e.market, e.selection, e.price, e.probability, e.fairProbability, e.modelVersion])).toEqual([
      ['toa-1~value-home', 'value', '1x2', 'home', 2.25, fair, fair, 'value-only'],
    ]);
    expect(row.entries[0]!.stakeKelly).toBeGreaterThan(0);
    // the alerts announce it like any first flag
    expect(first.firstFlagged.map((p) => [p.fixtureId, p.valueOnly])).toEqual([['toa-1', true]]);

    // half an hour later (no listing: it is hourly) the edge is gone: the flag is withdrawn on its record
    home = 2.0;
    const later = new Date(NOW.getTime() + 30 * 60_000);
    expect((await task(later).scan()).summary).toMatch(/^2 of 2 due fixture\(s\) scanned: 0 flag\(s\) appeared, 1 withdrawn/);
    expect(listings).toEqual(['AUT']);
    expect(pipeline.valueOnly.get('toa-1')!.prediction.valueHistory!.map((e) => e.event)).toEqual(['flagged', 'withdrawn']);
    expect(pipeline.valueOnly.get('toa-1')!.entries).toHaveLength(1);
    // the fixture never flagged has no record, and its league's mark does not keep it
    expect(pipeline.valueOnly.has('toa-2')).toBe(false);
    expect(pipeline.scanMarks.get('AUT')?.unchanged ?? {}).not.toHaveProperty('toa-2');
  });

  it('a failed fixture list stops the lists until the next hour, leaves the stored fixtures to scan, and says so', async () => {
    const pipeline = inMemoryPipeline({ leagues: [] });
    pipeline.fixtures.set('toa-1', { ...event('toa-1', 'Sturm Graz', 'Rapid Wien'), leagueName: 'Bundesliga', updatedAt: NOW.toISOString() });
    const listings: string[] = [];
    const task = makeOddsScan({
      oddsProvider: {
        name: 'live',
        events: async (leagueId) => {
          listings.push(leagueId);
          throw new ProviderUnavailableError('live', 'down');
        },
        odds: async () => new Map(),
      },
      predictions: pipeline.ports.predictions,
      fixtures: pipeline.ports.fixtures,
      marks: pipeline.ports.marks,
      clock: fixedClock(NOW.toISOString()),
      valueOnly: { leagues: [AUT, { id: 'DNK', name: 'Superliga', country: 'Denmark' }] },
    });
    expect((await task.scan()).summary).toMatch(/^0 of 1 due fixture\(s\) scanned.*; failed: fixture lists from AUT$/);
    expect(listings).toEqual(['AUT']);
  });
});

describe('what a scan writes (docs/decisions/0295-one-owner-for-the-scan-write.md)', () => {
  const base: StoredPrediction = {
    id: 'f1',
    fixtureId: 'f1',
    leagueId: 'E0',
    leagueName: 'Premier League',
    homeTeam: 'A',
    awayTeam: 'B',
    kickoff: KICKOFF,
    probabilities: { home: 0.49, draw: 0.27, away: 0.24 },
    overUnder25: { over: 0.5, under: 0.5 },
    valueBets: [],
    modelVersion: 'm',
    generatedAt: '2026-11-22T06:00:00.000Z',
  };
  const flag = (market: 'home' | 'away', odds = 2.25) => ({ market, odds, edge: 0.1, bookmaker: 'William Hill', fairProbability: 0.49 });
  const t1 = new Date('2026-11-22T12:00:00Z');
  const t2 = new Date('2026-11-22T13:00:00Z');

  it('a value entry is new only for a selection never flagged: not a current flag, nor a flagged event kept in the history', () => {
    const first = { ...base, ...followFlags(base, [flag('home')], t1) };
    expect(newValueEntries(base, first, t1).map((e) => [e.id, e.price, e.forecastAt])).toEqual([['f1~value-home', 2.25, t1.toISOString()]]);
    // still up, or moved: not new
    const moved = { ...first, ...followFlags(first, [flag('home', 2.3)], t2) };
    expect(newValueEntries(first, moved, t2)).toEqual([]);
    // withdrawn, then back: not new; a second selection is
    const withdrawn = { ...first, ...followFlags(first, [], t2) };
    const back = { ...withdrawn, ...followFlags(withdrawn, [flag('home'), flag('away')], t2) };
    expect(newValueEntries(withdrawn, back, t2).map((e) => e.id)).toEqual(['f1~value-away']);
  });

  it('a scan changed the prediction when its flags (their seen time aside), history or best prices differ', () => {
    const first = { ...base, ...followFlags(base, [flag('home')], t1), valueScannedAt: t1.toISOString(), bestOdds: { home: 2.25 } };
    const same = { ...first, ...followFlags(first, [flag('home')], t2), valueScannedAt: t2.toISOString() };
    expect(same.valueBets[0]!.seenAt).toBe(t2.toISOString());
    expect(changedByScan(first, same)).toBe(false);
    // stored and read back: key order and absent fields do not count
    expect(
      changedByScan(JSON.parse(JSON.stringify(first)) as StoredPrediction, { ...same, valueBets: same.valueBets.map((v) => ({ ...v, quotedAt: undefined })) }),
    ).toBe(false);
    expect(changedByScan(first, { ...same, bestOdds: { home: 2.3 } })).toBe(true);
    expect(changedByScan(first, { ...same, bestBookmakers: { home: 'BetVictor' } })).toBe(true);
    // another book's price alone is no change: the grid is written with the scans that change something (its own time beside it)
    expect(changedByScan(first, { ...same, books: [{ bookmaker: 'BetVictor', odds: { home: 2.1 } }], booksAt: t2.toISOString() })).toBe(false);
    expect(changedByScan(first, { ...first, ...followFlags(first, [flag('home', 2.3)], t2) })).toBe(true);
    expect(changedByScan(first, { ...first, ...followFlags(first, [{ ...flag('home'), quotedAt: t2.toISOString() }], t2) })).toBe(true);
    expect(changedByScan(first, { ...first, ...followFlags(first, [], t2) })).toBe(true);
    // written when changed, with new entries, or at the last scan before kickoff
    expect(scanWrites(first, same, [], t2)).toBe(false);
    expect(scanWrites(first, same, newValueEntries(base, first, t1), t2)).toBe(true);
    expect(scanWrites(first, same, [], new Date(Date.parse(KICKOFF) - 15 * 60_000))).toBe(true);
  });

  it("a league's mark keeps the fixtures found unchanged until they are written or kicked off, and is not rewritten when it would not change", () => {
    const at = new Date('2026-11-22T13:00:00Z');
    const later = new Date('2026-11-22T14:00:00Z');
    const listed = new Set(['f1', 'f2', 'f3']);
    const mark = nextScanMark(undefined, 'E0', at, { unchanged: ['f1', 'f2'], written: ['f3'], listed })!;
    expect(mark).toEqual({ leagueId: 'E0', at: at.toISOString(), unchanged: { f1: at.toISOString(), f2: at.toISOString() } });
    // f1 written now, f2 not scanned (kept), f3 unchanged now
    expect(nextScanMark(mark, 'E0', later, { unchanged: ['f3'], written: ['f1'], listed })!.unchanged).toEqual({
      f2: at.toISOString(),
      f3: later.toISOString(),
    });
    // f1 kicked off (no longer listed)
    expect(nextScanMark(mark, 'E0', later, { unchanged: [], written: [], listed: new Set(['f2']) })!.unchanged).toEqual({ f2: at.toISOString() });
    expect(nextScanMark(mark, 'E0', later, { unchanged: [], written: [], listed })).toBeUndefined();
    expect(nextScanMark(undefined, 'E0', later, { unchanged: [], written: ['f1'], listed })).toBeUndefined();
  });

  it('the pages read a prediction as of the last scan that found it unchanged, unless it was generated or written since', () => {
    const stored = { ...base, ...followFlags(base, [flag('home')], t1), valueScannedAt: t1.toISOString() };
    const marks = marksByLeague([{ leagueId: 'E0', at: t2.toISOString(), unchanged: { f1: t2.toISOString() } }]);
    const shown = asOfLastScan(stored, marks);
    expect(shown.valueScannedAt).toBe(t2.toISOString());
    expect(shown.valueBets.map((v) => [v.flaggedAt, v.seenAt])).toEqual([[t1.toISOString(), t2.toISOString()]]);
    expect(asOfLastScan({ ...stored, valueScannedAt: '2026-11-22T13:30:00.000Z' }, marks)).toEqual({ ...stored, valueScannedAt: '2026-11-22T13:30:00.000Z' });
    expect(asOfLastScan({ ...stored, generatedAt: '2026-11-22T13:10:00.000Z' }, marks).valueScannedAt).toBe(t1.toISOString());
    expect(asOfLastScan({ ...stored, leagueId: 'SP1' }, marks).valueScannedAt).toBe(t1.toISOString());
  });

  it('the conflict error names the fixture', () => {
    expect(new ScanConflictError('f1')).toMatchObject({ kind: 'conflict', fixtureId: 'f1' });
  });
});
