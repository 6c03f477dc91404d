import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp } from '@/testing/test-utils';

describe('/how-it-works', () => {
  it('says plainly how bookmaker odds are used and shows the backtest of both modes', async () => {
    await renderApp('/how-it-works');

    const odds = within(await screen.findByRole('region', { name: 'How we use bookmaker odds' }));
    expect(odds.getByText(/Our models never see a bookmaker price/)).toBeInTheDocument();
    expect(odds.getByText(/with odds the published probabilities are the market/)).toBeInTheDocument();
    expect(odds.getByText(/the forecast is our models.{1,2} alone, and the card says so/)).toBeInTheDocument();
    const table = odds.getByRole('table', { name: /Backtest of the forecasts/ });
    const cells = (name: RegExp) => within(within(table).getByRole('rowheader', { name }).closest('tr')!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(/Our models alone/)).toEqual(['0.2054', '2.2% behind (1.8%–2.7%)']);
    expect(cells(/with pre-kickoff odds/)).toEqual(['0.2018', '0.5% behind (0.3%–0.7%), the same as the odds alone']);
  });
});
