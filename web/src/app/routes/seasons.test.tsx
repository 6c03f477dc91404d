import type { AlertsView } from '@app/contracts/alerts';
import type { Simulation, TeamPage } from '@app/contracts/seasons';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { STAKE_PLAN_LABELS } from '@/features/alerts/components/alert-settings';
import { locked, makePrediction, makeUser } from '@/testing/data-generators';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const row = (team: string, slug: string, title: number, position: number[]) => ({
  team,
  slug,
  points: { mean: 61.4, p10: 52, p90: 70 },
  position,
  title,
  top4: 90,
  relegation: 0,
});
const simulation: Simulation = {
  leagueId: 'NSP',
  season: '2026-27',
  simulations: 10000,
  generatedAt: '2026-11-22T06:30:00.000Z',
  teams: [row('Kestrel Bay', 'kestrel-bay', 62.5, [62.5, 37.5]), row('Hollowmoor', 'hollowmoor', 37.5, [37.5, 62.5])],
};

describe('/leagues/:leagueId', () => {
  it('shows the simulated table with points, title, top four and relegation, each club linking to its page, and the positions', async () => {
    mockApi({
      'GET /api/simulations/NSP': simulation,
      'GET /api/simulations/NSP/history': {
        leagueId: 'NSP',
        league: 'Northshire Premier',
        season: '2026-27',
        days: [{ date: '2026-11-22', teams: [{ slug: 'kestrel-bay', title: 62.5, top4: 90, relegation: 0 }] }],
      },
    });
    await renderApp('/leagues/NSP');
    const table = within(await screen.findByRole('table', { name: 'Season simulation' }));
    expect(table.getByRole('row', { name: /Kestrel Bay 61.4 \(52-70\) 62.5% 90.0% 0.0%/ })).toBeInTheDocument();
    expect(table.getByRole('link', { name: 'Kestrel Bay' })).toHaveAttribute('href', '/teams/kestrel-bay');
    expect(
      within(screen.getByRole('table', { name: 'Finishing positions, percent of simulations' })).getByRole('row', { name: 'Hollowmoor 37.5 62.5' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^10,000 simulations of the rest of the 2026-27 season;/)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Northshire Premier: season 2026-27 simulated' })).toBeInTheDocument();
  });

  it('says so when a league has no simulation yet', async () => {
    mockApi({ 'GET /api/simulations/NSP': apiError(404, 'No season simulation'), 'GET /api/simulations/NSP/history': apiError(404) });
    await renderApp('/leagues/NSP');
    expect(await screen.findByRole('heading', { level: 1, name: 'No season simulation yet' })).toBeInTheDocument();
  });
});

describe('/teams/:slug', () => {
  it('shows the season row, the rating, the last results with our forecasts and the next fixtures locked for a visitor', async () => {
    const next = locked(makePrediction({ homeTeam: 'Kestrel Bay', awayTeam: 'Hollowmoor' }));
    const page: TeamPage = {
      slug: 'kestrel-bay',
      team: 'Kestrel Bay',
      leagueId: 'NSP',
      league: 'Northshire Premier',
      ratingHistory: [
        { date: '2026-11-15', rating: 1540 },
        { date: '2026-11-21', rating: 1552.4 },
      ],
      results: [
        {
          date: '2026-11-21',
          opponent: 'Hollowmoor',
          venue: 'H',
          goalsFor: 2,
          goalsAgainst: 0,
          outcome: 'W',
          fixtureId: 'f9',
          forecast: { home: 51.2, draw: 26.1, away: 22.7, origin: 'backfilled' },
        },
      ],
      fixtures: [next],
      simulation: { ...simulation.teams[0]!, season: '2026-27', simulations: 10000, generatedAt: simulation.generatedAt },
    };
    mockApi({ 'GET /api/teams/kestrel-bay': page });
    await renderApp('/teams/kestrel-bay');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kestrel Bay' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Northshire Premier' })).toHaveAttribute('href', '/leagues/NSP');
    expect(within(screen.getByRole('region', { name: 'Season simulation' })).getByText('62.5%')).toBeInTheDocument();
    expect(screen.getByText('1552')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: /Last ten results/ })).getByRole('row', {
        name: /Sat 21 Nov 2026 vs Hollowmoor Won 2-0 51.2% \/ 26.1% \/ 22.7% \(back-tested\)/,
      }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Next fixtures' })).getByRole('link', { name: 'Unlock Predictions' })).toBeInTheDocument();
  });
});

describe('value-bet alerts', () => {
  const view: AlertsView = {
    settings: { frequency: 'off', leagues: [], minEdge: 5, bookmakers: [], markets: ['1x2', 'ou25'], maxPerDay: 5 },
    options: { leagues: [{ id: 'NSP', name: 'Northshire Premier' }], bookmakers: ['Velox'] },
  };

  it('lets a subscriber choose leagues, edge, bookmakers, markets, alerts as they appear and a daily limit, and saves them', async () => {
    const api = mockApi({
      'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium' }) },
      'GET /api/alerts': view,
      'PUT /api/alerts': (call: { body: unknown }) => ({ ...view, settings: call.body }),
    });
    await renderApp('/account');
    const card = within((await screen.findByRole('heading', { name: 'Value-bet alerts' })).closest('div')!);
    await userEvent.selectOptions(card.getByLabelText('Email'), 'As they appear');
    const perDay = card.getByLabelText('At most this many alert emails a day');
    await userEvent.clear(perDay);
    await userEvent.type(perDay, '3');
    await userEvent.click(card.getByRole('checkbox', { name: 'Northshire Premier' }));
    await userEvent.click(card.getByRole('checkbox', { name: 'Velox' }));
    // the bankroll and the plan the value flags' suggested stakes follow
    await userEvent.type(card.getByLabelText(/^Bankroll/), '2500');
    await userEvent.selectOptions(card.getByLabelText('Stake plan'), STAKE_PLAN_LABELS.kelly);
    await userEvent.click(card.getByRole('button', { name: 'Save alerts' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/alerts')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/alerts')[0]!.body).toEqual({
      frequency: 'realtime',
      leagues: ['NSP'],
      minEdge: 5,
      bookmakers: ['Velox'],
      markets: ['1x2', 'ou25'],
      maxPerDay: 3,
      bankroll: 2500,
      stakePlan: 'kelly',
    });
  });

  it('unsubscribes from the email link only when the button is pressed, without a session', async () => {
    const api = mockApi({ 'GET /api/auth/me': apiError(401), 'POST /api/alerts/unsubscribe': { unsubscribed: true } });
    await renderApp('/alerts/unsubscribe?token=abc.def');
    await screen.findByRole('heading', { level: 1, name: 'Unsubscribe from value-bet alerts' });
    expect(api.callsTo('POST', '/api/alerts/unsubscribe')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent('no more alert emails');
    expect(api.callsTo('POST', '/api/alerts/unsubscribe')[0]!.search).toBe('?token=abc.def');
  });
});
