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
