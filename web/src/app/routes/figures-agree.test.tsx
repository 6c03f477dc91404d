import type { AnalyticsReport, PickRecord } from '@app/contracts/analytics';
import type { Metrics } from '@app/contracts/metrics';
import type { ResultsPage } from '@app/contracts/results';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makeMetrics, makeUser, makeValueWorth } from '@/testing/data-generators';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

// One track record, as the server reads it once (docs/decisions/0331-intervals-only-from-the-stated-sample.md): the
// landing's 'Live Performance' card, the /results summary and /analytics' "All picks" each answer with its figures.
const record = makeMetrics({
  basis: 'backtest',
  totalPredictions: 59,
  winAccuracy: 67.8,
  totalProfit: 131.2,
  payoutPercentage: 11.1,
  bestWinningOdds: 3.1,
  publishedPredictions: 0,
  backfilledPredictions: 59,
});
const metricsOf = ({ winAccuracy, totalPredictions, totalProfit, payoutPercentage, bestWinningOdds, date }: Metrics): Metrics => ({
  winAccuracy,
  totalPredictions,
  totalProfit,
  payoutPercentage,
  bestWinningOdds,
  date,
});
const none: Metrics = { winAccuracy: 0, totalPredictions: 0, totalProfit: 0, payoutPercentage: 0, bestWinningOdds: null, date: record.date };
const results: ResultsPage = {
  items: [],
  page: 1,
  pageSize: 25,
  total: 0,
  from: '2026-02-04',
  to: record.date,
  leagues: [],
  summary: { days: 30, to: `${record.date}T12:00:00.000Z`, published: none, backtest: metricsOf(record) },
};
const all: PickRecord = {
  picks: record.totalPredictions,
  hits: 40,
  hitRate: record.winAccuracy,
  staked: record.totalPredictions,
  profit: record.totalProfit,
  roi: record.payoutPercentage,
  roiLow: null,
  roiHigh: null,
  kelly: { staked: 20.1, profit: 1.2, roi: 6 },
  clv: { bets: 59, withoutClosing: 0, mean: -2.2, ci95: null, beatClosePct: 40 },
};
const analytics: AnalyticsReport = {
  period: '30',
  from: '2026-02-04',
  to: record.date,
  league: null,
  market: null,
  leagues: [],
  basis: 'backtest',
  matches: 56,
  markets: { all, '1x2': all, ou25: { ...all, picks: 0 } },
  valueBets: all,
  clv: all.clv,
  curves: { picks: { points: [], maxDrawdown: { flat: 0, kelly: 0 } }, valueBets: { points: [], maxDrawdown: { flat: 0, kelly: 0 } } },
  perLeague: [],
  forecast: null,
  computedAt: `${record.date}T12:00:00.000Z`,
};

describe('one set of numbers on every page', () => {
  it("shows the same count, hit rate, profit and payout on the landing's card, the /results summary and /analytics, each labelled back-tested", async () => {
    mockApi({
      'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium' }) },
      'GET /api/metrics/latest': record,
      'GET /api/results': results,
      'GET /api/analytics': analytics,
      'GET /api/ledger/value-worth': makeValueWorth(),
    });
    // the landing's card: each figure under its name
    let shownPage = await renderApp('/');
    const card = within(await screen.findByRole('region', { name: 'Live Performance' }));
    await card.findByText('67.8%');
    const shown = (name: string) => card.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    const landing = [shown('Predictions'), shown('Win accuracy'), shown('Profit ($20 stake)'), shown('Payout')];
    expect(card.getByTestId('backtest-basis')).toHaveTextContent(/Back-tested/);

    // /results: the summary's back-tested column
    shownPage.unmount();
    shownPage = await renderApp('/results');
    const summary = within(await screen.findByRole('table', { name: 'Last 30 days by basis' }));
    expect(summary.getAllByRole('columnheader')[2]).toHaveTextContent('Back-tested');
    const backtested = (name: string) =>
      within(summary.getByRole('row', { name: new RegExp(`^${name.replace(/[$()]/g, '\\$&')}`) })).getAllByRole('cell')[1]?.textContent;
    const resultsPage = [backtested('Settled picks'), backtested('Win accuracy'), backtested('Profit ($20 stake)'), backtested('Payout')];

    // /analytics: the "All picks" row (bets, hit rate, profit, ROI before its note)
    shownPage.unmount();
    await renderApp('/analytics');
    const table = within(await screen.findByRole('region', { name: 'Picks by market table' }));
    const [bets, hitRate, profit, roi = ''] = within(table.getByRole('row', { name: /^All picks/ }))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(screen.getByText(/^Back-tested: fewer than 30 published picks/)).toBeInTheDocument();
    const analyticsPage = [bets, hitRate, profit, roi.match(/^[+-]?[\d.]+%/)?.[0]];

    expect(landing).toEqual(['59', '67.8%', '+$131.20', '+11.1%']);
    expect(resultsPage).toEqual(landing);
    expect(analyticsPage).toEqual(landing);
  });
});
