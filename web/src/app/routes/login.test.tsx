import { ACCEPT_TERMS_MESSAGE } from '@app/contracts/responsible-gambling';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { makeUser } from '@/testing/data-generators';
import { apiError, mockApi } from '@/testing/mock-api';
import { currentUrl, renderApp } from '@/testing/test-utils';
import { browser } from '@/utils/browser';

async function fill(user: Awaited<ReturnType<typeof renderApp>>['user'], email: string, password: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
}

/** The sign-up's one box: 18 or older, and the Terms accepted. */
const termsBox = () => screen.getByRole('checkbox', { name: 'I am 18 or older and accept the Terms' });

describe('/login', () => {
  it('requires an email (type email) and a password', async () => {
    await renderApp('/login');

    expect(await screen.findByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toBeRequired();
  });

  it('toggles between login and sign-up, keeping intent and redirect', async () => {
    const { user, router } = await renderApp('/login?intent=subscribe&redirect=/account');

    await user.click(await screen.findByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/login?mode=signup&intent=subscribe&redirect=/account');

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
  });

  it("logs in, says 'Welcome back!' and follows the redirect", async () => {
    const account = makeUser({ email: 'fan@example.com' });
    let signedIn = false;
    const api = mockApi({
      'GET /api/auth/me': () => (signedIn ? { user: account } : apiError(401)),
      'POST /api/auth/login': () => {
        signedIn = true;
        return { user: account };
      },
    });
    const { user, router } = await renderApp('/login?redirect=/account');

    await fill(user, 'fan@example.com', 'correct horse');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Settings' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/account');
    expect(api.callsTo('POST', '/api/auth/login')[0]?.body).toEqual({ email: 'fan@example.com', password: 'correct horse' });
  });

  it('ignores a redirect to another origin', async () => {
    mockApi({ 'POST /api/auth/login': { user: makeUser() } });
    const { user, router } = await renderApp('/login?redirect=//evil.example');

    await fill(user, 'fan@example.com', 'correct horse');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Predictions' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/predictions');
  });

  it("shows 'Error' with the server's message when login fails", async () => {
    mockApi({ 'POST /api/auth/login': apiError(401, 'Invalid email or password') });
    const { user } = await renderApp('/login');

    await fill(user, 'fan@example.com', 'wrong password');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it("falls back to 'Authentication failed. Please try again.' without a server message", async () => {
    mockApi({ 'POST /api/auth/login': new Response('', { status: 502 }) });
    const { user } = await renderApp('/login');

    await fill(user, 'fan@example.com', 'whatever1');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication failed. Please try again.');
  });

  it("signs up and is signed in: 'Account created!', then the predictions", async () => {
    const account = makeUser({ email: 'new@example.com', emailVerified: false });
    let signedIn = false;
    const api = mockApi({
      'GET /api/auth/me': () => (signedIn ? { user: account } : apiError(401)),
      'POST /api/auth/register': () => {
        signedIn = true;
        return Response.json({ user: account }, { status: 201 });
      },
    });
    const { user, router } = await renderApp('/login?mode=signup');

    await fill(user, 'new@example.com', 'long enough');
    await user.click(termsBox());
    await user.click(await screen.findByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Account created!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Predictions' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/predictions');
    expect(api.callsTo('POST', '/api/auth/register')[0]?.body).toEqual({
      email: 'new@example.com',
      password: 'long enough',
      acceptTerms: true,
      confirmAge: true,
    });
    // The address is not confirmed yet: the banner says so, with Resend.
    expect(await screen.findByRole('status', { name: 'Confirm your email address' })).toHaveTextContent('we sent a link to new@example.com');
  });

  it('a sign-up with intent=subscribe goes straight to checkout', async () => {
    const account = makeUser({ email: 'new@example.com', emailVerified: false });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockApi({
      'POST /api/auth/register': () => Response.json({ user: account }, { status: 201 }),
      'POST /api/stripe/create-checkout-session': { url: 'https://checkout.stripe.test/c/1' },
    });
    const { user } = await renderApp('/login?mode=signup&intent=subscribe');

    await fill(user, 'new@example.com', 'long enough');
    await user.click(termsBox());
    await user.click(await screen.findByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Account created!')).toBeInTheDocument();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/1'));
  });

  it("says 'Checkout error' and goes to /pricing when checkout fails right after sign-up", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockApi({
      'POST /api/auth/register': () => Response.json({ user: makeUser() }, { status: 201 }),
      'POST /api/stripe/create-checkout-session': apiError(500),
    });
    const { user, router } = await renderApp('/login?mode=signup&intent=subscribe');

    await fill(user, 'new@example.com', 'long enough');
    await user.click(termsBox());
    await user.click(await screen.findByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Checkout error')).toBeInTheDocument();
    expect(screen.getByText('Redirecting you to pricing page instead.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Simple, transparent pricing' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/pricing');
    expect(assign).not.toHaveBeenCalled();
  });

  it('a taken address: the 409 message with Log in instead and Forgot password?', async () => {
    const message = 'An account with this email already exists. Log in, or choose a new password with "Forgot password?" if you do not remember it.';
    mockApi({ 'POST /api/auth/register': apiError(409, message) });
    const { user } = await renderApp('/signup');
    await fill(user, 'taken@example.com', 'long enough');
    await user.click(termsBox());
    await user.click(await screen.findByRole('button', { name: 'Create account' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    await user.click(within(alert).getByRole('button', { name: 'Log in instead' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
  });

  it('refuses a sign-up without the box ticked, under the box and before calling the server; the box links to the Terms', async () => {
    const api = mockApi();
    const { user } = await renderApp('/signup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');

    await fill(user, 'new@example.com', 'long enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(termsBox()).toHaveAccessibleDescription(ACCEPT_TERMS_MESSAGE));
    expect(termsBox()).toHaveAttribute('aria-invalid', 'true');
    expect(termsBox()).toHaveFocus();
    expect(api.callsTo('POST', '/api/auth/register')).toHaveLength(0);
  });

  it.each([
    ['/login', '/predictions'],
    ['/signup', '/predictions'],
    ['/login?next=/results', '/results'],
    ['/login?redirect=/analytics', '/analytics'],
    ['/login?next=//evil.example', '/predictions'],
  ])('sends a signed-in user from %s to %s instead of showing the form', async (url, target) => {
    mockApi({ 'GET /api/auth/me': { user: makeUser() } });
    const { router } = await renderApp(url);

    await waitFor(() => expect(currentUrl(router)).toBe(target));
    // The page it was sent to is drawn, and it has no login form.
    await screen.findByRole('heading', { level: 1, name: (name) => !/Welcome back|Create your account/.test(name) });
    expect(screen.queryByRole('button', { name: /Log in|Create account/ })).not.toBeInTheDocument();
  });

  it('rejects a sign-up password under 8 characters before calling the server', async () => {
    const api = mockApi();
    const { user } = await renderApp('/login?mode=signup');

    await fill(user, 'new@example.com', 'short');
    await user.click(await screen.findByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password must be at least 8 characters long.'));
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/auth/register')).toHaveLength(0);
  });

  it("shows the server's field message under the field, and the password rule beside it", async () => {
    mockApi({
      'POST /api/auth/register': () =>
        apiError(400, 'This password is too common: choose one that is harder to guess.', {
          issues: [{ path: 'password', message: 'This password is too common: choose one that is harder to guess.' }],
        }),
    });
    const { user } = await renderApp('/login?mode=signup');
    expect(await screen.findByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters, not a common password, and not your current one.');

    await fill(user, 'new@example.com', 'Password1');
    await user.click(termsBox());
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('This password is too common: choose one that is harder to guess.'),
    );
    expect(screen.queryByText('Invalid request body')).not.toBeInTheDocument();
  });

  it('says how long to wait when the login is locked (Retry-After)', async () => {
    mockApi({
      'POST /api/auth/login': () => {
        const response = apiError(429, 'Too many failed login attempts. Try again later.');
        response.headers.set('Retry-After', '840');
        return response;
      },
    });
    const { user } = await renderApp('/login');

    await fill(user, 'fan@example.com', 'wrong password');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed login attempts. Try again in 14 minutes.');
  });

  it('goes straight to checkout after a login with intent=subscribe', async () => {
    const account = makeUser({ email: 'new@example.com' });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const api = mockApi({
      'POST /api/auth/login': { user: account },
      'POST /api/stripe/create-checkout-session': { url: 'http://localhost/__local/checkout/cs_1' },
    });
    const { user } = await renderApp('/login?intent=subscribe');

    await fill(user, 'new@example.com', 'long enough');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/__local/checkout/cs_1'));
    expect(api.callsTo('POST', '/api/stripe/create-checkout-session')[0]?.body).toEqual({ userId: account.id, email: 'new@example.com' });
  });

  it("says 'Checkout error' and goes to /pricing when checkout fails right after login", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockApi({
      'POST /api/auth/login': { user: makeUser() },
      'POST /api/stripe/create-checkout-session': apiError(500),
    });
    const { user, router } = await renderApp('/login?intent=subscribe');

    await fill(user, 'new@example.com', 'long enough');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Checkout error')).toBeInTheDocument();
    expect(screen.getByText('Redirecting you to pricing page instead.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Simple, transparent pricing' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/pricing');
    expect(assign).not.toHaveBeenCalled();
  });
});
