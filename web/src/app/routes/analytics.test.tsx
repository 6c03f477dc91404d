import type { AnalyticsReport, PickRecord } from '@app/contracts/analytics';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makeUser, makeValueWorth } from '@/testing/data-generators';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const clv = { bets: 36, withoutClosing: 4, mean: 2.4, ci95: [0.8, 4.1] as [number, number], beatClosePct: 61.1 };
const record = (overrides: Partial<PickRecord> = {}): PickRecord => ({
  picks: 40,
  hits: 26,
  hitRate: 65,
  staked: 40,
  profit: 84,
  roi: 10.5,
  roiLow: -4.2,
  roiHigh: 25.2,
  kelly: { staked: 31.2, profit: 2.9, roi: 9.3 },
  clv,
  ...overrides,
});
const curve = {
  points: [
    { kickoff: '2026-03-01T15:00:00.000Z', flat: 1.5, kelly: 0.9 },
    { kickoff: '2026-03-04T15:00:00.000Z', flat: 4.2, kelly: 2.9 },
  ],
  maxDrawdown: { flat: 3, kelly: 1.8 },
};

function report(overrides: Partial<AnalyticsReport> = {}): AnalyticsReport {
  return {
    period: '30',
    from: '2026-02-04',
    to: '2026-03-05',
    league: null,
    market: null,
    leagues: [{ id: 'L1', name: 'League One' }],
    basis: 'published',
    matches: 52,
    markets: { all: record(), '1x2': record({ picks: 30 }), ou25: record({ picks: 10, roi: null, roiLow: null, roiHigh: null }) },
    valueBets: record({ picks: 120, staked: 120, clv: { ...clv, bets: 150 } }),
    clv,
    curves: { picks: curve, valueBets: curve },
    perLeague: [{ leagueId: 'L1', league: 'League One', '1x2': record({ picks: 18 }), ou25: record({ picks: 6 }), valueBets: record({ picks: 5 }) }],
    forecast: {
      period: '30',
      basis: 'published',
      matches: 52,
      rps: { matches: 40, ours: 0.2012, market: 0.1998 },
      reliability: [{ from: 60, to: 70, forecast: 64.2, observed: 61.5, count: 39 }],
      computedAt: '2026-03-05T00:05:00.000Z',
    },
    computedAt: '2026-03-05T12:00:00.000Z',
    ...overrides,
  };
}

