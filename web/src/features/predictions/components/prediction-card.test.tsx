import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { PredictionCard } from '@/features/predictions/components/prediction-card';
import { locked, makePrediction } from '@/testing/data-generators';
import { renderWithProviders } from '@/testing/test-utils';

const probabilities = () => screen.getAllByTestId('probability');

describe('PredictionCard', () => {
  it("shows a locked card's teams, league and the unlock prompt, and no probability", () => {
    renderWithProviders(<PredictionCard prediction={locked(makePrediction({ homeTeam: 'Ashford', awayTeam: 'Brookvale', league: 'Southern League' }))} />);

    const card = screen.getByRole('article', { name: 'Ashford vs Brookvale' });
    expect(within(card).getByText('Southern League')).toBeInTheDocument();
    expect(within(card).getByText('Subscribe to unlock full predictions')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Unlock Predictions' })).toHaveAttribute('href', '/pricing?intent=subscribe');
    expect(screen.queryAllByTestId('probability')).toHaveLength(0);
    expect(screen.queryByText(/%/)).not.toBeInTheDocument();
  });

  it('shows home, draw, away, Over 2.5 and Under 2.5 (100 minus over) with one decimal', () => {
    renderWithProviders(<PredictionCard prediction={makePrediction({ homeWinProb: 71.25, drawProb: 18.4, awayWinProb: 10.35, overUnder25: 52.7 })} />);

    expect(probabilities().map((el) => el.textContent)).toEqual(['71.3%', '18.4%', '10.3%', '52.7%', '47.3%']);
    for (const label of ['Home', 'Draw', 'Away', 'Over 2.5', 'Under 2.5']) expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.queryByText('Subscribe to unlock full predictions')).not.toBeInTheDocument();
  });

  it('colours probabilities: 70 and above primary, 50 and above chart colour 2, below 50 muted', () => {
    renderWithProviders(<PredictionCard prediction={makePrediction({ homeWinProb: 70, drawProb: 20, awayWinProb: 10, overUnder25: 50 })} />);

    const [home, draw, , over, under] = probabilities();
    expect(home).toHaveClass('text-primary');
    expect(draw).toHaveClass('text-muted-foreground');
    expect(over).toHaveClass('text-chart-2');
    expect(under).toHaveClass('text-chart-2');
  });

  it('flags a value bet and lists its market, odds and edge', () => {
    renderWithProviders(
      <PredictionCard prediction={makePrediction({ isValueBet: true, valueBets: [{ market: 'away', odds: 3.5, edge: 8.25 }] })} />,
    );

    expect(screen.getByText('Value Bet')).toBeInTheDocument();
    const bets = screen.getByRole('list', { name: 'Value bets' });
    expect(within(bets).getByText('Away win')).toBeInTheDocument();
    expect(within(bets).getByText('odds 3.50, edge +8.3%')).toBeInTheDocument();
  });

  it('shows no value-bet badge when there is none', () => {
    renderWithProviders(<PredictionCard prediction={makePrediction({ isValueBet: false })} />);

    expect(screen.queryByText('Value Bet')).not.toBeInTheDocument();
  });

  it("shows the model's expected goals, both teams to score and the most likely scores", () => {
    renderWithProviders(
      <PredictionCard
        prediction={makePrediction({
          insights: {
            expectedGoals: { home: 1.634, away: 0.9 },
            bothTeamsToScore: 48.26,
            topScores: [
              { home: 1, away: 0, probability: 12.4 },
              { home: 1, away: 1, probability: 11.9 },
              { home: 2, away: 1, probability: 9.05 },
              { home: 0, away: 0, probability: 8 },
            ],
          },
        })}
      />,
    );

    expect(screen.getByText('1.63 - 0.90')).toBeInTheDocument();
    expect(screen.getByText('48.3%')).toBeInTheDocument();
    const scores = within(screen.getByRole('list', { name: 'Most likely scores' })).getAllByRole('listitem');
    expect(scores.map((li) => li.textContent)).toEqual(['1-0 12.4%', '1-1 11.9%', '2-1 9.1%']);
  });
});
