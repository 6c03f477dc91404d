import type { ResultRow, ResultsPage } from '@app/contracts/results';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

function row(n: number, overrides: Partial<ResultRow> = {}): ResultRow {
  return {
    fixtureId: `f${n}`, leagueId: 'L1', league: 'League One', homeTeam: `Home ${n}`, awayTeam: `Away ${n}`, matchTime: '2026-03-04T15:00:00.000Z', origin: 'published',
    probabilities: { home: 61.2, draw: 20, away: 18.8, over25: 55 }, score: { home: 2, away: 0 }, actualResult: '2-0 (Home Win)',
    picks: [{ market: '1x2', label: 'Home Win', confidence: 61.2, odds: 1.9, won: true }], ...overrides,
  };
}

function page(items: ResultRow[], overrides: Partial<ResultsPage> = {}): ResultsPage {
  return { items, page: 1, pageSize: 25, total: items.length, from: '2026-02-04', to: '2026-03-05', leagues: [{ id: 'L1', name: 'League One' }, { id: 'L2', name: 'League Two' }], ...overrides };
}

describe('/results', () => {
  it('shows each settled prediction with its published probabilities, pick, odds, score and outcome, and marks back-tested rows', async () => {
    mockApi({ 'GET /api/results': page([row(1), row(2, { origin: 'backfilled', picks: [{ market: '1x2', label: 'Away Win', confidence: 64, odds: null, won: false }] })]) });
    await renderApp('/results');

    const table = within(await screen.findByRole('region', { name: 'Settled predictions' }));
    const [, first, second] = table.getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Home 1 vs Away 1' })).toHaveAttribute('href', '/predictions/f1');
    expect(first).toHaveTextContent('61.2% / 20.0% / 18.8%');
    expect(first).toHaveTextContent('Home Win (61.2%)');
    expect(first).toHaveTextContent('1.90');
    expect(within(first!).getByText('Won')).toBeInTheDocument();
    expect(second).toHaveTextContent('League One · back-tested');
    expect(within(second!).getByText('Lost')).toBeInTheDocument();
    expect(second).toHaveTextContent('N/A');
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
