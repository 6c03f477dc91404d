import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freshPage, launch } from '../support/browser.ts';
import { PASSWORD, acceptTerms, expectAccessible, expectToast, heading, loginViaApi, open, registerViaApi, uniqueEmail } from '../support/app.ts';
import { linkIn, waitForMail } from '../support/mail.ts';

// Email for real: the verification link after sign-up, and a forgotten password, each through
// the local outbox (/__local/mail.json) as a user would read it in their inbox.

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function signUp(page: Page, email: string, password = PASSWORD) {
  await open(page, '/login?mode=signup', 'Create your account');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await acceptTerms(page);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** The banner of a signed-in account whose address is not confirmed yet. */
const confirmBanner = (page: Page) => page.getByRole('status', { name: 'Confirm your email address' });

describe('email verification', () => {
  it("sign up -> 'Account created!', signed in, a banner -> verification email -> link -> the banner goes", async () => {
    const { context, page } = await freshPage(browser);
    const email = uniqueEmail('verify');
    await signUp(page, email);
    await expectToast(page, 'Account created!');
    await heading(page, 'Predictions').waitFor();
    expect((await context.request.get('/api/auth/me')).status()).toBe(200);
    await confirmBanner(page).getByText(email).waitFor();
    await expectAccessible(page, 'the predictions with the banner');

    // Resend: a second link; the newest opens.
    await confirmBanner(page).getByRole('button', { name: 'Resend' }).click();
    await expectToast(page, 'Link sent');
    const mail = await waitForMail(context, email, /confirm your email/i, { after: 1 });
    expect(mail.html).toContain('/verify-email?token=');
    await open(page, linkIn(mail, '/verify-email'), 'Confirm your email');
    await page.getByText('Your email address is confirmed.').waitFor();
    await expect.poll(() => confirmBanner(page).count()).toBe(0);
  });

  it('a sign-up for a taken address: 409 offering login and reset; the owner hears of it, and nothing changes', async () => {
    const owner = await freshPage(browser);
    const email = uniqueEmail('taken');
    await registerViaApi(owner.context, email);
    const { context, page } = await freshPage(browser);
    await signUp(page, email, 'an attacker picks this');
    const alert = page.getByRole('main').getByRole('alert');
    await alert.getByText('An account with this email already exists.').waitFor();
    expect(await alert.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    await waitForMail(context, email, /your AI Football Predictions account/i);
    expect((await context.request.get('/api/auth/me')).status()).toBe(401);
    expect((await context.request.post('/api/auth/login', { data: { email, password: 'an attacker picks this' } })).status()).toBe(401);
    expect((await owner.context.request.get('/api/auth/me')).status()).toBe(200);
    await alert.getByRole('button', { name: 'Log in instead' }).click();
    await heading(page, 'Welcome back').waitFor();
  });
});

describe('a forgotten password', () => {
  it('forgot password -> email -> new password -> old sessions dead; the new password works, the old one not', async () => {
    const email = uniqueEmail('forgot');
    const NEW_PASSWORD = 'a fresh passphrase';
    const old = await freshPage(browser);
    await registerViaApi(old.context, email);
    expect((await old.context.request.get('/api/auth/me')).status()).toBe(200);

    const { context, page } = await freshPage(browser);
    await open(page, '/login', 'Welcome back');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await heading(page, 'Reset your password').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: 'If an account exists for this email' }).waitFor();
    await expectAccessible(page, '/forgot-password');

    const mail = await waitForMail(context, email, /reset your/i);
    await open(page, linkIn(mail, '/reset-password'), 'Choose a new password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expectToast(page, 'Password changed');
    await heading(page, 'Welcome back').waitFor();

    expect((await old.context.request.get('/api/auth/me')).status()).toBe(401);
    const wrong = await context.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    expect(wrong.status()).toBe(401);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    expect((await context.request.get('/api/auth/me')).status()).toBe(200);

    // The link is dead after use.
    await open(page, linkIn(mail, '/reset-password'), 'Choose a new password');
    await page.getByLabel('New password', { exact: true }).fill('another passphrase');
    await page.getByLabel('Confirm new password').fill('another passphrase');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('alert').filter({ hasText: 'invalid, already used or expired' }).waitFor();
    await loginViaApi(context, email, NEW_PASSWORD);
  });
});
