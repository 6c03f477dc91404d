import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { kickoff, locked, makeMetrics, makePrediction, makeUser } from '@/testing/data-generators';
import { mockApi } from '@/testing/mock-api';
import { currentUrl, renderApp } from '@/testing/test-utils';

describe('/ (landing)', () => {
  it("has the hero with 'Get Started' to /login (in sign-up mode) and 'View Predictions' to /predictions", async () => {
    const { user, router } = await renderApp('/');
    const hero = within(await screen.findByRole('region', { name: 'AI-Powered Football Predictions' }));

    expect(hero.getByRole('link', { name: 'View Predictions' })).toHaveAttribute('href', '/predictions');
    await user.click(hero.getByRole('link', { name: 'Get Started' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/login?mode=signup');
  });

  it("sends a signed-in user's 'Get Started' to /predictions", async () => {
    mockApi({ 'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium' }) } });
    const { user, router } = await renderApp('/');
    const hero = within(await screen.findByRole('region', { name: 'AI-Powered Football Predictions' }));

    await waitFor(() => expect(hero.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/predictions'));
    await user.click(hero.getByRole('link', { name: 'Get Started' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Predictions' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/predictions');
  });

  it("shows the 'Live Performance' card with its info tooltip and the spec's formats", async () => {
    mockApi({ 'GET /api/metrics/latest': makeMetrics({ winAccuracy: 71.25, totalProfit: -35.5, payoutPercentage: -4.44, bestWinningOdds: null }) });
    const { user } = await renderApp('/');
    const card = within(await screen.findByRole('region', { name: 'Live Performance' }));

    expect(await card.findByText('71.3%')).toHaveClass('text-success');
    expect(card.getByText('-$35.50')).toBeInTheDocument();
    expect(card.getByText('-4.4%')).toBeInTheDocument();
    expect(card.getByText('N/A')).toBeInTheDocument();

    const info = card.getByRole('button', { name: 'About these figures' });
    expect(info).toHaveAccessibleDescription(/high-confidence predictions \(60% or more\)/);
    await user.hover(info);
    expect(screen.getByRole('tooltip')).toBeVisible();
    await user.keyboard('{Escape}');
  });

  it("says inside the 'Live Performance' card that its figures are back-tested while fewer than 30 published picks are settled, and links to the results", async () => {
    mockApi({
      'GET /api/metrics/latest': makeMetrics({ basis: 'backtest', winAccuracy: 58, totalPredictions: 41, publishedPredictions: 4, backfilledPredictions: 41 }),
    });
    await renderApp('/');

    const card = within(await screen.findByRole('region', { name: 'Live Performance' }));
    expect(await card.findByText('58.0%')).toBeInTheDocument();
    expect(card.getByTestId('backtest-basis')).toHaveTextContent('Back-tested: no live record yet, so these figures are reconstructed.');
    expect(card.getByText(/Reconstructed, not published in advance\. Live record: 4 of 30 published predictions settled so far\./)).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'About these figures' })).toHaveAccessibleDescription(/reconstructed after the fact/);
    expect(card.getByRole('link', { name: 'See every result' })).toHaveAttribute('href', '/results');
    expect(screen.queryByRole('region', { name: 'Back-tested Performance' })).toBeNull();
  });

  it('shows the metrics empty state and no chart without history', async () => {
    await renderApp('/');

    expect(await screen.findByText('Performance metrics will appear once matches complete and results are available.')).toBeInTheDocument();
    expect(screen.getByText('Check back soon for live data!')).toBeInTheDocument();
    expect(await screen.findByText('No historical data yet')).toBeInTheDocument();
    expect(await screen.findByText('No predictions available yet. Check back soon!')).toBeInTheDocument();
  });

  it("shows today's top 3 by the highest outcome probability", async () => {
    mockApi({
      'GET /api/predictions': [
        makePrediction({ homeTeam: 'A', awayTeam: 'B', matchTime: kickoff(0, 23), homeWinProb: 40, drawProb: 30, awayWinProb: 30 }),
        makePrediction({ homeTeam: 'C', awayTeam: 'D', matchTime: kickoff(0, 23), homeWinProb: 75, drawProb: 15, awayWinProb: 10 }),
        makePrediction({ homeTeam: 'E', awayTeam: 'F', matchTime: kickoff(0, 23), homeWinProb: 10, drawProb: 25, awayWinProb: 65 }),
        makePrediction({ homeTeam: 'G', awayTeam: 'H', matchTime: kickoff(0, 23), homeWinProb: 20, drawProb: 22, awayWinProb: 58 }),
      ],
    });
    await renderApp('/');
    const section = within(await screen.findByRole('region', { name: 'Today’s top predictions' }));

    await section.findAllByRole('article');
    expect(section.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)).toEqual(['C vs D', 'E vs F', 'G vs H']);
  });

  it("does not claim a confidence ranking for a visitor's locked cards", async () => {
    mockApi({
      'GET /api/predictions': [
        makePrediction({ homeTeam: 'A', awayTeam: 'B', matchTime: kickoff(0, 23, 30) }),
        makePrediction({ homeTeam: 'C', awayTeam: 'D', matchTime: kickoff(0, 23) }),
      ].map(locked),
    });
    await renderApp('/');
    const section = within(await screen.findByRole('region', { name: 'Today’s next kickoffs' }));

    await section.findAllByRole('article');
    expect(section.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)).toEqual(['C vs D', 'A vs B']);
    expect(section.getByText(/^The next kickoffs\./)).toBeInTheDocument();
    expect(section.queryByText('The matches our models are most confident about.')).not.toBeInTheDocument();
  });

  it("heads the next match day's kickoffs by their day, not 'Today', when no match is today", async () => {
    mockApi({ 'GET /api/predictions': [makePrediction({ homeTeam: 'A', awayTeam: 'B', matchTime: kickoff(1) })].map(locked) });
    await renderApp('/');

    const section = within(await screen.findByRole('region', { name: 'Next kickoffs: Tomorrow' }));
    expect(section.getByText('No match today: the next ones kick off tomorrow.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Today/ })).toBeNull();
  });

  it('names the clubs of the top predictions as people know them', async () => {
    mockApi({ 'GET /api/predictions': [makePrediction({ homeTeam: 'Ath Madrid', awayTeam: "M'gladbach", matchTime: kickoff(0, 23) })].map(locked) });
    await renderApp('/');
    const section = within(await screen.findByRole('region', { name: 'Today’s next kickoffs' }));

    const [card] = await section.findAllByRole('article');
    expect(within(card!).getByRole('heading').textContent).toBe('Atlético Madrid vs Borussia Mönchengladbach');
  });

  it('describes the last 30 days of the trend by their dates', async () => {
    mockApi({
      'GET /api/metrics/trend': Array.from({ length: 35 }, (_, i) => ({
        date: new Date(Date.UTC(2026, 1, 1 + i)).toISOString().slice(0, 10),
        winAccuracy: 50 + (i % 10),
        totalPredictions: 30 + i,
        basis: 'published',
      })),
    });
    await renderApp('/');

    // 35 days from 1 Feb: the last 30 run from 6 Feb to 7 Mar.
    expect(await screen.findByText(/6 Feb to 7 Mar/)).toBeInTheDocument();
    expect(screen.queryByText(/Day 1/)).not.toBeInTheDocument();
    expect(screen.queryByText('No historical data yet')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Legend' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Published before kickoff']);
  });

  it('labels a back-tested trend as such until published picks settle', async () => {
    mockApi({
      'GET /api/metrics/trend': [
        { date: '2026-03-04', winAccuracy: 61, totalPredictions: 40, basis: 'backtest' },
        { date: '2026-03-05', winAccuracy: 62, totalPredictions: 41, basis: 'backtest' },
      ],
    });
    await renderApp('/');

    expect(await screen.findByText(/All back-tested: no published pick has settled yet/)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Legend' })).getByRole('listitem')).toHaveTextContent(
      'Back-tested (reconstructed): not published in advance',
    );
  });

  it('has the feature cards and the pricing section', async () => {
    await renderApp('/');

    expect(await screen.findByRole('heading', { level: 2, name: 'Why fans use our predictions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Simple, transparent pricing' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Premium' })).toBeInTheDocument();
  });
});
