import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp } from '@/testing/test-utils';

describe('/how-it-works', () => {
  it('says plainly how bookmaker odds are used and shows the backtest of both modes', async () => {
    await renderApp('/how-it-works');

    const odds = within(await screen.findByRole('region', { name: 'How we use bookmaker odds' }));
    expect(odds.getByText(/Our models never see a bookmaker price/)).toBeInTheDocument();
    expect(odds.getByText(/when a match has odds the probabilities we publish are the market.{1,2}s fair price/)).toBeInTheDocument();
    expect(odds.getByText(/replays what this service does/)).toBeInTheDocument();
    expect(odds.getByText(/the forecast is our models.{1,2} alone, and the card says so/)).toBeInTheDocument();
    // without odds of its own yet: past market prices pooled with our models, the card's words quoted
    expect(
      odds.getByText(/we forecast it from past market prices: .*never its\s+own, pooled with our models \(94% past market prices, 6% our models\)/),
    ).toBeInTheDocument();
    expect(odds.getByText(/The card says "Forecast from past market prices and our models"/)).toBeInTheDocument();
    // the league pages' chances drawn from the same ratings, with their score before and after
    expect(odds.getByText(/every remaining match is drawn from the same ratings past market prices imply; otherwise from our models/)).toBeInTheDocument();
    const table = odds.getByRole('table', { name: /Backtest of the forecasts/ });
    const cells = (name: RegExp) =>
      within(within(table).getByRole('rowheader', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(/Our models alone/)).toEqual(['0.2051', '2.1% behind (1.7%–2.5%)']);
    expect(cells(/with pre-kickoff odds/)).toEqual(['0.2018', '0.5% behind (0.3%–0.7%)']);
  });

  it('reports the value-bet backtest of both kinds by closing line value first, with the number of bets and intervals', async () => {
    await renderApp('/how-it-works');

    const odds = within(await screen.findByRole('region', { name: 'How we use bookmaker odds' }));
    const table = odds.getByRole('table', { name: /Backtest of the value bets/ });
    const cells = (name: RegExp) =>
      within(within(table).getByRole('rowheader', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // closing line value first, then the return
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Value bets', 'Bets', 'Closing line value', 'Return']);
    expect(cells(/Flagged on this site/)).toEqual(['206', '+7.5% (+5.4% to +9.6%)', '+9.9% (-9.3% to +29.2%)']);
    expect(cells(/Our models.{1,2} probabilities alone/)).toEqual(['11,299', '-3.3% (-3.5% to -3.1%)', '-6.8% (-9.4% to -4.1%)']);
    expect(odds.getByText(/whether they make money is not reliably known/)).toBeInTheDocument();
  });
});
