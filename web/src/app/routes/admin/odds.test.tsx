import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { JobStatus } from '@app/contracts/admin';
import { makeUser, makeWinningPrediction } from '@/testing/data-generators';
import { apiError, mockApi, type ApiCall, type ApiRoutes } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const admin = makeUser({ role: 'admin', email: 'admin@example.com' });

function asAdmin(routes: ApiRoutes) {
  return mockApi({ 'GET /api/auth/me': { user: admin }, ...routes });
}

const rowOf = (match: string) => screen.getByRole('rowheader', { name: match }).closest('tr')!;

describe('/admin/odds', () => {
  it('lists winning predictions with their row states: Upcoming, Awaiting Odds, Finished', async () => {
    asAdmin({
      'GET /api/admin/winning-predictions': [
        makeWinningPrediction({
          homeTeam: 'Ashford',
          awayTeam: 'Brookvale',
          hasResult: false,
          actualResult: 'Match not finished',
          winningOdds: null,
          predictionType: 'over_25',
          ourPrediction: 'Over 2.5',
        }),
        makeWinningPrediction({ homeTeam: 'Carlton', awayTeam: 'Dunmore', winningOdds: null }),
        makeWinningPrediction({ homeTeam: 'Eastwick', awayTeam: 'Fairport', winningOdds: 2.5 }),
      ],
    });
    await renderApp('/admin/odds');
    await screen.findByRole('table');

    const upcoming = within(rowOf('Ashford vs Brookvale'));
    expect(upcoming.getByText('Upcoming')).toBeInTheDocument();
    expect(upcoming.getByText('Match not finished')).toBeInTheDocument();
    expect(upcoming.getByText('over_25')).toBeInTheDocument();
    expect(upcoming.getByText('Over 2.5')).toBeInTheDocument();
    expect(upcoming.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(upcoming.getByText('Not played yet')).toBeInTheDocument();

    const awaiting = within(rowOf('Carlton vs Dunmore'));
    expect(awaiting.getByText('Awaiting Odds')).toBeInTheDocument();
    expect(awaiting.getByRole('spinbutton', { name: 'Winning odds for Carlton vs Dunmore' })).toHaveAttribute('min', '1.01');

    const finished = within(rowOf('Eastwick vs Fairport'));
    expect(finished.getByText('Finished')).toBeInTheDocument();
    expect(finished.getByText('2.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Performance Tracking' })).toHaveAttribute('href', '/admin/tracking');
  });

  it("rejects odds of 1 or less with 'Invalid Odds', then saves valid odds: 'Odds updated successfully'", async () => {
    const pick = makeWinningPrediction({ id: 'pick-42', homeTeam: 'Eastwick', awayTeam: 'Fairport', winningOdds: 2.5 });
    let odds = 2.5;
    const api = asAdmin({
      'GET /api/admin/winning-predictions': () => [{ ...pick, winningOdds: odds }],
      'POST /api/admin/update-odds': (call: ApiCall) => {
        odds = (call.body as { odds: number }).odds;
        return { ok: true };
      },
    });
    const { user } = await renderApp('/admin/odds');

    await user.click(await screen.findByRole('button', { name: 'Edit odds for Eastwick vs Fairport' }));
    const input = screen.getByRole('spinbutton', { name: 'Winning odds for Eastwick vs Fairport' });
    await user.clear(input);
    await user.type(input, '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Invalid Odds')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid odds value (greater than 1.00)')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/update-odds')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '3.25');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Odds updated successfully')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/update-odds')[0]?.body).toEqual({ predictionId: 'pick-42', odds: 3.25 });
    expect(await within(rowOf('Eastwick vs Fairport')).findByText('3.25')).toBeInTheDocument();
  });

  it('cancels an edit with Escape, keeping the saved odds and returning the focus to Edit', async () => {
    const api = asAdmin({ 'GET /api/admin/winning-predictions': [makeWinningPrediction({ homeTeam: 'Eastwick', awayTeam: 'Fairport', winningOdds: 2.5 })] });
    const { user } = await renderApp('/admin/odds');

    await user.click(await screen.findByRole('button', { name: 'Edit odds for Eastwick vs Fairport' }));
    const input = screen.getByRole('spinbutton', { name: 'Winning odds for Eastwick vs Fairport' });
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.type(input, '9.99{Escape}');

    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(within(rowOf('Eastwick vs Fairport')).getByText('2.50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit odds for Eastwick vs Fairport' })).toHaveFocus();
    expect(api.callsTo('POST', '/api/admin/update-odds')).toHaveLength(0);
  });

  it('refuses odds with more than two decimals (they would be shown rounded)', async () => {
    const api = asAdmin({ 'GET /api/admin/winning-predictions': [makeWinningPrediction({ homeTeam: 'Carlton', awayTeam: 'Dunmore', winningOdds: null })] });
    const { user } = await renderApp('/admin/odds');

    await user.type(await screen.findByRole('spinbutton', { name: 'Winning odds for Carlton vs Dunmore' }), '1.234');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Invalid Odds')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/update-odds')).toHaveLength(0);
  });

  it('filters by status, league and match day, and shows 20 rows a page', async () => {
    const day = (offset: number) => {
      const date = new Date(2026, 10, 10 + offset, 15, 0);
      return date.toISOString();
    };
    const rows = [
      ...Array.from({ length: 25 }, (_, i) =>
        makeWinningPrediction({ homeTeam: `North ${i}`, awayTeam: 'X', league: 'Northern League', matchTime: day(0), winningOdds: 2 }),
      ),
      makeWinningPrediction({ homeTeam: 'South 1', awayTeam: 'Y', league: 'Southern League', matchTime: day(1), winningOdds: null }),
      makeWinningPrediction({
        homeTeam: 'South 2',
        awayTeam: 'Z',
        league: 'Southern League',
        matchTime: day(2),
        hasResult: false,
        actualResult: 'Match not finished',
      }),
    ];
    asAdmin({ 'GET /api/admin/winning-predictions': rows });
    const { user } = await renderApp('/admin/odds');
    await screen.findByRole('table');
    const bodyRows = () =>
      within(screen.getByRole('table'))
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);

    expect(bodyRows()).toHaveLength(20);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(bodyRows()).toHaveLength(7);
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'Awaiting Odds');
    expect(bodyRows()).toEqual(['South 1 vs Y']);
    expect(screen.queryByText(/Page \d of/)).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'all');
    await user.selectOptions(screen.getByLabelText('League'), 'Southern League');
    expect(bodyRows()).toEqual(['South 1 vs Y', 'South 2 vs Z']);

    await user.type(screen.getByLabelText('Match day'), '2026-11-12');
    expect(bodyRows()).toEqual(['South 2 vs Z']);
    expect(screen.getByText('1 of 27 predictions')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(bodyRows()).toHaveLength(20);
  });

  it("says 'Failed to update odds' with the server's message", async () => {
    asAdmin({
      'GET /api/admin/winning-predictions': [makeWinningPrediction({ homeTeam: 'Carlton', awayTeam: 'Dunmore', winningOdds: null })],
      'POST /api/admin/update-odds': apiError(409, 'This prediction did not win'),
    });
    const { user } = await renderApp('/admin/odds');

    await user.type(await screen.findByRole('spinbutton', { name: 'Winning odds for Carlton vs Dunmore' }), '2.2');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Failed to update odds')).toBeInTheDocument();
    expect(screen.getByText('This prediction did not win')).toBeInTheDocument();
  });

  it("says 'No winning predictions to enter odds for yet' when there are none", async () => {
    asAdmin({ 'GET /api/admin/winning-predictions': [] });
    await renderApp('/admin/odds');

    expect(await screen.findByText('No winning predictions to enter odds for yet')).toBeInTheDocument();
  });

  it('starts prediction generation and shows the job live until it finishes, then reloads the data', async () => {
    const states: JobStatus[] = [
      { id: 'J1', type: 'generate', status: 'running', total: 30, done: 12, failed: 1, startedAt: '2026-11-22T06:00:00.000Z', finishedAt: null, error: null },
      {
        id: 'J1',
        type: 'generate',
        status: 'done',
        total: 30,
        done: 29,
        failed: 1,
        startedAt: '2026-11-22T06:00:00.000Z',
        finishedAt: '2026-11-22T06:00:40.000Z',
        error: null,
      },
    ];
    let polls = 0;
    const api = asAdmin({
      'GET /api/admin/winning-predictions': [],
      'POST /api/admin/generate-daily-predictions': Response.json({ jobId: 'J1' }, { status: 202 }),
      'GET /api/admin/jobs/J1': () => states[Math.min(polls++, states.length - 1)],
    });
    const { user } = await renderApp('/admin/odds');
    await screen.findByText('No winning predictions to enter odds for yet');

    await user.click(screen.getByRole('button', { name: 'Generate Predictions' }));

    expect(await screen.findByText('Prediction generation started')).toBeInTheDocument();
    expect(screen.getByText('Follow its progress below.')).toBeInTheDocument();
    expect(await screen.findByText('12 of 30 done, 1 failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Predictions...' })).toBeDisabled();
    expect(await screen.findByText('Finished')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Generate Predictions progress' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('button', { name: 'Generate Predictions' })).toBeEnabled();
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/winning-predictions').length).toBeGreaterThan(1));
  });

  it('shows a run that ended failed with its reason (a dead-lettered task), never as running', async () => {
    asAdmin({
      'GET /api/admin/winning-predictions': [],
      'POST /api/admin/fetch-match-results': Response.json({ jobId: 'J2' }, { status: 202 }),
      'GET /api/admin/jobs/J2': {
        id: 'J2',
        type: 'results',
        status: 'failed',
        total: 3,
        done: 2,
        failed: 1,
        startedAt: '2026-11-22T06:30:00.000Z',
        finishedAt: '2026-11-22T07:31:00.000Z',
        error: 'Task SP1 dead-lettered: maxReceiveCount (5) exceeded',
      } satisfies JobStatus,
    });
    const { user } = await renderApp('/admin/odds');

    await user.click(await screen.findByRole('button', { name: 'Fetch Results' }));

    expect(await screen.findByText('Task SP1 dead-lettered: maxReceiveCount (5) exceeded')).toBeInTheDocument();
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(screen.queryByText('Running')).not.toBeInTheDocument();
  });

  it('marks the tracked bets read before a results run as stale when it ends: they are read again, settled, on the way back to My bets', async () => {
    asAdmin({
      'GET /api/admin/winning-predictions': [],
      'POST /api/admin/fetch-match-results': Response.json({ jobId: 'J3' }, { status: 202 }),
      'GET /api/admin/jobs/J3': {
        id: 'J3',
        type: 'results',
        status: 'done',
        total: 3,
        done: 3,
        failed: 0,
        startedAt: '2026-11-22T06:30:00.000Z',
        finishedAt: '2026-11-22T06:31:00.000Z',
        error: null,
      } satisfies JobStatus,
    });
    const { user, queryClient } = await renderApp('/admin/odds');
    queryClient.setQueryData(['/api/my-bets', {}], { bets: [] });
    expect(queryClient.getQueryState(['/api/my-bets', {}])?.isInvalidated).toBe(false);

    await user.click(await screen.findByRole('button', { name: 'Fetch Results' }));

    expect(await screen.findByText('Finished')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryState(['/api/my-bets', {}])?.isInvalidated).toBe(true));
  });

  it.each([
    ['Update Metrics', 'POST /api/admin/update-performance-metrics', 'Failed to update performance metrics'],
    ['Fetch Results', 'POST /api/admin/fetch-match-results', 'Failed to fetch match results'],
    ['Generate Predictions', 'POST /api/admin/generate-daily-predictions', 'Failed to start prediction generation'],
  ])("'%s' failing says '%s'", async (label, route, message) => {
    asAdmin({ 'GET /api/admin/winning-predictions': [], [route]: apiError(409, 'A job of this type is already running') });
    const { user } = await renderApp('/admin/odds');

    await user.click(await screen.findByRole('button', { name: label }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('A job of this type is already running')).toBeInTheDocument();
  });
});
