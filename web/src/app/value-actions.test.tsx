import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { WithTakeBet } from '@/app/value-actions';
import { PredictionCard } from '@/features/predictions/components/prediction-card';
import { PredictionList } from '@/features/predictions/components/prediction-list';
import { makeListedPrediction, makeUser, makeValueBet } from '@/testing/data-generators';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';

const flag = makeValueBet();

describe('where the flags are', () => {
  it('a card and a list row each offer it for their value line; the row’s button sits outside its link', async () => {
    mockApi({ 'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium' }) } });
    const prediction = makeListedPrediction({ id: 'fx-7', isValueBet: true, valueBets: [flag] });
    renderWithProviders(
      <WithTakeBet>
        <PredictionCard prediction={prediction} />
        <PredictionList predictions={[prediction]} breakUntil={null} now={new Date(prediction.matchTime)} />
      </WithTakeBet>,
    );
    const buttons = await screen.findAllByRole('button', { name: 'I took this: Home @ 2.10' });
    expect(buttons).toHaveLength(2);
    expect(buttons[1]!.closest('a')).toBeNull();
  });

  it('a league without history offers it too: the odds feed settles its flags (docs/decisions/0297-results-for-flag-only-leagues.md)', async () => {
    mockApi({ 'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium' }) } });
    const prediction = makeListedPrediction({
      id: 'toa-1',
      forecastSource: 'none',
      homeWinProb: null,
      drawProb: null,
      awayWinProb: null,
      overUnder25: null,
      isValueBet: true,
      valueBets: [flag],
    });
    renderWithProviders(
      <WithTakeBet>
        <PredictionCard prediction={prediction} />
        <PredictionList predictions={[prediction]} breakUntil={null} now={new Date(prediction.matchTime)} />
      </WithTakeBet>,
    );
    expect(await screen.findAllByRole('button', { name: 'I took this: Home @ 2.10' })).toHaveLength(2);
  });
});
