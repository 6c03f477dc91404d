import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { launch, newContext } from '../support/browser.ts';
import {
  PASSWORD,
  acceptTerms,
  confirmEmail,
  currentPath,
  demoDataReady,
  expectAccessible,
  expectToast,
  heading,
  open,
  recordToasts,
  uniqueEmail,
} from '../support/app.ts';
import { runCli } from '../support/stack.ts';

// The product's screen flows as its description words them, each from a sign-up made in the form
// as a new user makes it (docs/decisions/0200-sign-up-signs-in.md): sign-up, the user menu and
// Upgrade, change password, subscribe with the intent (and a checkout failure right after
// sign-up), logout, and the two admin pages.

let browser: Browser;

beforeAll(async () => {
  await demoDataReady();
  browser = await launch();
}, 240_000);

afterAll(async () => {
  await browser?.close();
});

/** A fresh browser profile on `path`; `toasts` holds the title of every toast shown from then on. */
async function visitor(path: string, h1: string): Promise<{ context: BrowserContext; page: Page; toasts: string[] }> {
  const context = await newContext(browser);
  const page = await context.newPage();
  const toasts = await recordToasts(page);
  await open(page, path, h1);
  return { context, page, toasts };
}

/** Fills the sign-up form on the page (already in sign-up mode), ticks the one box and submits it. */
async function signUpInForm(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Signs a new account up through the form, from a fresh profile; it lands on /predictions, signed in. */
async function signedUp(name: string): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const email = uniqueEmail(name);
  const { context, page } = await visitor('/login?mode=signup', 'Create your account');
  await signUpInForm(page, email);
  await expectToast(page, 'Account created!');
  await heading(page, 'Predictions').waitFor();
  return { context, page, email };
}

const menuButton = (page: Page, email: string) => page.getByRole('banner').getByRole('button', { name: `Account menu for ${email}` });

describe('sign-up', () => {
  it("says 'Account created!' and is signed in at once: the user menu with the email, /api/auth/me answers the user", async () => {
    const { context, page, email } = await signedUp('signup');
    expect(currentPath(page)).toBe('/predictions');
    await menuButton(page, email).waitFor();
    const me = await context.request.get('/api/auth/me');
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { user: { email: string; subscriptionStatus: string } }).user).toMatchObject({ email, subscriptionStatus: 'free' });
    // The 18+/Terms box stays part of the form, and the unconfirmed address gets its banner.
    await page.getByRole('status', { name: 'Confirm your email address' }).waitFor();
    await context.close();
  });

  it("'Get Started' takes a visitor to /login (in sign-up mode) and a signed-in user to /predictions", async () => {
    const { context, page } = await visitor('/', 'AI-Powered Football Predictions');
    const hero = page.getByRole('region', { name: 'AI-Powered Football Predictions' });
    await hero.getByRole('link', { name: 'Get Started' }).click();
    await heading(page, 'Create your account').waitFor();
    expect(currentPath(page)).toBe('/login?mode=signup');
    await signUpInForm(page, uniqueEmail('started'));
    await expectToast(page, 'Account created!');
    await heading(page, 'Predictions').waitFor();
    await open(page, '/', 'AI-Powered Football Predictions');
    await hero.getByRole('link', { name: 'Get Started' }).click();
    await heading(page, 'Predictions').waitFor();
    expect(currentPath(page)).toBe('/predictions');
    await context.close();
  });
});

