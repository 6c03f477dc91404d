import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makeUser } from '@/testing/data-generators';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

describe('/subscription/success', () => {
  it('verifies the session once, then shows success and the premium header', async () => {
    let premium = false;
    const account = makeUser({ email: 'new@example.com' });
    const api = mockApi({
      'GET /api/auth/me': () => ({ user: { ...account, subscriptionStatus: premium ? 'premium' : 'free' } }),
      'POST /api/stripe/verify-session': () => {
        premium = true;
        return { success: true, user: { ...account, subscriptionStatus: 'premium' } };
      },
    });
    await renderApp('/subscription/success?session_id=cs_test_1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Premium!' })).toBeInTheDocument();
    expect(await within(screen.getByRole('banner')).findByText('Premium')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/stripe/verify-session').map((call) => call.body)).toEqual([{ sessionId: 'cs_test_1' }]);
  });

  it('asks a new subscriber to turn alerts on while they are off, and says how they come once on', async () => {
    const account = makeUser({ subscriptionStatus: 'premium' });
    let frequency = 'off';
    mockApi({
      'GET /api/auth/me': { user: account },
      'POST /api/stripe/verify-session': { success: true, user: account },
      'GET /api/alerts': () => ({
        settings: { frequency, leagues: [], minEdge: 5, bookmakers: [], markets: ['1x2', 'ou25'], maxPerDay: 5 },
        options: { leagues: [], bookmakers: [] },
      }),
    });
    const { unmount } = await renderApp('/subscription/success?session_id=cs_test_2');

    const prompt = within(await screen.findByTestId('alerts-prompt'));
    expect(prompt.getByText(/^Value-bet alerts are off: turn them on/)).toBeInTheDocument();
    expect(prompt.getByRole('link', { name: 'Turn on alerts' })).toHaveAttribute('href', '/account');
    unmount();

    frequency = 'daily';
    await renderApp('/subscription/success?session_id=cs_test_3');
    expect(await screen.findByText('Value-bet alerts are on (a daily digest): change them in Account Settings.')).toBeInTheDocument();
    expect(screen.queryByTestId('alerts-prompt')).toBeNull();
  });

  it("shows 'Failed to verify payment' and a way back to pricing when verification fails", async () => {
    mockApi({ 'GET /api/auth/me': { user: makeUser() }, 'POST /api/stripe/verify-session': apiError(403, 'This checkout session belongs to another account') });
    await renderApp('/subscription/success?session_id=cs_someone_else');

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment not confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to verify payment');
    expect(screen.getByRole('alert')).toHaveTextContent('This checkout session belongs to another account');
    expect(screen.getByRole('link', { name: 'Back to pricing' })).toHaveAttribute('href', '/pricing');
  });

  it("says 'No session ID found' without a session_id", async () => {
    const api = mockApi();
    await renderApp('/subscription/success');

    expect(await screen.findByRole('alert')).toHaveTextContent('No session ID found');
    expect(api.callsTo('POST', '/api/stripe/verify-session')).toHaveLength(0);
  });
});
