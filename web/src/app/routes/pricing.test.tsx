import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { VALUE_WORTH_EXPLAINED } from '@/features/analytics/components/value-worth-panel';
import { makeUser, makeValueWorth } from '@/testing/data-generators';
import { apiError, mockApi } from '@/testing/mock-api';
import { currentUrl, renderApp } from '@/testing/test-utils';
import { browser } from '@/utils/browser';

describe('/pricing after a cancelled checkout', () => {
  it("says 'Checkout cancelled: you have not been charged.' only when Checkout sent the user back", async () => {
    await renderApp('/pricing?checkout=cancelled');
    expect(await screen.findByRole('status')).toHaveTextContent('Checkout cancelled: you have not been charged.');
  });

  it('says nothing of it otherwise', async () => {
    await renderApp('/pricing');
    await screen.findByRole('article', { name: 'Premium' });
    expect(screen.queryByText('Checkout cancelled: you have not been charged.')).not.toBeInTheDocument();
  });
});

describe('/pricing for a visitor', () => {
  it('shows Free at $0 forever, Premium at $29 per month and 2,500+ members', async () => {
    await renderApp('/pricing');

    const free = await screen.findByRole('article', { name: 'Free' });
    const premium = screen.getByRole('article', { name: 'Premium' });
    expect(within(free).getByText('$0')).toBeInTheDocument();
    expect(within(free).getByText('forever')).toBeInTheDocument();
    expect(within(premium).getByText('$29')).toBeInTheDocument();
    expect(within(premium).getByText('per month')).toBeInTheDocument();
    expect(screen.getByText(/2,500\+ members/)).toBeInTheDocument();
  });

  it('sets what the value bets are worth, expected with its interval and sample size, beside the fee and what happened', async () => {
    mockApi({ 'GET /api/ledger/value-worth': makeValueWorth() });
    await renderApp('/pricing');

    const panel = within(await screen.findByRole('region', { name: 'What the value bets are worth' }));
    const recent = within(await panel.findByRole('table', { name: 'Value bets, last 30 days' }));
    // 40 flags with a closing price at +3.0 % CLV: 0.03 x 40 x $20 = $24.00 expected in 30 days; what happened beside it
    expect(recent.getByRole('row', { name: /^Published before kickoff/ })).toHaveTextContent(
      'Published before kickoff42 settled, 40 with a closing price+3.0% [+1.0%, +5.0%]+$24.00 [+$8.00, +$40.00]-$12.00',
    );
    // the season's back-tested flags apart, per 30 days of its 248
    const season = within(panel.getByRole('table', { name: 'Value bets, this season' }));
    expect(season.getByRole('row', { name: /^Back-tested/ })).toHaveTextContent('+$18.15 [+$10.89, +$25.40]+$18.15');
    expect(panel.getByText(/^Expected: what the prices were worth/)).toHaveTextContent(VALUE_WORTH_EXPLAINED);
    expect(panel.getByText(/beside the \$29 a month Premium costs/)).toBeInTheDocument();
  });

  it('sends the Free button to sign-up', async () => {
    const { user, router } = await renderApp('/pricing');

    await user.click(within(await screen.findByRole('article', { name: 'Free' })).getByRole('link', { name: 'Get Started Free' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/login?mode=signup');
  });

  it("sends the Premium button to sign-up with intent=subscribe and says 'Account required'", async () => {
    const { user, router } = await renderApp('/pricing');

    await user.click(within(await screen.findByRole('article', { name: 'Premium' })).getByRole('button', { name: 'Subscribe Now' }));

    expect(await screen.findByText('Account required')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/login?mode=signup&intent=subscribe');
  });
});

describe('/pricing for signed-in users', () => {
  it("starts checkout for a free user ('Upgrade to Premium')", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockApi({ 'GET /api/auth/me': { user: makeUser() }, 'POST /api/stripe/create-checkout-session': { url: '/__local/checkout/cs_2' } });
    const { user } = await renderApp('/pricing');

    const free = await screen.findByRole('article', { name: 'Free' });
    expect(await within(free).findByRole('button', { name: 'Current Plan' })).toBeDisabled();
    await user.click(within(screen.getByRole('article', { name: 'Premium' })).getByRole('button', { name: 'Upgrade to Premium' }));

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/__local/checkout/cs_2'));
  });

  it('starts checkout for a signed-in user who clicks before the session has been read, instead of sending them to sign-up', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    let answer: (value: unknown) => void = () => {};
    const me = new Promise((resolve) => (answer = resolve));
    const api = mockApi({ 'GET /api/auth/me': () => me, 'POST /api/stripe/create-checkout-session': { url: '/__local/checkout/cs_3' } });
    const { user, router } = await renderApp('/pricing');

    await user.click(within(await screen.findByRole('article', { name: 'Premium' })).getByRole('button', { name: 'Subscribe Now' }));
    answer({ user: makeUser() });

    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/__local/checkout/cs_3'));
    expect(api.callsTo('POST', '/api/stripe/create-checkout-session')).toHaveLength(1);
    expect(currentUrl(router)).toBe('/pricing');
    expect(screen.queryByText('Account required')).not.toBeInTheDocument();
  });

  it("says 'Error' - 'Failed to start checkout. Please try again.' when checkout fails", async () => {
    mockApi({ 'GET /api/auth/me': { user: makeUser() }, 'POST /api/stripe/create-checkout-session': apiError(500) });
    const { user } = await renderApp('/pricing');

    await user.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));

    expect(await screen.findByText('Failed to start checkout. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it("shows a premium user 'Current Plan', disabled, and answers an attempt with 'Already subscribed'", async () => {
    const api = mockApi({ 'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium' }) } });
    const { user } = await renderApp('/pricing');
    const premium = within(await screen.findByRole('article', { name: 'Premium' }));

    const button = await premium.findByRole('button', { name: 'Current Plan' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);

    expect(await screen.findByText('Already subscribed')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/stripe/create-checkout-session')).toHaveLength(0);
  });

  it("tells a premium user who arrives with intent=subscribe 'Already subscribed'", async () => {
    mockApi({ 'GET /api/auth/me': { user: makeUser({ subscriptionStatus: 'premium' }) } });
    await renderApp('/pricing?intent=subscribe');

    expect(await screen.findByText('Already subscribed')).toBeInTheDocument();
  });
});
