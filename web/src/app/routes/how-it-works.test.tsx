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
    const table = odds.getByRole('table', { name: /Backtest of the forecasts/ });
    const cells = (name: RegExp) => within(within(table).getByRole('rowheader', { name }).closest('tr')!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(/Our models alone/)).toEqual(['0.2051', '2.1% behind (1.7%–2.5%)']);
    expect(cells(/with pre-kickoff odds/)).toEqual(['0.2018', '0.5% behind (0.3%–0.7%)']);
  });

  it('reports the value-bet backtest of both kinds, with the number of bets and intervals', async () => {
    await renderApp('/how-it-works');

    const odds = within(await screen.findByRole('region', { name: 'How we use bookmaker odds' }));
    const table = odds.getByRole('table', { name: /Backtest of the value bets/ });
    const cells = (name: RegExp) => within(within(table).getByRole('rowheader', { name }).closest('tr')!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(/Flagged on this site/)).toEqual(['638', '+0.4% (-11.9% to +12.6%)']);
    expect(cells(/Our models.{1,2} probabilities alone/)).toEqual(['16,516', '-2.9% (-5.1% to -0.8%)']);
    expect(odds.getByText(/Not reliably/)).toBeInTheDocument();
  });
});