describe('the user menu and Upgrade', () => {
  it("shows 'My Account' with the email, 'Account Settings' to /account, and 'Upgrade' to /pricing for a free user", async () => {
    const { context, page, email } = await signedUp('menu');
    const banner = page.getByRole('banner');
    await menuButton(page, email).click();
    const menu = page.getByRole('menu');
    await menu.getByText('My Account').waitFor();
    await menu.getByText(email).waitFor();
    expect(await menu.getByText('Premium', { exact: true }).count()).toBe(0);
    await menu.getByRole('menuitem', { name: 'Account Settings' }).click();
    await heading(page, 'Account Settings').waitFor();
    expect(currentPath(page)).toBe('/account');
    await expectAccessible(page, '/account of a new account');

    await banner.getByRole('link', { name: 'Upgrade' }).click();
    await heading(page, 'Simple, transparent pricing').waitFor();
    expect(currentPath(page)).toBe('/pricing');
    expect(await page.getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(true);
    await context.close();
  });
});

describe('change password', () => {
  it("refuses a mismatch ('Passwords don't match') and a short one ('Password too short'), then says 'Password changed'", async () => {
    const { context, page } = await signedUp('password');
    await open(page, '/account', 'Account Settings');
    const form = page.getByRole('form', { name: 'Change password' });
    const fill = async (next: string, confirm: string) => {
      await form.getByLabel('Current password').fill(PASSWORD);
      await form.getByLabel('New password', { exact: true }).fill(next);
      await form.getByLabel('Confirm new password').fill(confirm);
      await form.getByRole('button', { name: 'Change password' }).click();
    };
    await fill('a new passphrase here', 'something else');
    await expectToast(page, "Passwords don't match", 'Please make sure your new password and confirmation match.');
    await fill('short', 'short');
    await expectToast(page, 'Password too short', 'Password must be at least 8 characters long.');
    await fill('a new passphrase here', 'a new passphrase here');
    await expectToast(page, 'Password changed');
    expect((await context.request.get('/api/auth/me')).status()).toBe(200);
    await context.close();
  });
});

describe('subscribe', () => {
  it("from a locked card: 'Unlock Predictions' -> Premium asks for an account -> sign-up -> 'Account created!' -> checkout -> Premium", async () => {
    const { context, page, toasts } = await visitor('/predictions', 'Predictions');
    await page.getByRole('main').getByRole('link', { name: 'Unlock Predictions' }).first().click();
    await heading(page, 'Simple, transparent pricing').waitFor();
    expect(currentPath(page)).toBe('/pricing?intent=subscribe');
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await expectToast(page, 'Account required');
    await heading(page, 'Create your account').waitFor();
    expect(currentPath(page)).toBe('/login?mode=signup&intent=subscribe');

    const email = uniqueEmail('subscribe');
    await signUpInForm(page, email);
    await page.waitForURL(/\/__local\/checkout\//);
    // Said before the browser left for checkout.
    expect(toasts.some((t) => t.includes('Account created!'))).toBe(true);
    await page.getByRole('button', { name: 'Pay $29 (test mode)' }).click();
    await heading(page, 'Welcome to Premium!').waitFor();
    await page.getByRole('banner').getByText('Premium', { exact: true }).waitFor();
    const { user } = (await (await context.request.get('/api/auth/me')).json()) as { user: { subscriptionStatus: string; emailVerified: boolean } };
    // Subscribing does not wait for the address to be confirmed.
    expect(user).toMatchObject({ subscriptionStatus: 'premium', emailVerified: false });
    await context.close();
  });

  it("a checkout failure right after sign-up: 'Checkout error', 'Redirecting you to pricing page instead.', then /pricing", async () => {
    const { context, page, toasts } = await visitor('/login?mode=signup&intent=subscribe', 'Create your account');
    // The payment provider is down for this browser only; its refusal comes after a moment, as over
    // the network (refused at once, React would batch both toasts and only the last one ever shows).
    await page.route('**/api/stripe/create-checkout-session', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'unavailable', message: 'Payments are unavailable' }),
      });
    });
    await signUpInForm(page, uniqueEmail('checkout-down'));
    await expectToast(page, 'Checkout error', 'Redirecting you to pricing page instead.');
    // One toast at a time: 'Account created!' was shown first, and the checkout error replaced it.
    expect(toasts.findIndex((t) => t.includes('Account created!'))).toBeGreaterThan(-1);
    expect(toasts.findIndex((t) => t.includes('Account created!'))).toBeLessThan(toasts.findIndex((t) => t.includes('Checkout error')));
    await heading(page, 'Simple, transparent pricing').waitFor();
    expect(currentPath(page)).toBe('/pricing');
    // Signed in all the same, still free.
    expect(((await (await context.request.get('/api/auth/me')).json()) as { user: { subscriptionStatus: string } }).user.subscriptionStatus).toBe('free');
    await context.close();
  });
});

