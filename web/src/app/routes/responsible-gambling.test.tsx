import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const runs = (overrides: Record<string, unknown> = {}) => ({
  picks: 120,
  hits: 78,
  hitRate: 65,
  hitRateCi95: [56.2, 73.1],
  runsOfFiveOrMore: 1,
  expectedLongestCi95: [3, 7],
  longest: { length: 6, from: '2026-02-01T15:00:00.000Z', to: '2026-02-04T19:45:00.000Z', lossUsd: 120 },
  ...overrides,
});

describe('/responsible-gambling', () => {
  it("explains what a probability promises with the track record's own losing runs, each figure with its sample and interval", async () => {
    const api = mockApi({
      'GET /api/ledger/losing-runs': {
        days: 365,
        to: '2026-03-14T10:00:00.000Z',
        stakeUsd: 20,
        published: runs(),
        backtest: runs({ picks: 0, hits: 0, hitRate: null, hitRateCi95: null, longest: null, runsOfFiveOrMore: 0, expectedLongestCi95: null }),
      },
    });
    await renderApp('/responsible-gambling');

    expect(await screen.findByRole('heading', { level: 2, name: 'What a probability promises, and what it does not' })).toBeInTheDocument();
    expect(await screen.findByText('6 lost picks in a row, 1 February 2026 to 4 February 2026: -$120.00 at a $20 stake')).toBeInTheDocument();
    expect(screen.getByText('120, of which 78 won: 65.0% (95 % interval 56.2% to 73.1%)')).toBeInTheDocument();
    expect(screen.getByText(/longest losing run of 3 to 7 in 95 of 100 cases, even when every probability is right/)).toBeInTheDocument();
    expect(screen.getByText('No settled picks yet.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/ledger/losing-runs')).toHaveLength(1);
    const help = within(screen.getByRole('heading', { name: 'Where to get help' }).closest('section')!);
    expect(help.getByRole('link', { name: 'GamCare' })).toHaveAttribute('href', 'https://www.gamcare.org.uk/');
    expect(help.getByRole('link', { name: '1-800-MY-RESET' })).toHaveAttribute('href', 'tel:+18006973738');
  });
});
