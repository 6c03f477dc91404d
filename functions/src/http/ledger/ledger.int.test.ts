// The bet ledger over HTTP, against DynamoDB Local: the premium export (JSON and CSV), the public
// day digests and their verification (which an edit by hand breaks), and one track record on
// every page: a staff correction is a sealed record of its own that moves no figure.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { keys } from '@app/adapters/dynamodb/keys';
import { editItemByHand } from '@app/adapters/dynamodb/testing/edit-item';
import { AnalyticsReportSchema, ValueWorthSchema } from '@app/contracts/analytics';
import { LedgerDigestsSchema, LedgerListSchema } from '@app/contracts/ledger';
import { TrackRecordSchema, TrendSchema } from '@app/contracts/metrics';
import { ResultsPageSchema } from '@app/contracts/results';
import { TrackingSummarySchema } from '@app/contracts/tracking';
import { DAY_MS, fixedClock } from '@app/core/clock';
import { SEALED_COLUMNS } from '@app/core/ledger/digest';
import { chanceLongestLosingRun } from '@app/core/ledger/record';
import { LosingRunsResponseSchema } from '@app/contracts/responsible-gambling';
import { ledgerEntriesOf } from '@app/core/ledger/entry';
import type { StoredPrediction } from '@app/core/predictions/prediction';
import { storePlayed } from '@app/core/testing/ledger-entries';
import { startHttpStack, uniqueEmail, type TestClient } from '../../../test/http-harness.ts';

const clock = fixedClock('2026-11-22T12:00:00Z');
const NOW = clock.now().getTime();
let stack: Awaited<ReturnType<typeof startHttpStack>>;
let premium: TestClient;
let admin: TestClient;

function match(id: string, kickoffMs: number, overrides: Partial<StoredPrediction> = {}): StoredPrediction {
  return {
    id,
    fixtureId: id,
    leagueId: 'L1',
    leagueName: 'League One',
    homeTeam: `H${id}`,
    awayTeam: `A${id}`,
    kickoff: new Date(kickoffMs).toISOString(),
    probabilities: { home: 0.66, draw: 0.2, away: 0.14 },
    overUnder25: { over: 0.45, under: 0.55 },
    market: { home: 0.62, draw: 0.24, away: 0.14, over25: 0.45 },
    valueBets: [{ market: 'home', odds: 1.75, edge: 0.155 }],
    bestOdds: { home: 1.75, draw: 4, away: 7 },
    bestBookmakers: { home: 'Velox' },
    modelVersion: 'm@2026-11-01',
    generatedAt: new Date(kickoffMs - DAY_MS / 2).toISOString(),
    result: { home: 2, away: 0 },
    actualResult: '2-0 (Home Win)',
    ...overrides,
  };
}

/** The track record's jobs and verifier on the stack's base. */
const composition = async () => {
  const { buildLedgerSealer, buildLedgerVerifier, buildTrackRecordViews } = await import('../../composition/track-record.ts');
  return {
    trackRecordViews: async () => buildTrackRecordViews(stack.base),
    ledgerSealer: async () => buildLedgerSealer(stack.base),
    ledgerVerifier: async () => buildLedgerVerifier(stack.base),
  };
};

beforeAll(async () => {
  stack = await startHttpStack({}, { clock });
  const repo = new DynamoPredictionRepository(stack.table.doc, stack.table.tableName);
  const closing = { sharp: { home: 1.7, draw: 4.1, away: 7.5 }, capturedAt: new Date(NOW).toISOString() };
  // 36 published matches over the last 18 days (home wins 3 in 4; every fourth without a closing
  // price), 12 back-tested ones recorded at the first run, 3 published ahead of kickoff.
  for (let i = 0; i < 36; i++) {
    await storePlayed(repo, match(`p${i}`, NOW - (i / 2 + 1) * DAY_MS, i % 4 === 3 ? { result: { home: 0, away: 1 }, actualResult: '0-1 (Away Win)' } : {}), {
      basis: 'published',
      ...(i % 4 === 2 ? {} : { closing }),
    });
  }
  for (let i = 0; i < 12; i++) await storePlayed(repo, match(`b${i}`, NOW - (i + 1) * DAY_MS), { basis: 'backtest', closing });
  for (let i = 0; i < 3; i++) {
    const ahead = { ...match(`u${i}`, NOW + (i + 1) * DAY_MS), generatedAt: new Date(NOW - 3_600_000).toISOString(), status: 'scheduled' as const };
    await repo.write(ahead, ledgerEntriesOf(ahead, 'published', new Date(NOW - 3_600_000)), { now: new Date(NOW - 3_600_000) });
  }
  // What the metrics job does: the stored headline and trend, then the day digests.
  const { trackRecordViews, ledgerSealer } = await composition();
  await (await trackRecordViews()).recompute();
  await (await ledgerSealer()).seal();
  premium = await stack.premiumClient();
  admin = await stack.adminClient();
}, 180_000);
afterAll(() => stack.close());