describe('/analytics', () => {
  it('shows a visitor what Premium analytics hold, locked, without asking the server for them', async () => {
    const api = mockApi();
    await renderApp('/analytics');

    expect(await screen.findByRole('region', { name: 'Locked analytics' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Unlock Analytics' })).toHaveAttribute('href', '/pricing?intent=subscribe');
    expect(api.callsTo('GET', '/api/analytics')).toHaveLength(0);
  });

  it('tells a subscriber on a break until when the analytics are hidden, without asking the server for them', async () => {
    const api = mockApi({ 'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium', breakUntil: '2030-01-01T10:00:00.000Z' }) } });
    await renderApp('/analytics');

    expect(await screen.findByText(/You are taking a break until 1 January 2030/)).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/analytics')).toHaveLength(0);
  });

  it('shows a premium user the record by market with its interval, quarter-Kelly and CLV, the profit curves, RPS against the market, reliability bins and leagues; the filters ask again', async () => {
    const api = mockApi({
      'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium' }) },
      'GET /api/analytics': report(),
      'GET /api/ledger/value-worth': makeValueWorth(),
    });
    const { user } = await renderApp('/analytics');

    const markets = within(await screen.findByRole('region', { name: 'Picks by market table' }));
    // 40 bets and 36 with closing prices: no interval, the plain note that so few bets say little in its place.
    expect(
      markets.getByRole('row', {
        name: /Home \/ draw \/ away 30 65.0% \+\$84.00 \+10.5% · too few bets to judge \+9.3% on 31.20 units \+2.4% · too few bets to judge$/,
      }),
    ).toBeInTheDocument();
    expect(markets.getByRole('row', { name: /Over\/Under 2.5 10 .* N\/A/ })).toBeInTheDocument();
    // 120 value bets: the interval, no note.
    expect(
      within(screen.getByRole('region', { name: 'Value bets table' })).getByRole('row', {
        name: /Value bets 120 .*\+10.5% \[-4.2%, \+25.2%\] \+9.3% on 31.20 units/,
      }),
    ).not.toHaveTextContent(/too few/);
    // beside the value bets' record, what they are worth against the fee (the same panel as the pricing page)
    const worth = within(await screen.findByRole('table', { name: 'Value bets, last 30 days' }));
    expect(worth.getByRole('row', { name: /^Published before kickoff/ })).toHaveTextContent('+$24.00 [+$8.00, +$40.00]-$12.00');
    expect(screen.getByRole('region', { name: 'Closing line value' })).toHaveTextContent(
      'Mean CLV over 36 bets: +2.4% · too few bets to judge; 61.1% beat the close. 4 settled bets have no closing price',
    );
    expect(screen.getByRole('region', { name: 'Profit over time' })).toHaveTextContent(
      'flat 1 unit 4.20, quarter-Kelly 2.90. Largest fall from a peak: flat 3.00, quarter-Kelly 1.80 units',
    );
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/ledger?format=csv&period=30');
    expect(screen.getByRole('region', { name: 'Forecast quality against the market' })).toHaveTextContent(
      'ours 0.2012, the market’s fair probabilities 0.1998',
    );
    expect(within(screen.getByRole('table', { name: 'Reliability bins' })).getByRole('row', { name: '60-70% 64.2% 61.5% 39' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'By league table' })).getByRole('row', { name: /League One 18/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Last 90 days' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'League' }), 'L1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Market' }), 'ou25');
    expect(api.callsTo('GET', '/api/analytics').map((c) => c.search)).toEqual([
      '?period=30',
      '?period=90',
      '?period=90&league=L1',
      '?period=90&league=L1&market=ou25',
    ]);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/ledger?format=csv&period=90&league=L1&market=ou25');
  });

  it('holds back quarter-Kelly figures under 10 units staked, and prints no interval under 100 bets, "too few bets to judge" in its place', async () => {
    const small = record({
      kelly: { staked: 0.29, profit: 0.17, roi: 58 },
      roi: -8.9,
      roiLow: -40.1,
      roiHigh: 22.3,
      clv: { ...clv, mean: -1.7, ci95: [-2.2, -1.3] },
    });
    mockApi({
      'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium' }) },
      'GET /api/analytics': report({ markets: { all: small, '1x2': small, ou25: small }, clv: { ...clv, mean: -1.7, ci95: [-2.2, -1.3] } }),
    });
    await renderApp('/analytics');

    const markets = within(await screen.findByRole('region', { name: 'Picks by market table' }));
    const row = markets.getByRole('row', { name: /^All picks/ });
    expect(row).toHaveTextContent('not shown: 0.29 units staked (from 10)');
    expect(row).not.toHaveTextContent('+58.0%');
    expect(row).toHaveTextContent('-8.9% · too few bets to judge');
    expect(row).toHaveTextContent(/-1.7% · too few bets to judge$/);
    expect(row).not.toHaveTextContent('[');
    expect(screen.getByRole('region', { name: 'Closing line value' })).toHaveTextContent(
      'Mean CLV over 36 bets: -1.7% · too few bets to judge; 61.1% beat the close.',
    );
    expect(screen.getByRole('region', { name: 'Profit over time' })).toHaveTextContent('Quarter-Kelly is not shown until 10 units are staked (0.29 so far).');
    expect(screen.getByRole('region', { name: 'Profit over time' })).not.toHaveTextContent('quarter-Kelly 2.90');
  });

  it('labels back-tested figures', async () => {
    mockApi({ 'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium' }) }, 'GET /api/analytics': report({ basis: 'backtest' }) });
    await renderApp('/analytics');
    expect(await screen.findByText(/Back-tested: fewer than 30 published picks are settled/)).toBeInTheDocument();
  });
});
