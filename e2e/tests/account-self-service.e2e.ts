import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { freshPage, launch } from '../support/browser.ts';
import { expectAccessible, expectToast, heading, open, registerViaApi, uniqueEmail } from '../support/app.ts';
import { runCli } from '../support/stack.ts';

// What a subscriber takes for granted: billing they manage themselves, contact messages that
// reach staff, and a copy of their data.

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('self-service billing', () => {
  it('manage billing -> test-mode portal -> cancel there -> the account shows it', async () => {
    const { context, page } = await freshPage(browser);
    await registerViaApi(context, uniqueEmail('billing'));
    const checkout = (await (await context.request.post('/api/stripe/create-checkout-session', { headers: { 'x-requested-with': 'fetch' } })).json()) as {
      url: string;
    };
    await page.goto(new URL(checkout.url).pathname);
    await page.getByRole('button', { name: 'Pay $29 (test mode)' }).click();
    await heading(page, 'Welcome to Premium!').waitFor();

    await open(page, '/account', 'Account Settings');
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL(/\/__local\/portal\/bps_local_/);
    await heading(page, 'Billing').waitFor();
    await page.getByRole('cell', { name: '$29.00' }).first().waitFor();
    await expectAccessible(page, 'the local billing portal');

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText(/^Cancels on \d{4}-\d{2}-\d{2}$/).waitFor();
    await page.getByRole('link', { name: 'Return to AI Football Predictions' }).click();
    await heading(page, 'Account Settings').waitFor();
    await page.getByText(/^Cancels on /).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
  });
});

describe('contact messages reach staff', () => {
  it('contact form -> the admin sees the message in /admin/messages and marks it read', async () => {
    const visitor = await freshPage(browser);
    const sender = uniqueEmail('sender');
    const subject = `Question ${sender.slice(7, 14)}`;
    await open(visitor.page, '/contact', 'Contact Us');
    await visitor.page.getByLabel('Name').fill('Alex Visitor');
    await visitor.page.getByLabel('Email').fill(sender);
    await visitor.page.getByLabel('Subject').fill(subject);
    await visitor.page.getByLabel('Message').fill('When are the predictions published?');
    await visitor.page.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(visitor.page, 'Message Sent!');

    const staff = await freshPage(browser);
    const adminEmail = uniqueEmail('staff');
    await registerViaApi(staff.context, adminEmail);
    expect(await runCli(inject('dataDir'), 'admin', ['grant', adminEmail])).toContain(`${adminEmail} is now an admin`);
    await open(staff.page, '/admin/messages', 'Messages');
    const card = staff.page.getByRole('article', { name: `Message from Alex Visitor: ${subject}` });
    await card.getByText('When are the predictions published?').waitFor();
    expect(await card.getByRole('link', { name: 'Reply by email' }).getAttribute('href')).toBe(
      `mailto:${encodeURIComponent(sender)}?subject=${encodeURIComponent(`Re: ${subject}`)}`,
    );
    await expectAccessible(staff.page, '/admin/messages');
    await card.getByRole('button', { name: 'Mark as read' }).click();
    await card.getByRole('button', { name: 'Mark as unread' }).waitFor();
    await card.getByText('Read', { exact: true }).waitFor();
  });
});

describe('your data', () => {
  it('download my data: a JSON file with the account and its messages', async () => {
    const { context, page } = await freshPage(browser);
    const email = uniqueEmail('mydata');
    await registerViaApi(context, email);
    await context.request.post('/api/contact', { data: { name: 'Me', email, subject: 'Hello', message: 'Keep this' } });
    await open(page, '/account', 'Account Settings');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toBe('my-football-predictions-data.json');
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { account: { email: string }; messages: Array<{ subject: string }> };
    expect(data.account.email).toBe(email);
    expect(data.messages.map((m) => m.subject)).toEqual(['Hello']);
  });
});