describe('GET /api/ledger', () => {
  it('answers a visitor with 401 and a free user with 403', async () => {
    expect((await stack.client().get('/api/ledger')).status).toBe(401);
    const free = stack.client();
    await stack.signIn(free, uniqueEmail('free'));
    expect((await free.get('/api/ledger?format=csv')).status).toBe(403);
  });

  it('gives a subscriber every entry of the period: settled with closing price and CLV, or saying it has none', async () => {
    const res = await premium.get('/api/ledger?period=30');
    const list = LedgerListSchema.parse(res.json);
    // Two entries a match (the home pick and the home value bet).
    expect(list.entries).toHaveLength(2 * (36 + 12 + 3));
    const settled = list.entries.filter((e) => e.result === 'won' || e.result === 'lost');
    expect(settled.filter((e) => e.closing && e.clv !== null).length).toBeGreaterThanOrEqual(20);
    const home = settled.find((e) => e.fixtureId === 'p0' && e.kind === 'pick')!;
    expect(home).toMatchObject({
      basis: 'published',
      price: 1.75,
      bookmaker: 'Velox',
      stakeFlat: 1,
      closing: { price: 1.7, source: 'pinnacle' },
      profit: { flat: 0.75 },
    });
    expect(home.clv).toBeCloseTo(1.75 * home.closing!.fairProbability - 1, 4);
    expect(settled.find((e) => e.fixtureId === 'p2')).toMatchObject({ closing: null, clv: null });
    // every value entry names its market and line (these are 1X2 flags: no line)
    const values = list.entries.filter((e) => e.kind === 'value');
    expect(values.length).toBeGreaterThan(0);
    expect(new Set(values.map((e) => `${e.market} ${e.line}`))).toEqual(new Set(['1x2 null']));
    // Back-tested entries say they were written after their match.
    const backtest = list.entries.filter((e) => e.basis === 'backtest');
    expect(backtest).toHaveLength(24);
    expect(backtest.every((e) => e.recordedAt > e.kickoff)).toBe(true);
    expect((await premium.get('/api/ledger?market=ou25')).json.entries).toEqual([]);
    expect((await premium.get('/api/ledger?period=7')).status).toBe(400);
  });

  it('exports the same entries as CSV with a header row and a clv column, as a download', async () => {
    const res = await premium.get('/api/ledger?format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="ledger-30-days-2026-11-22\.csv"$/);
    const [header, ...rows] = res.text.trimEnd().split('\n');
    expect(header!.split(',').slice(0, SEALED_COLUMNS.length)).toEqual([...SEALED_COLUMNS]);
    expect(header).toContain(',clv,');
    expect(rows).toHaveLength(2 * 51);
    expect(rows.filter((r) => r.includes(',no closing price,')).length).toBeGreaterThan(0);
  });
});

describe('the day digests', () => {
  it('are public, one per day in each chain, and an outsider reproduces a day from the CSV alone', async () => {
    const digests = LedgerDigestsSchema.parse((await stack.client().get('/api/ledger/digests')).json);
    const days = (list: { day: string }[]) => list.map((d) => d.day);
    expect(new Set(days(digests.published)).size).toBe(digests.published.length);
    // Published entries are sealed on the day they were forecast; back-tested ones on the day they were reconstructed as of.
    expect(digests.published.length).toBeGreaterThan(15);
    expect(digests.backtest.length).toBe(12);
    expect(digests.backtest.every((d) => d.computedAt === '2026-11-22T12:00:00.000Z')).toBe(true);

    const day = digests.published.at(-1)!;
    const csv = (await premium.get('/api/ledger?format=csv')).text.trimEnd().split('\n').slice(1);
    const lines = csv.map((r) => r.split(',')).filter((cells) => cells[1] === 'published' && cells[SEALED_COLUMNS.indexOf('forecast_at')]!.startsWith(day.day));
    const text = `${day.previous}\n${lines.map((cells) => `${cells.slice(0, SEALED_COLUMNS.length).join(',')}\n`).join('')}`;
    expect(createHash('sha256').update(text).digest('hex')).toBe(day.digest);
  });

  it('verify passes on the stored ledger and fails once an entry is edited by hand in the table', async () => {
    const { ledgerVerifier } = await composition();
    expect((await (await ledgerVerifier()).verify()).ok).toBe(true);
    await editItemByHand(stack.table.doc, stack.table.tableName, keys.ledgerEntry('p5', 'pick-home'), 'price', 2.05);
    const report = await (await ledgerVerifier()).verify();
    expect(report.ok).toBe(false);
    expect(report.checks.filter((c) => c.status === 'edited')).toHaveLength(1);
    await editItemByHand(stack.table.doc, stack.table.tableName, keys.ledgerEntry('p5', 'pick-home'), 'price', 1.75);
    expect((await (await ledgerVerifier()).verify()).ok).toBe(true);
  });
});

describe('GET /api/ledger/losing-runs', () => {
  it('is public and edge-cached: the losing runs of each basis apart, with the range chance gives at that hit rate', async () => {
    const res = await stack.client().get('/api/ledger/losing-runs');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public, /);
    const runs = LosingRunsResponseSchema.parse(res.json);
    // Every fourth published match lost its home pick, one at a time.
    expect(runs.published).toMatchObject({
      picks: 36,
      hits: 27,
      hitRate: 75,
      longest: { length: 1, lossUsd: 20 },
      runsOfFiveOrMore: 0,
      expectedLongestCi95: chanceLongestLosingRun(36, 0.25),
    });
    expect(runs.backtest).toMatchObject({ picks: 12, hits: 12, longest: null });
    expect(runs).toMatchObject({ days: 365, stakeUsd: 20 });
  });
});

