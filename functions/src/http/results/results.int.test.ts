// The public record over HTTP: settled predictions only, newest first, paginated and filtered, and
// never a probability of a match that has not kicked off (in any field of the answer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoPredictionRepository } from '@app/adapters/dynamodb/prediction-repository';
import { DAY_MS, fixedClock } from '@app/core/clock';
import type { StoredPrediction } from '@app/core/predictions/prediction';
import { storePlayed } from '@app/core/testing/ledger-entries';
import { RESULTS_PAGE_SIZE } from '@app/contracts/results';
import { startHttpStack } from '../../../test/http-harness.ts';

const clock = fixedClock('2026-11-22T12:00:00Z');
const NOW = clock.now().getTime();
let stack: Awaited<ReturnType<typeof startHttpStack>>;

function prediction(id: string, kickoffMs: number, overrides: Partial<StoredPrediction> = {}): StoredPrediction {
  return {
    id,
    fixtureId: id,
    leagueId: 'L1',
    leagueName: 'League One',
    homeTeam: `Home ${id}`,
    awayTeam: `Away ${id}`,
    kickoff: new Date(kickoffMs).toISOString(),
    probabilities: { home: 0.6123, draw: 0.2, away: 0.1877 },
    overUnder25: { over: 0.55, under: 0.45 },
    valueBets: [],
    bestOdds: { home: 1.9 },
    modelVersion: 'm@2026-11-01',
    generatedAt: new Date(kickoffMs - DAY_MS).toISOString(),
    origin: 'published',
    status: 'scheduled',
    ...overrides,
  };
}

beforeAll(async () => {
  stack = await startHttpStack({}, { clock });
  const repo = new DynamoPredictionRepository(stack.table.doc, stack.table.tableName);
  // 30 settled matches of League One over the last 15 days, one settled match of League Two,
  // one unsettled match that kicked off an hour ago, and two upcoming fixtures (one wrongly marked settled).
  for (let i = 0; i < 30; i++) {
    await storePlayed(
      repo,
      prediction(`s${i}`, NOW - (i + 1) * 12 * 3_600_000, { status: 'settled', result: { home: 2, away: i % 2 }, actualResult: `2-${i % 2} (Home Win)` }),
      { basis: i % 3 ? 'published' : 'backtest' },
    );
  }
  await storePlayed(
    repo,
    prediction('two', NOW - 2 * DAY_MS, {
      leagueId: 'L2',
      leagueName: 'League Two',
      status: 'settled',
      result: { home: 0, away: 1 },
      actualResult: '0-1 (Away Win)',
    }),
    { basis: 'published' },
  );
  await repo.save(prediction('inplay', NOW - 3_600_000));
  await repo.save(prediction('future', NOW + 3_600_000, { probabilities: { home: 0.4321, draw: 0.3, away: 0.2679 } }));
  await repo.save(
    prediction('forged', NOW + 2 * DAY_MS, { status: 'settled', result: { home: 1, away: 0 }, probabilities: { home: 0.4321, draw: 0.3, away: 0.2679 } }),
  );
}, 120_000);
afterAll(() => stack.close());

describe('GET /api/results', () => {
  it('lists settled matches newest first with their published probabilities, pick and outcome, by pages', async () => {
    // Act
    const first = await stack.client().get('/api/results');
    const second = await stack.client().get('/api/results?page=2');

    // Assess
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ page: 1, pageSize: RESULTS_PAGE_SIZE, total: 31, from: '2026-10-24', to: '2026-11-22' });
    expect(first.json.items).toHaveLength(RESULTS_PAGE_SIZE);
    expect(second.json.items).toHaveLength(31 - RESULTS_PAGE_SIZE);
    const times = [...first.json.items, ...second.json.items].map((r: { matchTime: string }) => r.matchTime);
    expect(times).toEqual([...times].sort().reverse());
    expect(first.json.items[0]).toEqual({
      fixtureId: 's0',
      leagueId: 'L1',
      league: 'League One',
      homeTeam: 'Home s0',
      awayTeam: 'Away s0',
      matchTime: new Date(NOW - 12 * 3_600_000).toISOString(),
      origin: 'backfilled',
      probabilities: { home: 61.2, draw: 20, away: 18.8, over25: 55 },
      score: { home: 2, away: 0 },
      actualResult: '2-0 (Home Win)',
      picks: [{ kind: 'pick', market: '1x2', label: 'Home Win', confidence: 61.2, odds: 1.9, bookmaker: null, won: true, clv: null, corrections: [] }],
    });
    expect(first.json.leagues).toEqual([
      { id: 'L1', name: 'League One' },
      { id: 'L2', name: 'League Two' },
    ]);
    // The last 30 days per basis, as the landing page shows them: 20 published home picks won at 1.90 and one lost, 10 back-tested ones won.
    expect(first.json.summary).toMatchObject({
      days: 30,
      published: { totalPredictions: 21, winAccuracy: 95.2, totalProfit: 340, payoutPercentage: 81, bestWinningOdds: 1.9 },
      backtest: { totalPredictions: 10, winAccuracy: 100, totalProfit: 180 },
    });
  });

  it('reveals no probability of a match that has not kicked off or is not settled, anywhere in the answer', async () => {
    // Act
    const res = await stack.client().get(`/api/results?from=2026-11-20&to=2026-11-25`);

    // Assess
    expect(res.status).toBe(200);
    const ids = res.json.items.map((r: { fixtureId: string }) => r.fixtureId);
    expect(ids).not.toContain('future');
    expect(ids).not.toContain('forged');
    expect(ids).not.toContain('inplay');
    expect(res.text).not.toMatch(/43\.2|Home future|Home forged|Home inplay/);
  });

  it('filters by league and by dates, the summary with the list', async () => {
    const league = await stack.client().get('/api/results?league=L2');
    expect(league.json.items.map((r: { fixtureId: string }) => r.fixtureId)).toEqual(['two']);
    expect(league.json.total).toBe(1);
    // League Two's one published pick, lost: the summary counts it alone
    expect(league.json.summary).toMatchObject({ days: 30, published: { totalPredictions: 1, winAccuracy: 0 }, backtest: { totalPredictions: 0 } });
    const dated = await stack.client().get('/api/results?from=2026-11-21&to=2026-11-21');
    expect(dated.json.items.map((r: { matchTime: string }) => r.matchTime.slice(0, 10))).toEqual(['2026-11-21', '2026-11-21']);
    // the day's two settled matches, and only they, in the summary
    expect(dated.json.summary.days).toBe(1);
    expect(dated.json.summary.published.totalPredictions + dated.json.summary.backtest.totalPredictions).toBe(2);
  });

  it('answers bad queries with 400 and a message', async () => {
    for (const q of ['page=0', 'page=abc', 'from=2026-13-01', 'league=%3Cscript%3E', 'from=2026-11-22&to=2026-11-01', 'from=2026-01-01&to=2026-11-01']) {
      const res = await stack.client().get(`/api/results?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.json.message ?? res.json.error, q).toEqual(expect.any(String));
    }
  });
});
