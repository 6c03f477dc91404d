import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { User } from '@app/contracts/auth';
import { CONFIRM_ADDRESS_FIRST_MESSAGE } from '@app/contracts/responsible-gambling';
import { makeUser } from '@/testing/data-generators';
import { apiError, mockApi } from '@/testing/mock-api';
import { currentUrl, renderApp } from '@/testing/test-utils';
import { browser } from '@/utils/browser';

function signedIn(user: User, routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ 'GET /api/auth/me': { user }, ...routes });
}

async function changePassword(user: Awaited<ReturnType<typeof renderApp>>['user'], current: string, next: string, confirm: string) {
  const form = within(screen.getByRole('form', { name: 'Change password' }));
  await user.type(form.getByLabelText('Current password'), current);
  await user.type(form.getByLabelText('New password'), next);
  await user.type(form.getByLabelText('Confirm new password'), confirm);
  await user.click(form.getByRole('button', { name: 'Change password' }));
}

describe('/account', () => {
  it('shows the email, the Free badge and the upgrade card to a free user', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    signedIn(makeUser({ email: 'fan@example.com' }), { 'POST /api/stripe/create-checkout-session': { url: '/__local/checkout/cs_9' } });
    const { user } = await renderApp('/account');

    expect(await screen.findByText('fan@example.com', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('You are on the Free plan ($0): fixtures are visible, probabilities are locked.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upgrade for $29/month' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/__local/checkout/cs_9'));
  });

  it("cancels a premium subscription: 'Subscription cancelled' with the end date, then 'Cancels on <date>'", async () => {
    const cancelAt = Math.floor(new Date(2026, 5, 30, 12).getTime() / 1000);
    const account = makeUser({ subscriptionStatus: 'premium' });
    let cancelled = false;
    const api = signedIn(account, {
      'GET /api/auth/me': () => ({ user: { ...account, cancelAt: cancelled ? cancelAt : null } }),
      'POST /api/stripe/cancel-subscription': () => {
        cancelled = true;
        return { cancel_at: cancelAt };
      },
    });
    const { user } = await renderApp('/account');

    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel subscription' }));

    expect(await screen.findByText('Subscription cancelled')).toBeInTheDocument();
    expect(screen.getByText('You keep Premium until 30 June 2026.')).toBeInTheDocument();
    expect(await screen.findByText('Cancels on 30 June 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/stripe/cancel-subscription')[0]?.body).toBeUndefined();
  });

  it("says 'Failed to cancel subscription' when cancelling fails", async () => {
    signedIn(makeUser({ subscriptionStatus: 'premium' }), { 'POST /api/stripe/cancel-subscription': apiError(502, 'Payment provider unavailable') });
    const { user } = await renderApp('/account');

    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel subscription' }));

    expect(await screen.findByText('Failed to cancel subscription')).toBeInTheDocument();
  });

  it("refuses mismatching passwords: 'Passwords don't match'", async () => {
    const api = signedIn(makeUser());
    const { user } = await renderApp('/account');
    await screen.findByRole('form', { name: 'Change password' });

    await changePassword(user, 'old password', 'new password 1', 'new password 2');

    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getAllByText('Please make sure your new password and confirmation match.').length).toBeGreaterThan(0);
    expect(api.callsTo('POST', '/api/auth/change-password')).toHaveLength(0);
  });

  it("refuses a new password under 8 characters: 'Password too short'", async () => {
    const api = signedIn(makeUser());
    const { user } = await renderApp('/account');
    await screen.findByRole('form', { name: 'Change password' });

    await changePassword(user, 'old password', 'short12', 'short12');

    expect(await screen.findByText('Password too short')).toBeInTheDocument();
    expect(screen.getAllByText('Password must be at least 8 characters long.').length).toBeGreaterThan(0);
    expect(api.callsTo('POST', '/api/auth/change-password')).toHaveLength(0);
  });

  it("changes the password: 'Password changed'", async () => {
    const account = makeUser();
    const api = signedIn(account, { 'POST /api/auth/change-password': { user: account, endedSessions: 2 } });
    const { user } = await renderApp('/account');
    await screen.findByRole('form', { name: 'Change password' });

    await changePassword(user, 'old password', 'new password', 'new password');

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(screen.getByText(/2 other sessions were signed out/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/change-password')[0]?.body).toEqual({ currentPassword: 'old password', newPassword: 'new password' });
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it("says 'Failed to change password' with the server's message", async () => {
    signedIn(makeUser(), { 'POST /api/auth/change-password': apiError(400, 'Current password is incorrect') });
    const { user } = await renderApp('/account');
    await screen.findByRole('form', { name: 'Change password' });

    await changePassword(user, 'wrong password', 'new password', 'new password');

    expect(await screen.findByText('Failed to change password')).toBeInTheDocument();
    expect(screen.getAllByText('Current password is incorrect').length).toBeGreaterThan(0);
  });

  it("deletes the account with its password: a wrong one is shown under the field; then 'Account deleted', / after 1.5 s, signed out", async () => {
    let exists = true;
    const api = signedIn(makeUser({ email: 'gone@example.com' }), {
      'GET /api/auth/me': () => (exists ? { user: makeUser({ email: 'gone@example.com' }) } : apiError(401)),
      'POST /api/auth/delete-account': ({ body }: { body: unknown }) => {
        if ((body as { password?: string }).password !== 'correct horse') {
          return apiError(400, 'Current password is incorrect', { issues: [{ path: 'password', message: 'Current password is incorrect' }] });
        }
        exists = false;
        return { deleted: true };
      },
    });
    const { user, router } = await renderApp('/account');

    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    await user.type(screen.getByLabelText('Password'), 'wrong one');
    await user.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Current password is incorrect'));
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Yes, delete my account' }));

    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'AI-Powered Football Predictions' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/delete-account').map((c) => c.body)).toEqual([{ password: 'wrong one' }, { password: 'correct horse' }]);
  });
});

describe('/account: what a subscriber pays', () => {
  const premium = makeUser({ subscriptionStatus: 'premium' });
  const renewsAt = Math.floor(new Date(2026, 3, 13, 10).getTime() / 1000);
  const overview = {
    plan: 'premium',
    status: 'renewing',
    price: { amountCents: 2900, currency: 'usd', interval: 'month' },
    renewsAt,
    endsAt: null,
    card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    invoices: [
      {
        id: 'in_2',
        number: 'INV-2',
        date: Math.floor(new Date(2026, 2, 13, 10).getTime() / 1000),
        amountCents: 2900,
        currency: 'usd',
        status: 'paid',
        url: 'https://invoice.example/in_2',
      },
    ],
  };

  it('shows one Subscription heading: the plan, $29.00/month, the renewal date, the card and the invoices with links', async () => {
    signedIn(premium, { 'GET /api/account/billing': overview });
    await renderApp('/account');

    expect(await screen.findByText('$29.00/month')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Subscription' })).toHaveLength(1);
    expect(screen.getByText('Renews on 13 April 2026')).toBeInTheDocument();
    expect(screen.getByText('Visa ending in 4242, expires 12/2030')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the invoice of 13 March 2026' })).toHaveAttribute('href', 'https://invoice.example/in_2');
  });

  it('after a cancellation shows the end date with Resume, which renews the plan again', async () => {
    let cancelled = true;
    const api = signedIn(premium, {
      'GET /api/auth/me': () => ({ user: { ...premium, cancelAt: cancelled ? renewsAt : null } }),
      'GET /api/account/billing': () => (cancelled ? { ...overview, status: 'cancelling', renewsAt: null, endsAt: renewsAt } : overview),
      'POST /api/stripe/resume-subscription': () => {
        cancelled = false;
        return overview;
      },
    });
    const { user } = await renderApp('/account');

    expect(await screen.findByText('Cancels on 13 April 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume' }));

    expect(await screen.findByText('Renews on 13 April 2026')).toBeInTheDocument();
    expect(await screen.findByText('Subscription resumed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/stripe/resume-subscription')).toHaveLength(1);
  });

  it('keeps the resumed plan when a read started by the cancellation answers after the resume', async () => {
    let cancelled = false;
    let releaseStale = () => {};
    signedIn(premium, {
      'GET /api/account/billing': () => {
        if (!cancelled) return overview;
        // The read the cancellation starts: answered (with the cancellation) only after the resume.
        const stale = { ...overview, status: 'cancelling', renewsAt: null, endsAt: renewsAt };
        return new Promise((resolve) => (releaseStale = () => resolve(stale)));
      },
      'POST /api/stripe/cancel-subscription': () => ((cancelled = true), { cancel_at: renewsAt }),
      'POST /api/stripe/resume-subscription': () => overview,
    });
    const { user } = await renderApp('/account');

    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel subscription' }));
    await user.click(await screen.findByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Renews on 13 April 2026')).toBeInTheDocument();
    await act(async () => releaseStale());
    expect(screen.getByText('Renews on 13 April 2026')).toBeInTheDocument();
    expect(screen.queryByText('Cancels on 13 April 2026')).not.toBeInTheDocument();
  });
});

describe('/account: responsible gambling', () => {
  it('takes a break of the chosen length after a confirmation, then says until when and offers only longer ones', async () => {
    let breakUntil: string | null = null;
    const account = makeUser({ subscriptionStatus: 'premium' });
    const api = signedIn(account, {
      'GET /api/auth/me': () => ({ user: { ...account, breakUntil } }),
      'POST /api/account/break': () => {
        breakUntil = new Date(Date.now() + 7 * 86_400_000).toISOString();
        return { breakUntil };
      },
    });
    const { user } = await renderApp('/account');

    const section = within(await screen.findByRole('region', { name: 'Responsible gambling' }));
    await user.click(section.getByRole('radio', { name: '7 days' }));
    await user.click(section.getByRole('button', { name: 'Take a break' }));
    expect(section.getByText(/You cannot shorten it once it has started/)).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Yes, take a break' }));

    expect(await screen.findByText('Break started')).toBeInTheDocument();
    expect(await section.findByText(/^You are taking a break until /)).toBeInTheDocument();
    // until when, once on the page: the notice, not the toast again
    expect(screen.getAllByText(/until \d{1,2} [A-Z][a-z]+ \d{4}/)).toHaveLength(1);
    expect(api.callsTo('POST', '/api/account/break')[0]?.body).toEqual({ duration: '7d' });
    // Only a break that ends later than the running one.
    expect(section.getByRole('radio', { name: '24 hours' })).toBeDisabled();
    expect(section.getByRole('radio', { name: '7 days' })).toBeDisabled();
    expect(section.getByRole('radio', { name: '30 days' })).toBeChecked();
    expect(section.getByRole('button', { name: 'Extend the break' })).toBeInTheDocument();
  });

  it('M1: an unconfirmed address is told why it can take neither a break nor a self-exclusion yet, and both buttons wait', async () => {
    signedIn(makeUser({ emailVerified: false }));
    await renderApp('/account');

    const section = within(await screen.findByRole('region', { name: 'Responsible gambling' }));
    expect(section.getByRole('note')).toHaveTextContent(CONFIRM_ADDRESS_FIRST_MESSAGE);
    expect(section.getByRole('button', { name: 'Take a break' })).toBeDisabled();
    expect(section.getByRole('button', { name: 'Self-exclude' })).toBeDisabled();
  });

  it('does not offer the length just taken when the device clock runs ahead of the server (the server would refuse it as not longer)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-14T10:00:00Z'));
    try {
      // A 24-hour break the server started 'now' by its clock, 30 s behind this device's.
      signedIn(makeUser({ subscriptionStatus: 'premium', breakUntil: '2026-03-15T09:59:30.000Z' }));
      await renderApp('/account');

      const section = within(await screen.findByRole('region', { name: 'Responsible gambling' }));
      expect(section.getByRole('radio', { name: '24 hours' })).toBeDisabled();
      expect(section.getByRole('radio', { name: '7 days' })).toBeChecked();
    } finally {
      vi.useRealTimers();
    }
  });

  it('self-excludes only with the box ticked and the password; then signs out to the home page', async () => {
    let excluded = false;
    const api = signedIn(makeUser(), {
      'GET /api/auth/me': () => (excluded ? apiError(401) : { user: makeUser() }),
      'POST /api/account/self-exclusion': ({ body }: { body: unknown }) => {
        if ((body as { password?: string }).password !== 'correct horse')
          return apiError(400, 'Current password is incorrect', { issues: [{ path: 'password', message: 'Current password is incorrect' }] });
        excluded = true;
        return { excludedUntil: '2026-09-14T10:00:00.000Z', subscriptionEndsAt: null };
      },
    });
    const { user, router } = await renderApp('/account');

    await user.click(await screen.findByRole('button', { name: 'Self-exclude' }));
    const form = within(screen.getByRole('form', { name: 'Self-exclusion' }));
    await user.type(form.getByLabelText('Password'), 'wrong one');
    await user.click(form.getByRole('button', { name: 'Exclude me for 6 months' }));
    expect(form.getByRole('checkbox')).toHaveAccessibleDescription('Tick the box to confirm that you want to exclude yourself for 6 months.');
    expect(api.callsTo('POST', '/api/account/self-exclusion')).toHaveLength(0);

    await user.click(form.getByRole('checkbox'));
    await user.click(form.getByRole('button', { name: 'Exclude me for 6 months' }));
    await waitFor(() => expect(form.getByLabelText('Password')).toHaveAccessibleDescription('Current password is incorrect'));
    await user.clear(form.getByLabelText('Password'));
    await user.type(form.getByLabelText('Password'), 'correct horse');
    await user.click(form.getByRole('button', { name: 'Exclude me for 6 months' }));

    expect(await screen.findByText('Self-exclusion confirmed')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(api.callsTo('POST', '/api/account/self-exclusion').at(-1)?.body).toEqual({ password: 'correct horse', confirm: true });
  });
});
