import type { MyBets, TrackedBet } from '@app/contracts/my-bets';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makePrediction, makeUser } from '@/testing/data-generators';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const bet = (overrides: Partial<TrackedBet> = {}): TrackedBet => ({
  id: 'mf3k2a1b0-abcdefgh',
  fixtureId: 'fx-1',
  leagueId: 'L1',
  league: 'League One',
  homeTeam: 'Alpha',
  awayTeam: 'Bravo',
  kickoff: '2026-12-05T15:00:00.000Z',
  market: '1x2',
  selection: 'home',
  line: null,
  price: 2.05,
  bookmaker: 'Velox',
  stake: 20,
  placedAt: '2026-12-05T10:00:00.000Z',
  createdAt: '2026-12-05T10:00:00.000Z',
  flag: { price: 2.1, bookmaker: 'Northbet' },
  closing: { fairPrice: 1.9, fairProbability: 0.5263, source: 'pinnacle', capturedAt: '2026-12-05T14:59:00.000Z' },
  clv: 0.0789,
  result: 'won',
  score: { home: 1, away: 0 },
  profit: 21,
  settledAt: '2026-12-05T17:00:00.000Z',
  ...overrides,
});

const page = (overrides: Partial<MyBets> = {}): MyBets => ({
  bets: [
    bet(),
    bet({
      id: 'mf3k2a1b1-ijklmnop',
      fixtureId: 'fx-2',
      homeTeam: 'Charlie',
      awayTeam: 'Delta',
      market: 'ah',
      selection: 'away',
      line: -0.25,
      price: 1.93,
      flag: null,
      closing: null,
      clv: null,
      result: null,
      score: null,
      profit: null,
      settledAt: null,
    }),
  ],
  totals: {
    bets: 2,
    open: 1,
    settled: 1,
    staked: 40,
    settledStaked: 20,
    profit: 21,
    profitCi95: null,
    roi: 105,
    roiCi95: null,
    meanClv: 7.9,
    meanClvCi95: null,
    clvBets: 1,
    minBetsToJudge: 100,
    tooFewToJudge: true,
    firstPlacedAt: '2026-12-05T10:00:00.000Z',
    lastPlacedAt: '2026-12-05T10:00:00.000Z',
  },
  curve: [{ at: '2026-12-05T17:00:00.000Z', profit: 21, expected: 1.58 }],
  options: { leagues: [{ id: 'L1', name: 'League One' }], books: ['Velox'], months: ['2026-12'] },
  canAdd: true,
  ...overrides,
});

describe('/my-bets', () => {
  it('shows open and settled bets against the flag and the close, the money staked plainly, and totals that say when they are too few', async () => {
    mockApi({
      'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium' }) },
      'GET /api/my-bets': page(),
      'GET /api/predictions': [makePrediction({ id: 'fx-9', homeTeam: 'Echo', awayTeam: 'Foxtrot' })],
    });
    await renderApp('/my-bets');
    const settled = await screen.findByRole('table', { name: 'Settled bets' });
    expect(within(settled).getByText('you took 2.05 of the flagged 2.10')).toBeInTheDocument();
    expect(within(settled).getByText('+7.9%')).toBeInTheDocument();
    expect(within(settled).getByText('+21.00')).toBeInTheDocument();
    const open = screen.getByRole('table', { name: 'Open bets' });
    expect(within(open).getByText('Away +0.25 (AH)')).toBeInTheDocument();
    expect(within(open).getByText('no closing price')).toBeInTheDocument();
    expect(screen.getByTestId('my-bets-money')).toHaveTextContent(/2 bets, 40\.00 staked in total, from .* to .*\. 1 open, 1 settled\./);
    const totals = screen.getByRole('table', { name: 'Totals' });
    expect(within(totals).getByText('+105.0% · too few bets to judge (under 100 settled bets)')).toBeInTheDocument();
    expect(within(totals).getByText('+7.9% · too few bets to judge (under 100 bets with a closing price)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/my-bets.csv');
    expect(within(await screen.findByRole('form', { name: 'Add a bet by hand' })).getByText('Match: Echo v Foxtrot')).toBeInTheDocument();
  });

  it('filters by league, market, book and month through the query, and deletes a bet', async () => {
    const api = mockApi({
      'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium' }) },
      'GET /api/my-bets': page(),
      'GET /api/predictions': [],
      'DELETE /api/my-bets/mf3k2a1b0-abcdefgh': { ok: true },
    });
    const { user } = await renderApp('/my-bets');
    const filters = await screen.findByRole('group', { name: 'Filters' });
    await user.selectOptions(within(filters).getByLabelText('Market'), 'ah');
    await user.selectOptions(within(filters).getByLabelText('Book'), 'Velox');
    await user.selectOptions(within(filters).getByLabelText('Month'), '2026-12');
    await waitFor(() => expect(api.callsTo('GET', '/api/my-bets').at(-1)!.search).toBe('?market=ah&book=Velox&month=2026-12'));
    await user.click(screen.getByRole('button', { name: 'Delete Alpha v Bravo Home' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/my-bets/mf3k2a1b0-abcdefgh')).toHaveLength(1));
  });

  it('a lapsed subscriber keeps reading their bets but is not offered to add one', async () => {
    mockApi({
      'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'free' }) },
      'GET /api/my-bets': page({ canAdd: false }),
      'GET /api/predictions': [],
    });
    await renderApp('/my-bets');
    expect(await screen.findByText(/Adding bets is part of Premium; the bets you tracked stay here/)).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Settled bets' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a bet by hand' })).not.toBeInTheDocument();
  });
});
