import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makeTrackingRow, makeUser } from '@/testing/data-generators';
import { apiError, mockApi, type ApiCall } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const admin = makeUser({ role: 'admin' });

describe('/admin/tracking', () => {
  it("shows the period's published and back-tested figures in two labelled columns, as the server computes them, and refetches them with the period", async () => {
    const metrics = (totalPredictions: number, winAccuracy: number, totalProfit: number) => ({
      winAccuracy,
      totalPredictions,
      totalProfit,
      payoutPercentage: 12.5,
      bestWinningOdds: 2.4,
      date: '2026-03-05',
    });
    const api = mockApi({
      'GET /api/auth/me': { user: admin },
      'GET /api/tracking/predictions': [makeTrackingRow(), makeTrackingRow({ basis: 'backtest' })],
      'GET /api/tracking/summary': {
        days: 7,
        to: '2026-03-05T12:00:00.000Z',
        published: metrics(12, 66.7, 30),
        backtest: metrics(40, 62.5, 100),
        pending: { published: 3, backtest: 0 },
      },
    });
    const { user } = await renderApp('/admin/tracking');

    expect(await screen.findByText('Monitor high-confidence predictions (≥60%) and track accuracy')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Performance by basis' });
    expect(within(table).getByRole('row', { name: 'Published before kickoff Back-tested (reconstructed)' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Settled picks 12 40' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Win accuracy 66.7% 62.5%' })).toBeInTheDocument();
    expect(screen.getByText(/Still open: 3 published, 0 back-tested/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Last 30 Days' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/tracking/summary').map((c) => c.search)).toEqual(['?days=7', '?days=30']));
  });

  it("shows the spec's four stat cards counted from the rows received: Total Predictions, Win Rate (one decimal, coloured by threshold), Correct, Incorrect", async () => {
    const api = mockApi({
      'GET /api/auth/me': { user: admin },
      'GET /api/tracking/predictions': ({ search }: ApiCall) =>
        search === '?days=7'
          ? [
              makeTrackingRow({ isCorrect: true }),
              makeTrackingRow({ isCorrect: true }),
              makeTrackingRow({ isCorrect: false, basis: 'backtest' }),
              makeTrackingRow({ hasResult: false, isCorrect: null, actualResult: 'Match not finished' }),
            ]
          : search === '?days=1'
            ? [
                makeTrackingRow({ isCorrect: true }),
                makeTrackingRow({ isCorrect: true }),
                makeTrackingRow({ isCorrect: true }),
                makeTrackingRow({ isCorrect: false }),
              ]
            : [makeTrackingRow({ hasResult: false, isCorrect: null, actualResult: 'Match not finished' })],
    });
    const { user } = await renderApp('/admin/tracking');
    const card = (name: string) => within(screen.getByRole('region', { name }));

    await waitFor(() => expect(card('Total Predictions').getByText('4')).toBeInTheDocument());
    expect(card('Total Predictions').getByText('High confidence (≥60%)')).toBeInTheDocument();
    // 2 correct of 3 completed: 66.7, yellow (50 % or more, under 70 %).
    expect(card('Win Rate').getByText('66.7%')).toHaveClass('text-warning');
    expect(card('Win Rate').getByText('From 3 completed')).toBeInTheDocument();
    expect(card('Correct').getByText('2')).toBeInTheDocument();
    expect(card('Correct').getByText('Winning predictions')).toBeInTheDocument();
    expect(card('Incorrect').getByText('1')).toBeInTheDocument();
    expect(card('Incorrect').getByText('Losing predictions')).toBeInTheDocument();

    // 3 of 4: 75.0, green (70 % or more).
    await user.click(screen.getByRole('button', { name: 'Yesterday' }));
    await waitFor(() => expect(card('Win Rate').getByText('75.0%')).toHaveClass('text-success'));
    expect(card('Win Rate').getByText('From 4 completed')).toBeInTheDocument();

    // Nothing completed: 0.0, red (under 50 %).
    await user.click(screen.getByRole('button', { name: 'Last 30 Days' }));
    await waitFor(() => expect(card('Win Rate').getByText('0.0%')).toHaveClass('text-destructive'));
    expect(card('Win Rate').getByText('From 0 completed')).toBeInTheDocument();
    expect(card('Total Predictions').getByText('1')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/tracking/predictions').map((c) => c.search)).toEqual(['?days=7', '?days=1', '?days=30']);
  });

  it('defaults to the last 7 days and refetches when the period changes', async () => {
    const api = mockApi({ 'GET /api/auth/me': { user: admin }, 'GET /api/tracking/predictions': [makeTrackingRow()] });
    const { user } = await renderApp('/admin/tracking');
    await screen.findByRole('table');

    expect(screen.getByRole('button', { name: 'Last 7 Days' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Yesterday' }));
    expect(screen.getByRole('button', { name: 'Yesterday' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Last 30 Days' }));

    await waitFor(() => expect(api.callsTo('GET', '/api/tracking/predictions')).toHaveLength(3));
    expect(api.callsTo('GET', '/api/tracking/predictions').map((call) => call.search)).toEqual(['?days=7', '?days=1', '?days=30']);
  });

  it('shows the columns, the date as month, day and 24-hour time, and Win / Loss / Pending badges', async () => {
    const matchTime = new Date(2026, 2, 5, 19, 45).toISOString();
    mockApi({
      'GET /api/auth/me': { user: admin },
      'GET /api/tracking/predictions': [
        makeTrackingRow({
          homeTeam: 'Ashford',
          awayTeam: 'Brookvale',
          league: 'Northern League',
          matchTime,
          ourPrediction: 'Over 2.5',
          confidence: 63.25,
          actualResult: '3-1 (Home Win)',
          isCorrect: true,
        }),
        makeTrackingRow({ homeTeam: 'Carlton', awayTeam: 'Dunmore', isCorrect: false, basis: 'backtest' }),
        makeTrackingRow({ homeTeam: 'Eastwick', awayTeam: 'Fairport', hasResult: false, isCorrect: null, actualResult: 'Match not finished' }),
      ],
    });
    await renderApp('/admin/tracking');
    const table = await screen.findByRole('table');

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Match', 'League', 'Date', 'Our Prediction', 'Confidence', 'Result', 'Status', 'Basis']);
    const first = within(screen.getByRole('rowheader', { name: 'Ashford vs Brookvale' }).closest('tr')!);
    expect(first.getByText('Thu 5 Mar, 19:45')).toBeInTheDocument();
    expect(first.getByText('Over 2.5')).toBeInTheDocument();
    expect(first.getByText('63.3%')).toBeInTheDocument();
    expect(first.getByText('3-1 (Home Win)')).toBeInTheDocument();
    expect(first.getByText('Win')).toBeInTheDocument();
    expect(within(screen.getByRole('rowheader', { name: 'Carlton vs Dunmore' }).closest('tr')!).getByText('Loss')).toBeInTheDocument();
    expect(within(screen.getByRole('rowheader', { name: 'Carlton vs Dunmore' }).closest('tr')!).getByText('Back-tested')).toBeInTheDocument();
    expect(first.getByText('Published')).toBeInTheDocument();
    expect(within(screen.getByRole('rowheader', { name: 'Eastwick vs Fairport' }).closest('tr')!).getByText('Pending')).toBeInTheDocument();
  });

  it("shows 'Loading predictions...' and then the empty texts", async () => {
    let answer: (rows: Response) => void = () => {};
    mockApi({ 'GET /api/auth/me': { user: admin }, 'GET /api/tracking/predictions': () => new Promise<Response>((resolve) => (answer = resolve)) });
    await renderApp('/admin/tracking');

    expect(await screen.findByText('Loading predictions...')).toBeInTheDocument();
    answer(Response.json([]));
    expect(await screen.findByText('No high-confidence predictions found in this time period')).toBeInTheDocument();
    expect(screen.getByText('Predictions with ≥60% confidence will appear here')).toBeInTheDocument();
  });

  it("says 'Failed to fetch tracking predictions' when the request fails", async () => {
    mockApi({ 'GET /api/auth/me': { user: admin }, 'GET /api/tracking/predictions': apiError(500) });
    await renderApp('/admin/tracking');

    await waitFor(async () => expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toContain('Failed to fetch tracking predictions'));
  });
});