describe('GET /api/ledger/value-worth', () => {
  it('is public and edge-cached: the value flags of the last 30 days and the season, expected beside what happened, each basis apart', async () => {
    const res = await stack.client().get('/api/ledger/value-worth');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public, /);
    const worth = ValueWorthSchema.parse(res.json);
    expect(worth).toMatchObject({ stakeUsd: 20, feeUsd: 29, last30: { days: 30 }, season: { from: '2026-07-01' } });
    // every match flagged home at 1.75: 36 published (9 lost, every fourth without a closing price), 12 back-tested
    const published = worth.last30.published;
    expect([published.flags, published.clv.bets, worth.last30.backtest.flags]).toEqual([36, 27, 12]);
    expect(published.clv.mean).toBeGreaterThan(0);
    expect(published.expectedUsd).toBeCloseTo((published.clv.mean! / 100) * 27 * 20, 0);
    // what happened: 27 wins at +0.75, 9 losses, at $20
    expect(published.actualUsd).toBe(225);
    expect(worth.season.published.flags).toBe(36);
  });
});

describe('one track record on every page', () => {
  /** The 30-day figures of every endpoint that shows them, each parsed with its contract. */
  async function everyPage() {
    const latest = TrackRecordSchema.parse((await stack.client().get('/api/metrics/latest')).json);
    const trend = TrendSchema.parse((await stack.client().get('/api/metrics/trend')).json);
    const results = ResultsPageSchema.parse((await stack.client().get('/api/results')).json).summary;
    const tracking = TrackingSummarySchema.parse((await admin.get('/api/tracking/summary?days=30')).json);
    const analytics = AnalyticsReportSchema.parse((await premium.get('/api/analytics?period=30')).json);
    const all = analytics.markets.all;
    return {
      latest: [latest.basis, latest.totalPredictions, latest.winAccuracy, latest.totalProfit, latest.payoutPercentage, latest.bestWinningOdds],
      trend: [trend.at(-1)!.basis, trend.at(-1)!.totalPredictions, trend.at(-1)!.winAccuracy],
      results: [
        'published',
        results.published.totalPredictions,
        results.published.winAccuracy,
        results.published.totalProfit,
        results.published.payoutPercentage,
        results.published.bestWinningOdds,
      ],
      tracking: [
        'published',
        tracking.published.totalPredictions,
        tracking.published.winAccuracy,
        tracking.published.totalProfit,
        tracking.published.payoutPercentage,
        tracking.published.bestWinningOdds,
      ],
      analytics: [analytics.basis, all.picks, all.hitRate, all.profit, all.roi, latest.bestWinningOdds],
    };
  }

  it('a staff correction of a won bet\u2019s odds is a record of its own, shown as corrected, that changes no price taken, CLV, figure or seal', async () => {
    const before = await everyPage();
    // 36 published picks, 27 won at 1.75 and 9 lost: $20 x (27 x 0.75 - 9) = $225, payout 31.3 %.
    expect(before.latest).toEqual(['published', 36, 75, 225, 31.3, 1.75]);
    for (const page of [before.results, before.tracking, before.analytics]) expect(page).toEqual(before.latest);
    const entryOf = async () => LedgerListSchema.parse((await premium.get('/api/ledger')).json).entries.find((e) => e.id === 'p0~pick-home')!;
    const original = await entryOf();
    expect(original.clv).not.toBeNull();

    // The odds set to 1000 on a settled pick: refused (outside 10 % of the price taken), nothing changes.
    const absurd = await admin.post('/api/admin/update-odds', { predictionId: 'p0~pick-home', odds: 1000 });
    expect(absurd.status).toBe(400);
    expect(absurd.json.message).toMatch(/within 10% of the price taken \(1\.75\): between 1\.58 and 1\.93/);
    expect(await entryOf()).toEqual(original);
    expect((await (await (await composition()).ledgerVerifier()).verify()).ok).toBe(true);

    // A correction within the range: recorded and shown, and still no figure moves.
    const me = (await admin.get('/api/auth/me')).json.user.id as string;
    expect((await admin.post('/api/admin/update-odds', { predictionId: 'p0~pick-home', odds: 1.8 })).status).toBe(200);
    const after = await everyPage();
    expect(after).toEqual(before);
    const entry = await entryOf();
    expect(entry).toMatchObject({
      price: 1.75,
      effectivePrice: 1.75,
      clv: original.clv,
      profit: original.profit,
      corrections: [{ oldPrice: 1.75, newPrice: 1.8, by: me, at: '2026-11-22T12:00:00.000Z', sequence: 1 }],
    });
    const row = ResultsPageSchema.parse((await stack.client().get('/api/results')).json).items.find((r) => r.fixtureId === 'p0')!;
    expect(row.picks.find((p) => p.kind === 'pick')).toMatchObject({ odds: 1.75, corrections: [{ oldPrice: 1.75, newPrice: 1.8, by: me }] });
    const { ledgerVerifier } = await composition();
    const report = await (await ledgerVerifier()).verify();
    expect(report.ok).toBe(true);
    expect(report.corrections).toEqual({ ok: true, corrections: 1, problems: [] });

    // The correction is sealed in its own chain: an edit by hand in the table fails verify.
    const item = keys.ledgerCorrection('p0', 'pick-home', '2026-11-22T12:00:00.000Z');
    await editItemByHand(stack.table.doc, stack.table.tableName, item, 'newPrice', 1.9);
    const broken = await (await ledgerVerifier()).verify();
    expect(broken.ok).toBe(false);
    expect(broken.corrections.problems).toEqual(['correction 1 (p0~pick-home) was edited']);
    await editItemByHand(stack.table.doc, stack.table.tableName, item, 'newPrice', 1.8);
    expect((await (await ledgerVerifier()).verify()).ok).toBe(true);
  });
});
