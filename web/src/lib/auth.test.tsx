import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { USER_STORAGE_KEY } from '@/lib/auth';
import { makeUser } from '@/testing/data-generators';
import { apiError, mockApi } from '@/testing/mock-api';
import { currentUrl, renderApp } from '@/testing/test-utils';

const header = () => within(screen.getByRole('banner'));

describe('the session (docs/product.md#session, docs/decisions/0018-client-keeps-only-display-data.md)', () => {
  it('discards an unreadable stored user', async () => {
    window.localStorage.setItem(USER_STORAGE_KEY, '{not json');
    await renderApp('/about');

    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(await header().findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('discards a stored value of the wrong shape', async () => {
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ email: 'x@example.com', subscriptionStatus: 'gold' }));
    await renderApp('/about');

    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('shows the stored email until the server answers, then follows the server (401: logged out)', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({ 'GET /api/auth/me': () => new Promise<Response>((resolve) => (answer = resolve)) });
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ id: 'u1', email: 'stored@example.com', subscriptionStatus: 'free' }));
    await renderApp('/about');

    expect(await header().findByRole('button', { name: 'Account menu for stored@example.com' })).toBeInTheDocument();

    answer(apiError(401, 'Not signed in'));

    expect(await header().findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('keeps only display data under the storage key', async () => {
    const user = makeUser({ email: 'pro@example.com', subscriptionStatus: 'premium', role: 'admin' });
    mockApi({ 'GET /api/auth/me': { user } });
    await renderApp('/about');

    expect(await header().findByText('Premium')).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem(USER_STORAGE_KEY)).not.toBeNull());
    expect(JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY)!)).toEqual({
      id: user.id,
      email: 'pro@example.com',
      subscriptionStatus: 'premium',
      emailVerified: true,
    });
  });

  it('logout ends the server session, clears the client session and the cache, and goes to /', async () => {
    let signedIn = true;
    const api = mockApi({
      'GET /api/auth/me': () => (signedIn ? { user: makeUser({ email: 'fan@example.com' }) } : apiError(401)),
      'POST /api/auth/logout': () => {
        signedIn = false;
        return { ok: true };
      },
    });
    const { user, router, queryClient } = await renderApp('/predictions');
    const predictionsCallsBefore = api.callsTo('GET', '/api/predictions').length;

    await user.click(await header().findByRole('button', { name: 'Account menu for fan@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await header().findByRole('link', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(api.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(queryClient.getQueryData(['/api/auth/me'])).toBeNull();
    // The landing page refetches as a visitor: nothing cached from the signed-in session is reused.
    await waitFor(() => expect(api.callsTo('GET', '/api/predictions').length).toBeGreaterThan(predictionsCallsBefore));
  });
});
