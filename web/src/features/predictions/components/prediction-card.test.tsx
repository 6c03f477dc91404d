import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { PICK_DEFINITION, PredictionCard, VALUE_DEFINITION } from '@/features/predictions/components/prediction-card';
import { locked, makeListedPrediction } from '@/testing/data-generators';
import { renderWithProviders } from '@/testing/test-utils';
import { formatStamp } from '@/utils/format';

const probabilities = () => screen.getAllByTestId('probability');

describe('PredictionCard', () => {
  it("shows a locked card's teams, league and the unlock prompt, and no probability", () => {
    renderWithProviders(
      <PredictionCard prediction={locked(makeListedPrediction({ homeTeam: 'Ashford', awayTeam: 'Brookvale', league: 'Southern League' }))} />,
    );

    const card = screen.getByRole('article', { name: 'Ashford vs Brookvale' });
    expect(within(card).getByText('Southern League')).toBeInTheDocument();
    expect(within(card).getByText('Subscribe to unlock full predictions')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Unlock Predictions' })).toHaveAttribute('href', '/pricing?intent=subscribe');
    expect(screen.queryAllByTestId('probability')).toHaveLength(0);
    expect(screen.queryByText(/%/)).not.toBeInTheDocument();
  });

  it('shows home, draw, away, Over 2.5 and Under 2.5 (100 minus over) with one decimal', () => {
    renderWithProviders(<PredictionCard prediction={makeListedPrediction({ homeWinProb: 71.25, drawProb: 18.4, awayWinProb: 10.35, overUnder25: 52.7 })} />);

    expect(probabilities().map((el) => el.textContent)).toEqual(['71.3%', '18.4%', '10.3%', '52.7%', '47.3%']);
    for (const label of ['Home', 'Draw', 'Away', 'Over 2.5', 'Under 2.5']) expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.queryByText('Subscribe to unlock full predictions')).not.toBeInTheDocument();
  });

  it('colours probabilities: 70 and above primary, 50 and above chart colour 2, below 50 muted', () => {
    renderWithProviders(<PredictionCard prediction={makeListedPrediction({ homeWinProb: 70, drawProb: 20, awayWinProb: 10, overUnder25: 50 })} />);

    const [home, draw, , over, under] = probabilities();
    expect(home).toHaveClass('text-primary');
    expect(draw).toHaveClass('text-muted-foreground');
    expect(over).toHaveClass('text-chart-2');
    expect(under).toHaveClass('text-chart-2');
  });

  it('says what a value bet flags: the side, the price and its bookmaker, the fair price and the EV, with its definition on focus', async () => {
    const { user } = renderWithProviders(
      <PredictionCard
        prediction={makeListedPrediction({
          isValueBet: true,
          valueBets: [
            {
              market: 'away',
              odds: 3.4,
              priceSource: 'best',
              bookmaker: 'Bet365',
              fairOdds: 3.05,
              edge: 11.4,
              seenAt: '2026-11-22T14:05:00.000Z',
              flaggedAt: '2026-11-22T13:30:00.000Z',
              quotedAt: '2026-11-22T14:04:00.000Z',
              stake: null,
            },
            {
              market: 'over25',
              odds: 2.2,
              priceSource: 'best',
              bookmaker: null,
              fairOdds: null,
              edge: 6,
              seenAt: null,
              flaggedAt: null,
              quotedAt: null,
              stake: null,
            },
          ],
        })}
      />,
    );

    expect(screen.getByText('Value Bet')).toBeInTheDocument();
    const bets = within(screen.getByRole('list', { name: 'Value bets' })).getAllByRole('listitem');
    expect(bets.map((li) => li.textContent)).toEqual([
      `Value: Away @ 3.40 Bet365 - fair 3.05 - +11.4% - seen ${formatStamp('2026-11-22T14:05:00.000Z')}`,
      'Value: Over 2.5 @ 2.20 - +6.0%',
    ]);
    const flag = within(bets[0]!).getByRole('button', { name: 'Value' });
    expect(flag).toHaveAccessibleDescription(VALUE_DEFINITION);
    // Past the league badge and the two clubs (links to their pages), the tooltips' buttons.
    flag.focus();
    await user.tab({ shift: true });
    await user.tab();
    expect(screen.getAllByRole('button', { name: 'Value' })).toContain(document.activeElement);
    expect(screen.getByRole('tooltip', { hidden: false })).toHaveTextContent(/above the market's fair price/);
    // no Pick here: nothing to tell apart
    expect(screen.queryByTestId('pick-and-value')).not.toBeInTheDocument();
  });

  it('says in one line why a Pick and a Value flag differ: the most likely outcome against a mispriced one', () => {
    renderWithProviders(
      <PredictionCard
        prediction={makeListedPrediction({
          homeWinProb: 20,
          drawProb: 18,
          awayWinProb: 62,
          overUnder25: 66,
          isValueBet: true,
          picks: [{ market: 'ou25', selection: 'over25', probability: 66 }],
          valueBets: [
            {
              market: 'under25',
              odds: 3.42,
              priceSource: 'best',
              bookmaker: 'Northbet',
              fairOdds: 3.2,
              edge: 6.9,
              seenAt: '2026-11-22T14:05:00.000Z',
              flaggedAt: null,
              quotedAt: null,
              stake: null,
            },
          ],
        })}
      />,
    );

    expect(screen.getByTestId('pick-and-value')).toHaveTextContent(
      'Why they differ: the Pick, Over 2.5 (66.0%), is the outcome we think most likely; the Value, Under 2.5, is less likely but priced too long by Northbet.',
    );
  });

  it('marks Pick only on the selections the track record counts, each with its definition', () => {
    renderWithProviders(
      <PredictionCard
        prediction={makeListedPrediction({
          homeWinProb: 64,
          drawProb: 21,
          awayWinProb: 15,
          overUnder25: 55,
          picks: [{ market: '1x2', selection: 'home', probability: 64 }],
        })}
      />,
    );

    const picks = screen.getAllByRole('button', { name: 'Pick' });
    expect(picks).toHaveLength(1);
    expect(picks[0]!.closest('dt')).toHaveTextContent(/^HomePick$/);
    expect(picks[0]).toHaveAccessibleDescription(PICK_DEFINITION);
  });

  it('shows no value-bet badge when there is none', () => {
    renderWithProviders(<PredictionCard prediction={makeListedPrediction({ isValueBet: false })} />);

    expect(screen.queryByText('Value Bet')).not.toBeInTheDocument();
  });

  it("folds the goal markets under 'More markets', with the card's handicap lines only, their code loaded after the card's", async () => {
    const markets = {
      doubleChance: { homeOrDraw: 75, homeOrAway: 70, drawOrAway: 55 },
      drawNoBet: { home: 64.3, away: 35.7 },
      overUnder: { '1.5': 74, '2.5': 50, '3.5': 28 },
      btts: 51,
      asianHandicap: [
        { line: -2.5, homeFairOdds: 9.5, awayFairOdds: 1.12 },
        { line: -0.25, homeFairOdds: 1.95, awayFairOdds: 2.05 },
      ],
    };
    renderWithProviders(<PredictionCard prediction={makeListedPrediction({ markets })} />);

    const folded = screen.getByText('More markets').closest('details')!;
    expect(folded).not.toHaveAttribute('open');
    expect(await within(folded).findByText('Home or draw (1X)')).toBeInTheDocument();
    expect(within(folded).getByText('Both teams to score')).toBeInTheDocument();
    expect(within(folded).getByRole('rowheader', { name: '-0.25' })).toBeInTheDocument();
    expect(within(folded).queryByRole('rowheader', { name: '-2.5' })).not.toBeInTheDocument();
  });

  it("shows the model's expected goals, both teams to score and the most likely scores", () => {
    renderWithProviders(
      <PredictionCard
        prediction={makeListedPrediction({
          insights: {
            expectedGoals: { home: 1.634, away: 0.9 },
            bothTeamsToScore: 48.26,
            topScores: [
              { home: 1, away: 0, probability: 12.4 },
              { home: 1, away: 1, probability: 11.9 },
              { home: 2, away: 1, probability: 9.05 },
              { home: 0, away: 0, probability: 8 },
            ],
            models: null,
            market: null,
          },
        })}
      />,
    );

    expect(screen.getByText('1.63 - 0.90')).toBeInTheDocument();
    expect(screen.getByText('48.3%')).toBeInTheDocument();
    const scores = within(screen.getByRole('list', { name: 'Most likely scores' })).getAllByRole('listitem');
    expect(scores.map((li) => li.textContent)).toEqual(['1-0 12.4%', '1-1 11.9%', '2-1 9.1%']);
  });

  const insights = (models: { home: number; draw: number; away: number } | null, market: { home: number; draw: number; away: number } | null) => ({
    expectedGoals: { home: 1.4, away: 1.1 },
    bothTeamsToScore: 50,
    topScores: [],
    models: models && { ...models, over25: 50 },
    market: market && { ...market, over25: 52 },
  });
  const rowOf = (table: HTMLElement, name: string) =>
    within(within(table).getByRole('rowheader', { name }).closest('tr')!)
      .getAllByRole('cell')
      .map((c) => c.textContent);

  it("says the forecast is the market's fair price where our models' learned weight is 0, and shows our models beside it with the gap", () => {
    renderWithProviders(
      <PredictionCard
        prediction={makeListedPrediction({
          modelWeight: { x1: 0, ou: 0 },
          insights: insights({ home: 48.2, draw: 27.1, away: 24.7 }, { home: 41, draw: 29.5, away: 29.5 }),
        })}
      />,
    );

    expect(screen.getByText('Forecast: market fair price')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Our models and the market' });
    expect(rowOf(table, 'Market')).toEqual(['41.0%', '29.5%', '29.5%']);
    expect(rowOf(table, 'Our models')).toEqual(['48.2%', '27.1%', '24.7%']);
    expect(rowOf(table, 'Gap (points)')).toEqual(['+7.2', '-2.4', '-4.8']);
    expect(screen.queryByText(/No bookmaker odds/)).not.toBeInTheDocument();
  });

  it('says so when the match had no bookmaker odds (the forecast is the models alone)', () => {
    renderWithProviders(<PredictionCard prediction={makeListedPrediction({ insights: insights({ home: 48.2, draw: 27.1, away: 24.7 }, null) })} />);

    const table = screen.getByRole('table', { name: 'Our models and the market' });
    expect(within(table).queryByRole('rowheader', { name: 'Market' })).not.toBeInTheDocument();
    expect(screen.getByText('No bookmaker odds for this match: the forecast is our models’ alone.')).toBeInTheDocument();
    expect(screen.getByText('Forecast: our models')).toBeInTheDocument();
  });
  it('says the forecast comes from past market prices and our models when the match has no odds of its own yet, locked or not', async () => {
    const fromMemory = makeListedPrediction({
      forecastSource: 'memory',
      modelWeight: { x1: 0.06, ou: 0.14 },
      insights: insights({ home: 48.2, draw: 27.1, away: 24.7 }, null),
    });
    const { unmount } = renderWithProviders(<PredictionCard prediction={fromMemory} />);

    expect(await screen.findByText('Forecast from past market prices and our models')).toBeInTheDocument();
    expect(screen.getByText('Forecast: 94% past market prices, 6% our models')).toBeInTheDocument();
    expect(screen.getByText(/No bookmaker odds for this match yet: team ratings from earlier matches’ closing prices/)).toBeInTheDocument();
    expect(screen.queryByText('Forecast: our models')).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<PredictionCard prediction={locked(fromMemory)} />);
    expect(await screen.findByText('Forecast from past market prices and our models')).toBeInTheDocument();
  });

  it('carries no such line for a forecast from the market or our models', async () => {
    renderWithProviders(<PredictionCard prediction={makeListedPrediction({ forecastSource: 'market', modelWeight: { x1: 0, ou: 0 } })} />);

    expect(await screen.findByRole('article')).toBeInTheDocument();
    expect(screen.queryByText('Forecast from past market prices and our models')).not.toBeInTheDocument();
  });

  it('shows a league without history as its value flags with no forecast, no club or match page (docs/decisions/0312-value-flags-in-every-league-with-a-sharp-price.md)', () => {
    renderWithProviders(
      <PredictionCard
        prediction={makeListedPrediction({
          homeTeam: 'Sturm Graz',
          awayTeam: 'Rapid Wien',
          league: 'Bundesliga',
          forecastSource: 'none',
          homeWinProb: null,
          drawProb: null,
          awayWinProb: null,
          overUnder25: null,
          isValueBet: true,
          valueBets: [
            {
              market: 'home',
              odds: 2.25,
              priceSource: 'best',
              bookmaker: 'William Hill',
              fairOdds: 2.04,
              edge: 10,
              seenAt: null,
              flaggedAt: null,
              quotedAt: null,
              stake: null,
            },
          ],
        })}
      />,
    );

    const card = screen.getByRole('article', { name: 'Sturm Graz vs Rapid Wien' });
    expect(within(card).getByText('No forecast for this league: value flags only')).toBeInTheDocument();
    expect(within(within(card).getByRole('list', { name: 'Value bets' })).getByRole('listitem')).toHaveTextContent(
      'Home @ 2.25 William Hill - fair 2.04 - +10.0%',
    );
    // a subscriber's card: no unlock prompt, no probability, and no link to pages that have nothing of this league
    expect(within(card).queryByText('Subscribe to unlock full predictions')).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('probability')).toHaveLength(0);
    expect(within(card).queryAllByRole('link')).toHaveLength(0);
  });
});
