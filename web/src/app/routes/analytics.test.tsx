import type { AnalyticsReport, PickRecord } from '@app/contracts/analytics';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makeUser } from '@/testing/data-generators';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const record = (overrides: Partial<PickRecord> = {}): PickRecord => ({ picks: 40, hits: 26, hitRate: 65, staked: 40, profit: 84, roi: 10.5, roiLow: -4.2, roiHigh: 25.2, ...overrides });

function report(overrides: Partial<AnalyticsReport> = {}): AnalyticsReport {
  return {
    period: '30', from: '2026-02-04', to: '2026-03-05', basis: 'published', matches: 52,
    markets: { all: record(), '1x2': record({ picks: 30 }), ou25: record({ picks: 10, roi: null, roiLow: null, roiHigh: null }) },
    valueBets: record({ picks: 12 }), rps: { matches: 40, ours: 0.2012, market: 0.1998 },
    reliability: [{ from: 60, to: 70, forecast: 64.2, observed: 61.5, count: 39 }],
    perLeague: [{ leagueId: 'L1', league: 'League One', '1x2': record({ picks: 18 }), ou25: record({ picks: 6 }) }],
    computedAt: '2026-03-05T12:00:00.000Z', ...overrides,
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

  it('shows a premium user the record by market with its interval, value bets, RPS against the market, reliability bins and leagues; the period asks again', async () => {
    const api = mockApi({ 'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium' }) }, 'GET /api/analytics': report() });
    const { user } = await renderApp('/analytics');

    const markets = within(await screen.findByRole('region', { name: 'Picks by market table' }));
    expect(markets.getByRole('row', { name: /Home \/ draw \/ away 30 65.0% \+\$84.00 10.5% \[-4.2, 25.2\]/ })).toBeInTheDocument();
    expect(markets.getByRole('row', { name: /Over\/Under 2.5 10 .* N\/A/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Forecast quality against the market' })).toHaveTextContent('ours 0.2012, the market’s fair probabilities 0.1998');
    expect(within(screen.getByRole('table', { name: 'Reliability bins' })).getByRole('row', { name: '60-70% 64.2% 61.5% 39' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'By league table' })).getByRole('row', { name: /League One 18/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Last 90 days' }));
    expect(api.callsTo('GET', '/api/analytics').map((c) => c.search)).toEqual(['?period=30', '?period=90']);
  });

  it('labels back-tested figures', async () => {
    mockApi({ 'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium' }) }, 'GET /api/analytics': report({ basis: 'backtest' }) });
    await renderApp('/analytics');
    expect(await screen.findByText(/Back-tested: fewer than 30 published picks are settled/)).toBeInTheDocument();
  });
});