describe('logout', () => {
  it("'Logout' in the user menu ends the session on the server and goes to /", async () => {
    const { context, page, email } = await signedUp('logout');
    await menuButton(page, email).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Logout' }).click();
    await heading(page, 'AI-Powered Football Predictions').waitFor();
    expect(currentPath(page)).toBe('/');
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    expect((await context.request.get('/api/auth/me')).status()).toBe(401);
    await context.close();
  });
});

describe('the admin pages', () => {
  let staff: { context: BrowserContext; page: Page; email: string };

  beforeAll(async () => {
    // Signed up in the form like anyone; the address confirmed from the inbox; then the operator's grant.
    staff = await signedUp('staff');
    await confirmEmail(staff.context, staff.email);
    expect(await runCli(inject('dataDir'), 'admin', ['grant', staff.email])).toContain(`${staff.email} is now an admin`);
  }, 240_000);

  afterAll(() => staff.context.close());

  it('admin odds: a visitor goes to /login?redirect=/admin/odds; the admin sees the odds page, its job buttons and the link to tracking', async () => {
    const { context, page } = await visitor('/admin/odds', 'Welcome back');
    expect(currentPath(page)).toBe('/login?redirect=/admin/odds');
    await context.close();

    await open(staff.page, '/admin/odds', 'Admin: Odds');
    for (const name of ['Generate Predictions', 'Update Metrics', 'Fetch Results']) await staff.page.getByRole('button', { name }).waitFor();
    await staff.page.getByRole('link', { name: 'Performance Tracking' }).first().click();
    await heading(staff.page, 'Performance Tracking').waitFor();
    expect(currentPath(staff.page)).toBe('/admin/tracking');
  });

  it("admin tracking: 'Performance Tracking', 'Monitor high-confidence predictions (≥60%) and track accuracy', the four stat cards counted from the rows, 'Prediction History' with Last 7 Days first chosen", async () => {
    await open(staff.page, '/admin/tracking', 'Performance Tracking');
    await staff.page.getByText('Monitor high-confidence predictions (≥60%) and track accuracy').waitFor();
    await staff.page.getByRole('heading', { name: 'Prediction History' }).waitFor();
    // The four stat cards, counted from the rows the page received.
    const card = (name: string) => staff.page.getByRole('region', { name, exact: true });
    await card('Total Predictions').getByText('High confidence (≥60%)').waitFor();
    await card('Win Rate')
      .getByText(/^From \d+ completed$/)
      .waitFor();
    await card('Correct').getByText('Winning predictions').waitFor();
    await card('Incorrect').getByText('Losing predictions').waitFor();
    // Until the rows arrive the cards show a dash; then they count the table's rows and badges.
    await card('Total Predictions').getByText(/^\d+$/).waitFor();
    const history = staff.page.getByRole('region', { name: 'Prediction history table' });
    const rows = await history.locator('tbody tr').count();
    const wins = await history.getByText('Win', { exact: true }).count();
    const losses = await history.getByText('Loss', { exact: true }).count();
    expect(await card('Total Predictions').getByText(/^\d+$/).textContent()).toBe(String(rows));
    expect(await card('Correct').getByText(/^\d+$/).textContent()).toBe(String(wins));
    expect(await card('Incorrect').getByText(/^\d+$/).textContent()).toBe(String(losses));
    const rate = wins + losses === 0 ? '0.0%' : `${((wins / (wins + losses)) * 100).toFixed(1)}%`;
    expect(await card('Win Rate').getByText(/%$/).textContent()).toBe(rate);
    expect(
      await card('Win Rate')
        .getByText(/^From \d+ completed$/)
        .textContent(),
    ).toBe(`From ${wins + losses} completed`);
    const periods = staff.page.getByRole('group', { name: 'Period' });
    expect(await periods.getByRole('button').allTextContents()).toEqual(['Yesterday', 'Last 7 Days', 'Last 30 Days']);
    expect(await periods.getByRole('button', { name: 'Last 7 Days' }).getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(staff.page, '/admin/tracking');
  });
});
