import type { ResultRow, ResultsPage } from '@app/contracts/results';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

function row(n: number, overrides: Partial<ResultRow> = {}): ResultRow {
  return {
    fixtureId: `f${n}`,
    leagueId: 'L1',
    league: 'League One',
    homeTeam: `Home ${n}`,
    awayTeam: `Away ${n}`,
    matchTime: '2026-03-04T15:00:00.000Z',
    origin: 'published',
    probabilities: { home: 61.2, draw: 20, away: 18.8, over25: 55 },
    score: { home: 2, away: 0 },
    actualResult: '2-0 (Home Win)',
    picks: [{ kind: 'pick', market: '1x2', label: 'Home Win', confidence: 61.2, odds: 1.9, bookmaker: 'Northbet', won: true, clv: 2.4, corrections: [] }],
    ...overrides,
  };
}

function page(items: ResultRow[], overrides: Partial<ResultsPage> = {}): ResultsPage {
  const metrics = (totalPredictions: number, totalProfit: number) => ({
    winAccuracy: 62.5,
    totalPredictions,
    totalProfit,
    payoutPercentage: 8.4,
    bestWinningOdds: 2.9,
    date: '2026-03-05',
  });
  return {
    items,
    page: 1,
    pageSize: 25,
    total: items.length,
    from: '2026-02-04',
    to: '2026-03-05',
    leagues: [
      { id: 'L1', name: 'League One' },
      { id: 'L2', name: 'League Two' },
    ],
    summary: { days: 30, to: '2026-03-05T12:00:00.000Z', published: metrics(8, 13.4), backtest: metrics(64, 107.5) },
    ...overrides,
  };
}

describe('/results', () => {
  it('shows each settled prediction with its published probabilities, pick, odds, score and outcome, and marks back-tested rows', async () => {
    mockApi({
      'GET /api/results': page([
        row(1),
        row(2, {
          origin: 'backfilled',
          picks: [{ kind: 'pick', market: '1x2', label: 'Away Win', confidence: 64, odds: null, bookmaker: null, won: false, clv: null, corrections: [] }],
        }),
      ]),
    });
    await renderApp('/results');

    const table = within(await screen.findByRole('region', { name: 'Settled predictions' }));
    const [, first, second] = table.getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Home 1 vs Away 1' })).toHaveAttribute('href', '/predictions/f1');
    expect(first).toHaveTextContent('61.2% / 20.0% / 18.8%');
    expect(first).toHaveTextContent('Home Win (61.2%)');
    expect(first).toHaveTextContent('1.90');
    expect(first).toHaveTextContent('+2.4%');
    expect(within(first!).getByText('Won')).toBeInTheDocument();
    expect(second).toHaveTextContent('League One · back-tested');
    expect(within(second!).getByText('Lost')).toBeInTheDocument();
    expect(second).toHaveTextContent('N/A');
    expect(screen.queryByTestId('odds-corrected')).not.toBeInTheDocument();
  });

  it('shows a staff correction beside the price taken, which stays what the figures use', async () => {
    const corrected = {
      kind: 'pick' as const,
      market: '1x2' as const,
      label: 'Home Win',
      confidence: 61.2,
      odds: 1.9,
      bookmaker: 'Northbet',
      won: true,
      clv: 2.4,
      corrections: [{ oldPrice: 1.9, newPrice: 1.85, by: 'user-01HADMIN1', at: '2026-03-05T09:00:00.000Z' }],
    };
    mockApi({ 'GET /api/results': page([row(1, { picks: [corrected] })]) });
    await renderApp('/results');

    const table = within(await screen.findByRole('region', { name: 'Settled predictions' }));
    const [, first] = table.getAllByRole('row');
    expect(first).toHaveTextContent('1.90');
    expect(within(first!).getByTestId('odds-corrected')).toHaveTextContent(/corrected 1\.90 to 1\.85 by staff ADMIN1, .*figures use the price taken/);
  });

  it("shows the last 30 days' figures over published and back-tested picks in two labelled columns", async () => {
    mockApi({ 'GET /api/results': page([row(1)]) });
    await renderApp('/results');

    const table = await screen.findByRole('table', { name: 'Last 30 days by basis' });
    expect(within(table).getByRole('row', { name: 'Published before kickoff Back-tested (reconstructed)' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Settled picks 8 64' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Profit ($20 stake) +$13.40 +$107.50' })).toBeInTheDocument();
    expect(screen.getByText(/picks as a whole lose about the margin/)).toBeInTheDocument();
  });

  it('heads the summary with the league and dates the list is filtered to (the server sends their figures)', async () => {
    mockApi({ 'GET /api/results': page([row(1)], { from: '2026-03-01', to: '2026-03-10' }) });
    await renderApp('/results?league=L2&from=2026-03-01&to=2026-03-10');

    expect(await screen.findByRole('table', { name: '1 March 2026 to 10 March 2026, League Two by basis' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1 March 2026 to 10 March 2026, League Two' })).toBeInTheDocument();
  });

  it('asks the server for the league, dates and page chosen', async () => {
    const api = mockApi({ 'GET /api/results': page([row(1)], { total: 60 }) });
    const { user } = await renderApp('/results?from=2026-03-01');

    await screen.findByText('Page 1 of 3 (60 settled)');
    await user.selectOptions(screen.getByRole('combobox', { name: 'League' }), 'L2');
    await user.click(screen.getByRole('button', { name: 'Older' }));

    const searches = api.calls.filter((c) => c.path === '/api/results').map((c) => new URLSearchParams(c.search));
    expect(searches[0]?.get('from')).toBe('2026-03-01');
    expect(searches.at(-1)?.get('league')).toBe('L2');
    expect(searches.at(-1)?.get('page')).toBe('2');
    expect(searches.at(-1)?.get('from')).toBe('2026-03-01');
  });

  it('says when the period has no settled prediction', async () => {
    mockApi({ 'GET /api/results': page([]) });
    await renderApp('/results');
    expect(await screen.findByText('No settled predictions in this period yet.')).toBeInTheDocument();
  });
});
