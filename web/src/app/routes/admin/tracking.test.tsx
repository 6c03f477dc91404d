import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { TrackingRow } from '@app/contracts/tracking';
import { makeTrackingRow, makeUser } from '@/testing/data-generators';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const admin = makeUser({ role: 'admin' });
const stat = (name: string) => screen.getByTestId(`stat-${name}`);

describe('/admin/tracking', () => {
  it('shows the four stat cards, computed on the client (win rate = correct / completed)', async () => {
    mockApi({
      'GET /api/auth/me': { user: admin },
      'GET /api/tracking/predictions': [
        makeTrackingRow({ isCorrect: true }),
        makeTrackingRow({ isCorrect: true }),
        makeTrackingRow({ isCorrect: false, actualResult: '0-1 (Away Win)' }),
        makeTrackingRow({ hasResult: false, isCorrect: null, actualResult: 'Match not finished' }),
      ],
    });
    await renderApp('/admin/tracking');

    expect(screen.getByText('Monitor high-confidence predictions (≥60%) and track accuracy')).toBeInTheDocument();
    await screen.findByRole('table');
    expect(stat('total-predictions')).toHaveTextContent('4');
    expect(screen.getByText('High confidence (≥60%)')).toBeInTheDocument();
    expect(stat('win-rate')).toHaveTextContent('66.7%');
    expect(stat('win-rate')).toHaveClass('text-warning');
    expect(screen.getByText('From 3 completed')).toBeInTheDocument();
    expect(stat('correct')).toHaveTextContent('2');
    expect(screen.getByText('Winning predictions')).toBeInTheDocument();
    expect(stat('incorrect')).toHaveTextContent('1');
    expect(screen.getByText('Losing predictions')).toBeInTheDocument();
  });

  it('colours the win rate green at 70% or more and red below 50%, and shows 0.0% with nothing completed', async () => {
    let rows: TrackingRow[] = [makeTrackingRow({ isCorrect: true }), makeTrackingRow({ isCorrect: true }), makeTrackingRow({ isCorrect: true }), makeTrackingRow({ isCorrect: false })];
    mockApi({ 'GET /api/auth/me': { user: admin }, 'GET /api/tracking/predictions': () => rows });
    const { user } = await renderApp('/admin/tracking');
    await screen.findByRole('table');
    expect(stat('win-rate')).toHaveTextContent('75.0%');
    expect(stat('win-rate')).toHaveClass('text-success');

    rows = [makeTrackingRow({ isCorrect: false }), makeTrackingRow({ isCorrect: true }), makeTrackingRow({ isCorrect: false })];
    await user.click(screen.getByRole('button', { name: 'Last 30 Days' }));
    expect(await screen.findByText('From 3 completed')).toBeInTheDocument();
    expect(stat('win-rate')).toHaveTextContent('33.3%');
    expect(stat('win-rate')).toHaveClass('text-destructive');

    rows = [makeTrackingRow({ hasResult: false, isCorrect: null })];
    await user.click(screen.getByRole('button', { name: 'Yesterday' }));
    expect(await screen.findByText('From 0 completed')).toBeInTheDocument();
    expect(stat('win-rate')).toHaveTextContent('0.0%');
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
        makeTrackingRow({ homeTeam: 'Ashford', awayTeam: 'Brookvale', league: 'Northern League', matchTime, ourPrediction: 'Over 2.5', confidence: 63.25, actualResult: '3-1 (Home Win)', isCorrect: true }),
        makeTrackingRow({ homeTeam: 'Carlton', awayTeam: 'Dunmore', isCorrect: false }),
        makeTrackingRow({ homeTeam: 'Eastwick', awayTeam: 'Fairport', hasResult: false, isCorrect: null, actualResult: 'Match not finished' }),
      ],
    });
    await renderApp('/admin/tracking');
    const table = await screen.findByRole('table');

    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Match', 'League', 'Date', 'Our Prediction', 'Confidence', 'Result', 'Status']);
    const first = within(screen.getByRole('rowheader', { name: 'Ashford vs Brookvale' }).closest('tr')!);
    expect(first.getByText('Mar 5, 19:45')).toBeInTheDocument();
    expect(first.getByText('Over 2.5')).toBeInTheDocument();
    expect(first.getByText('63.3%')).toBeInTheDocument();
    expect(first.getByText('3-1 (Home Win)')).toBeInTheDocument();
    expect(first.getByText('Win')).toBeInTheDocument();
    expect(within(screen.getByRole('rowheader', { name: 'Carlton vs Dunmore' }).closest('tr')!).getByText('Loss')).toBeInTheDocument();
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

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch tracking predictions');
  });
});
