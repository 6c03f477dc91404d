import type { MatchPage } from '@app/contracts/matches';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makeMatchPage as match, makeUser } from '@/testing/data-generators';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';
import { formatStamp } from '@/utils/format';

const scores = Array.from({ length: 6 }, (_, h) => Array.from({ length: 6 }, (_, a) => (h === 1 && a === 0 ? 12.3 : 2)));

describe('/predictions/:fixtureId', () => {
  it('shows a visitor the match with the forecast locked, form and meetings, and names the page after the match', async () => {
    mockApi({ 'GET /api/predictions/f1': match() });
    await renderApp('/predictions/f1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Rovers vs United' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Unlock Predictions' })).toHaveAttribute('href', '/pricing?intent=subscribe');
    expect(screen.queryByRole('region', { name: 'Scoreline probabilities' })).toBeNull();
    const form = within(screen.getByRole('region', { name: 'Form: last five results' }));
    expect(form.getByText((_, element) => element?.tagName === 'SPAN' && element.textContent === 'vs City')).toBeInTheDocument();
    // Every club and the league link to their pages.
    expect(form.getByRole('link', { name: 'City' })).toHaveAttribute('href', '/teams/city');
    expect(form.getByRole('link', { name: 'Rovers' })).toHaveAttribute('href', '/teams/rovers');
    expect(screen.getByRole('link', { name: 'League One' })).toHaveAttribute('href', '/leagues/L1');
    expect(within(screen.getByRole('region', { name: 'Last meetings' })).getByText('United 0-0 Rovers')).toBeInTheDocument();
    expect(document.title).toBe('Rovers vs United prediction | AI Football Predictions');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/^Rovers vs United, League One,/);
  });

  it("names the clubs as people know them, not as the data file spells them ('Ath Madrid')", async () => {
    mockApi({
      'GET /api/predictions/f1': match({
        homeTeam: 'Ath Madrid',
        awayTeam: 'Sociedad',
        form: { home: [{ date: '2026-03-01', opponent: 'Ath Bilbao', venue: 'A', goalsFor: 1, goalsAgainst: 1, outcome: 'D' }], away: [] },
        meetings: [{ date: '2026-02-01', homeTeam: 'Sociedad', awayTeam: 'Ath Madrid', homeGoals: 2, awayGoals: 1 }],
      }),
    });
    await renderApp('/predictions/f1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Atlético Madrid vs Real Sociedad' })).toBeInTheDocument();
    const form = within(screen.getByRole('region', { name: 'Form: last five results' }));
    expect(form.getByText((_, element) => element?.tagName === 'SPAN' && element.textContent === 'at Athletic Bilbao')).toBeInTheDocument();
    // The link shows the name people know and leads to the page of the club as the data spells it.
    expect(form.getByRole('link', { name: 'Athletic Bilbao' })).toHaveAttribute('href', '/teams/ath-bilbao');
    expect(within(screen.getByRole('region', { name: 'Last meetings' })).getByText('Real Sociedad 2-1 Atlético Madrid')).toBeInTheDocument();
  });

  it('tells a subscriber on a break until when the forecast is hidden, not to subscribe', async () => {
    mockApi({
      'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium', breakUntil: '2030-01-01T10:00:00.000Z' }) },
      'GET /api/predictions/f1': match(),
    });
    await renderApp('/predictions/f1');

    const forecast = within(await screen.findByRole('region', { name: 'Forecast' }));
    expect(await forecast.findByText(/You are taking a break until 1 January 2030/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Unlock Predictions' })).toBeNull();
  });

  it('shows a premium viewer the heatmap, the models beside the market, goals and odds; after full time the score and its RPS', async () => {
    mockApi({
      'GET /api/predictions/f1': match({
        isLocked: false,
        status: 'settled',
        forecast: {
          blend: { home: 56.8, draw: 25, away: 18.2 },
          modelWeight: 1,
          source: 'models',
          models: { home: 56, draw: 25, away: 19 },
          market: null,
          components: [{ name: 'statistical', home: 55, draw: 25, away: 20 }],
          scores,
          expectedGoals: { home: 1.61, away: 0.92 },
          bothTeamsToScore: 47,
          totals: { over15: 76.5, over25: 54.3, over35: 31.1 },
          oddsUsed: null,
          bestOdds: null,
          picks: [],
          valueBets: [],
          valueHistory: [],
          valueScannedAt: null,
          markets: {
            doubleChance: { homeOrDraw: 81.8, homeOrAway: 75, drawOrAway: 43.2 },
            drawNoBet: { home: 75.7, away: 24.3 },
            overUnder: { '1.5': 76.5, '2.5': 54.3, '3.5': 31.1 },
            btts: 47,
            asianHandicap: Array.from({ length: 21 }, (_, i) => ({ line: -2.5 + i * 0.25, homeFairOdds: 1.5 + i * 0.1, awayFairOdds: 3 - i * 0.05 })),
          },
        },
        outcome: { score: { home: 2, away: 0 }, actualResult: '2-0 (Home Win)', rps: 0.11, picks: [{ label: 'Home Win', confidence: 61, won: true }] },
      }),
    });
    await renderApp('/predictions/f1');

    const heatmap = within(await screen.findByRole('table', { name: /Scoreline probabilities/ }));
    expect(heatmap.getAllByRole('row')).toHaveLength(7);
    expect(heatmap.getByText('12.3%')).toBeInTheDocument();
    const models = within(screen.getByRole('region', { name: 'Home, draw, away by model' }));
    expect(models.getByRole('row', { name: /Statistical learning 55.0% 25.0% 20.0%/ })).toBeInTheDocument();
    expect(models.getByRole('row', { name: /Market .* No bookmaker odds for this match/ })).toBeInTheDocument();
    expect(models.getByRole('row', { name: /Forecast: our models 56.8% 25.0% 18.2%/ })).toBeInTheDocument();
    expect(screen.getAllByText('76.5%').length).toBeGreaterThan(0);
    const markets = within(screen.getByRole('region', { name: 'Every market from the scoreline grid' }));
    expect(markets.getByText('81.8%')).toBeInTheDocument();
    expect(markets.getByText('75.7% / 24.3%')).toBeInTheDocument();
    // Every home line from -2.5 to +2.5, with both sides' fair odds.
    expect(markets.getAllByRole('row')).toHaveLength(22);
    expect(markets.getByRole('row', { name: '-0.25 2.40 2.55' })).toBeInTheDocument();
    const fullTime = within(screen.getByRole('region', { name: 'Full time' }));
    expect(fullTime.getByText('2-0 (Home Win)')).toBeInTheDocument();
    expect(fullTime.getByText('0.1100')).toBeInTheDocument();
    expect(fullTime.getByText('Hit')).toBeInTheDocument();
  });

  it('shows the value bet beside the odds table, how the flag moved, and why the Pick is on another side', async () => {
    const market = { home: 20.1, draw: 18.2, away: 61.7 };
    mockApi({
      'GET /api/predictions/f1': match({
        isLocked: false,
        forecast: {
          blend: market,
          modelWeight: 0,
          source: 'market',
          models: market,
          market,
          components: [],
          scores,
          expectedGoals: null,
          bothTeamsToScore: null,
          totals: { over15: null, over25: 66, over35: null },
          oddsUsed: { over25: 1.5, under25: 2.6 },
          bestOdds: { over25: 1.48, under25: 3.42 },
          bestBookmakers: { over25: 'Velox', under25: 'Northbet' },
          arbitrages: [{ market: 'ou25', implied: 0.9681, profit: 0.033 }],
          books: {
            at: '2026-03-06T14:05:00.000Z',
            fair: { bookmaker: 'Keystone', odds: { home: 4.98, draw: 5.49, away: 1.62, over25: 1.52, under25: 3.2 } },
            prices: [
              { bookmaker: 'Northbet', odds: { home: 4.6, draw: 5.1, away: 1.55, over25: 1.45, under25: 3.42 } },
              { bookmaker: 'Velox', odds: { home: 4.75, draw: 5.0, away: 1.53, over25: 1.48, under25: 2.95 } },
            ],
          },
          markets: null,
          picks: [{ market: 'ou25', selection: 'over25', probability: 66 }],
          valueBets: [
            {
              market: 'under25',
              odds: 3.42,
              priceSource: 'best',
              bookmaker: 'Northbet',
              fairOdds: 3.2,
              edge: 6.9,
              seenAt: '2026-03-06T14:05:00.000Z',
              flaggedAt: '2026-03-06T13:30:00.000Z',
              quotedAt: '2026-03-06T14:04:00.000Z',
              stake: { flat: 1, kelly: 0.72 },
            },
          ],
          valueHistory: [
            { at: '2026-03-06T13:30:00.000Z', market: 'under25', event: 'flagged', odds: 3.3, bookmaker: 'Velox', fairOdds: 3.2, edge: 3.1 },
            { at: '2026-03-06T14:00:00.000Z', market: 'under25', event: 'moved', odds: 3.42, bookmaker: 'Northbet', fairOdds: 3.2, edge: 6.9 },
          ],
          valueScannedAt: '2026-03-06T14:05:00.000Z',
        },
      }),
    });
    await renderApp('/predictions/f1');

    const odds = within(await screen.findByRole('region', { name: 'Odds' }));
    expect(odds.getByTestId('value-bet-line')).toHaveTextContent(
      `Value: Under 2.5 @ 3.42 Northbet - fair 3.20 - +6.9% - seen ${formatStamp('2026-03-06T14:05:00.000Z')}`,
    );
    // when the price was quoted, with its day and zone, and the stake under the default plan until a bankroll is set
    expect(odds.getByTestId('value-bet-detail')).toHaveTextContent(`quoted ${formatStamp('2026-03-06T14:04:00.000Z')} - stake 1.0% of your bankroll (flat)`);
    const history = odds.getAllByRole('listitem').filter((li) => li.closest('ol'));
    expect(history.map((li) => li.textContent)).toEqual([
      `${formatStamp('2026-03-06T13:30:00.000Z')} Under 2.5 flagged 3.30 Velox (+3.1%)`,
      `${formatStamp('2026-03-06T14:00:00.000Z')} Under 2.5 moved to 3.42 Northbet (+6.9%)`,
    ]);
    expect(odds.getByTestId('pick-and-value')).toHaveTextContent(
      'Why they differ: the Pick, Over 2.5 (66.0%), is the outcome we think most likely; the Value, Under 2.5, is less likely but priced too long by Northbet.',
    );
    // the price first: every best price names its bookmaker beside the fair price; the market whose best prices sum under 100 % is called an arbitrage
    const under = odds.getByRole('row', { name: /^Under 2\.5/ });
    expect(under).toHaveTextContent('Under 2.53.42 Northbet3.202.60');
    expect(odds.getByTestId('arbitrage-line')).toHaveTextContent(
      /^Arbitrage: Over\/Under 2\.5 best prices add up to 96\.8%: backing every side in proportion returns \+3\.3% whatever the result/,
    );
    // every listed book's price per selection, the best of each column marked and named, the sharp book's fair price below
    const grid = within(odds.getByRole('table', { name: 'Every listed book’s price' }));
    expect(grid.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Book', 'Home', 'Draw', 'Away', 'Over 2.5', 'Under 2.5']);
    expect(grid.getByRole('row', { name: /^Northbet/ })).toHaveTextContent('Northbet4.605.10 best1.55 best1.453.42 best');
    expect(grid.getByRole('row', { name: /^Velox/ })).toHaveTextContent('Velox4.75 best5.001.531.48 best2.95');
    expect(grid.getByRole('row', { name: /^Keystone fair/ })).toHaveTextContent('Keystone fair4.985.491.621.523.20');
    expect(odds.getByTestId('odds-grid-note')).toHaveTextContent(
      `Best in bold: Home 4.75 Velox, Draw 5.10 Northbet, Away 1.55 Northbet, Over 2.5 1.48 Velox, Under 2.5 3.42 Northbet. Keystone fair: the sharp book’s price with its margin removed, what every flag is measured against. Prices as of ${formatStamp('2026-03-06T14:05:00.000Z')}.`,
    );
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label') ?? r.querySelector('h2')?.textContent);
    expect(regions.indexOf('Odds')).toBeLessThan(regions.indexOf('Scoreline probabilities'));
  });

  it("names a published forecast that is the market's fair price as such, as the card does", async () => {
    const market = { home: 48.2, draw: 27.1, away: 24.7 };
    mockApi({
      'GET /api/predictions/f1': match({
        isLocked: false,
        forecast: {
          blend: market,
          modelWeight: 0,
          source: 'market',
          models: { home: 41, draw: 29.5, away: 29.5 },
          market,
          components: [],
          scores,
          expectedGoals: null,
          bothTeamsToScore: null,
          totals: { over15: null, over25: 54.3, over35: null },
          oddsUsed: null,
          bestOdds: null,
          markets: null,
          picks: [],
          valueBets: [],
          valueHistory: [],
          valueScannedAt: null,
        },
      }),
    });
    await renderApp('/predictions/f1');

    const models = within(await screen.findByRole('region', { name: 'Home, draw, away by model' }));
    expect(models.getByRole('row', { name: /Forecast: market fair price 48.2% 27.1% 24.7%/ })).toBeInTheDocument();
    expect(models.queryByText(/blend/)).toBeNull();
  });

  it('shows its heading and lead while the match is read, then the match under the same lead (the element stays in place)', async () => {
    let answer: (value: MatchPage) => void = () => {};
    const api = mockApi({ 'GET /api/predictions/f1': () => new Promise<MatchPage>((resolve) => (answer = resolve)) });
    await renderApp('/predictions/f1');

    // The page's first paint, as prerendered for every match: no data in it.
    await waitFor(() => expect(api.callsTo('GET', '/api/predictions/f1')).toHaveLength(1));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Match');
    const lead = screen.getByText(/^Our forecast for this match:/);
    expect(screen.getByText('Loading match…')).toBeInTheDocument();
    answer(match());
    expect(await screen.findByRole('heading', { level: 1, name: 'Rovers vs United' })).toBeInTheDocument();
    expect(screen.getByText(/^Our forecast for this match:/)).toBe(lead);
    expect(screen.queryByText('Loading match…')).toBeNull();
  });

  it('says a match that does not exist was not found, after one read', async () => {
    const api = mockApi({ 'GET /api/predictions/nope': () => apiError(404, 'No such match') });
    await renderApp('/predictions/nope');

    expect(await screen.findByRole('heading', { level: 1, name: 'Match not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to predictions' })).toHaveAttribute('href', '/predictions');
    expect(api.callsTo('GET', '/api/predictions/nope')).toHaveLength(1);
  });
});
