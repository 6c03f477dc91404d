import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ACCEPT_TERMS_MESSAGE, TERMS_VERSION } from '@app/contracts/responsible-gambling';

import { hasHorizontalScroll, launch, newContext, screenshot } from '../support/browser.ts';
import { stackNow } from '../support/clock.ts';
import {
  PASSWORD,
  acceptTerms,
  cardProbabilities,
  currentPath,
  demoDataReady,
  expectAccessible,
  expectToast,
  heading,
  open,
  confirmEmail,
  registerViaApi,
  uniqueEmail,
} from '../support/app.ts';

// One subscriber's life, in order: sign-up with the intent to subscribe (18 or older, the Terms),
// the local test-mode checkout, premium predictions with every sort and filter (cards on a
// desktop, the compact list on a phone), what the account says they pay, cancellation and Resume,
// a break, a password change and the deletion of the account.

let browser: Browser;
let context: BrowserContext;
let page: Page;
const email = uniqueEmail('subscriber');
const NEW_PASSWORD = 'a brand new passphrase';

beforeAll(async () => {
  await demoDataReady();
  browser = await launch();
  context = await newContext(browser);
  page = await context.newPage();
}, 240_000);

afterAll(async () => {
  await browser?.close();
});

/** The premium cards of the page, each as [home, draw, away, over, under]. */
async function allProbabilities(cards: Locator): Promise<number[][]> {
  return Promise.all((await cards.all()).map((card) => cardProbabilities(card)));
}

const isDescending = (values: number[]) => values.every((value, i) => i === 0 || values[i - 1]! >= value);

async function openAccountMenu(target: Page) {
  await target.getByRole('button', { name: `Account menu for ${email}` }).click();
  return target.getByRole('menu');
}

describe('a visitor becomes a subscriber', () => {
  it("Premium on /pricing asks for an account first ('Account required')", async () => {
    await open(page, '/pricing', 'Simple, transparent pricing');
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await expectToast(page, 'Account required');
    await heading(page, 'Create your account').waitFor();
    expect(currentPath(page)).toBe('/login?mode=signup&intent=subscribe');
  });

  it('refuses a password under 8 characters at sign-up without losing the email', async () => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    // The message sits under the password field (its description), not in a box of its own.
    const password = page.getByLabel('Password');
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`[id="${await password.getAttribute('aria-describedby')}"]`).textContent()).toBe('Password must be at least 8 characters long.');
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
  });

  it('refuses the sign-up until the box "I am 18 or older and accept the Terms" is ticked, the message under the box', async () => {
    await page.getByLabel('Password').fill(PASSWORD);
    let registers = 0;
    const count = (request: { method(): string; url(): string }) =>
      void (request.method() === 'POST' && request.url().endsWith('/api/auth/register') && registers++);
    page.on('request', count);
    await page.getByRole('button', { name: 'Create account' }).click();
    const box = page.getByRole('checkbox', { name: 'I am 18 or older and accept the Terms' });
    await expect.poll(() => box.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`[id="${await box.getAttribute('aria-describedby')}"]`).textContent()).toBe(ACCEPT_TERMS_MESSAGE);
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    page.off('request', count);
    expect(registers).toBe(0);
    expect(await page.getByRole('link', { name: 'Terms', exact: true }).getAttribute('href')).toBe('/terms');
  });

  it("signs up ('Account created!') and goes straight to the test-mode checkout, the address still to confirm", async () => {
    await acceptTerms(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    // 'Account created!' shows for the moment before the browser leaves (spec-flows.e2e.ts records it).
    await page.waitForURL(/\/__local\/checkout\//);
    await heading(page, 'AI Football Predictions Premium').waitFor();
    await page.getByText('$29.00').waitFor();
    await expectAccessible(page, 'the local checkout page');
    // Confirmed now, as a person does from their inbox (the banner's own test: account-email.e2e.ts).
    await confirmEmail(context, email);
  });

  it("pays, and /subscription/success verifies the session: 'Welcome to Premium!'", async () => {
    await page.getByRole('button', { name: 'Pay $29 (test mode)' }).click();
    await heading(page, 'Welcome to Premium!').waitFor();
    expect(currentPath(page)).toMatch(/^\/subscription\/success\?session_id=/);
    await expectAccessible(page, '/subscription/success (paid)');
    await page.getByRole('banner').getByText('Premium', { exact: true }).waitFor();

    const menu = await openAccountMenu(page);
    await menu.getByText('My Account').waitFor();
    await menu.getByText('Premium', { exact: true }).waitFor();
    await page.keyboard.press('Escape');

    // What the sign-up accepted is on record: the Terms' version and when (the stack's clock).
    const exported = (await (await context.request.get('/api/account/export')).json()) as {
      responsibleGambling: { termsVersion: string; termsAcceptedAt: string; ageConfirmedAt: string };
    };
    expect(exported.responsibleGambling.termsVersion).toBe(TERMS_VERSION);
    expect(exported.responsibleGambling.ageConfirmedAt).toBe(exported.responsibleGambling.termsAcceptedAt);
    expect(Math.abs(Date.parse(exported.responsibleGambling.termsAcceptedAt) - stackNow().getTime())).toBeLessThan(10 * 60_000);
  });
});

describe('a premium subscriber on /predictions', () => {
  it('sees home, draw, away, Over 2.5 and Under 2.5 on every card, one decimal, consistent', async () => {
    await page.getByRole('link', { name: 'View Predictions' }).click();
    await heading(page, 'Predictions').waitFor();
    const cards = page.getByRole('main').getByRole('article');
    await cards.first().getByTestId('probability').first().waitFor();
    expect(await page.getByText('Subscribe to unlock full predictions').count()).toBe(0);

    const texts = await page.getByTestId('probability').allTextContents();
    for (const text of texts) expect(text).toMatch(/^\d{1,3}\.\d%$/);
    // Every card of the week adds up to exactly 100.0, in tenths (largest-remainder rounding).
    const tenths = (value: number) => Math.round(value * 10);
    for (const [home, draw, away, over, under] of await allProbabilities(cards)) {
      expect(tenths(home!) + tenths(draw!) + tenths(away!)).toBe(1000);
      expect(tenths(over!) + tenths(under!)).toBe(1000);
    }
    // the insights are folded on a card (the price first); opened, they are all there
    await cards.first().getByText('Model insights').click();
    await cards.first().getByText('Expected goals').waitFor();
    await cards.first().getByRole('list', { name: 'Most likely scores' }).waitFor();
    await expectAccessible(page, '/predictions as premium');
  });

  it('sorts by win probability and by O/U probability, highest first', async () => {
    const cards = page.getByRole('main').getByRole('article');
    // The radios are visually hidden inside their labels: click the label, as a user does.
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: 'Win probability' }) })
      .click();
    await expect.poll(() => currentPath(page)).toContain('sort=win');
    const byWin = async () => (await allProbabilities(cards)).map(([home, draw, away]) => Math.max(home!, draw!, away!));
    // The router commits the new search params in a transition: wait for the re-render.
    await expect.poll(async () => isDescending(await byWin())).toBe(true);

    // On the stronger side: an Under 2.5 at 69.7 % ranks with an Over at 69.7 %.
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: 'O/U probability' }) })
      .click();
    await expect.poll(() => currentPath(page)).toContain('sort=ou');
    const byStronger = async () => (await allProbabilities(cards)).map(([, , , over, under]) => Math.max(over!, under!));
    await expect.poll(async () => isDescending(await byStronger())).toBe(true);
    expect((await byStronger()).length).toBeGreaterThanOrEqual(20);
    // The first card's 'Pick' mark names its stronger side.
    const [, , , over, under] = (await allProbabilities(cards))[0]!;
    if (over !== under)
      await cards
        .first()
        .locator('dt', { hasText: over! > under! ? 'Over 2.5' : 'Under 2.5' })
        .getByText('Pick')
        .waitFor();
  });

  it('filters to a highest outcome >= 60 % and to Over or Under 2.5 >= 60 %', async () => {
    const cards = page.getByRole('main').getByRole('article');
    const total = await cards.count();
    await page.getByRole('button', { name: 'More Filters' }).click();

    const highWin = page.getByRole('button', { name: 'Win probability ≥60%' });
    await highWin.click();
    await expect.poll(() => highWin.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => cards.count()).toBeLessThan(total);
    const strong = await allProbabilities(cards);
    for (const [home, draw, away] of strong) expect(Math.max(home!, draw!, away!)).toBeGreaterThanOrEqual(60);
    await highWin.click();

    const highGoals = page.getByRole('button', { name: 'Over or Under 2.5 ≥60%' });
    await highGoals.click();
    await expect.poll(() => cards.count()).toBeLessThan(total);
    for (const [, , , over, under] of await allProbabilities(cards)) expect(Math.max(over!, under!)).toBeGreaterThanOrEqual(60);
    await highGoals.click();
    await expect.poll(() => cards.count()).toBe(total);
    expect(strong.length).toBeGreaterThan(0);
  });

  it('on a 390 px phone gets the compact list: H/D/A and the value flag in one row a match, at most 160 px a match; screenshots at 1280 and 390 px', async () => {
    await open(page, '/predictions', 'Predictions');
    await page.getByTestId('probability').first().waitFor();
    await screenshot(page, 'predictions-premium-1280');
    const upcoming = (await (await context.request.get('/api/predictions')).json()) as { valueBets: unknown[] | null }[];
    await page.setViewportSize({ width: 390, height: 844 });
    const rows = page.getByTestId('prediction-row');
    await rows.first().getByTestId('list-probability').first().waitFor();
    expect(await rows.count()).toBe(upcoming.length);
    expect(await page.getByTestId('list-probability').count()).toBe(3 * upcoming.length);
    expect(await rows.getByTestId('value-bet-line').count()).toBe(upcoming.reduce((n, p) => n + (p.valueBets?.length ?? 0), 0));
    // The measure: the height of the matches (rows with their day and league headings) over their number.
    const list = (await page.getByTestId('prediction-list').boundingBox())!;
    expect(list.height / upcoming.length, `${list.height} px for ${upcoming.length} matches`).toBeLessThanOrEqual(160);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page, '/predictions as a list for a subscriber at 390 px');
    await screenshot(page, 'predictions-premium-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('main').getByRole('article').first().waitFor();
  });

  it('on a 390 px phone takes a flag at an edited price with one more tap (the stake the flag suggests), finds it in My bets against the flagged price, adds one by hand and downloads both', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await open(page, '/predictions', 'Predictions');
      const take = page.getByRole('button', { name: /^I took this: / }).first();
      await take.waitFor();
      const flagged = Number(/@ (\d+\.\d+)$/.exec((await take.getAttribute('aria-label'))!)![1]);
      // The stake the form suggests is the flag's own, in the subscriber's plan (flat until they choose one).
      const detail = await take.locator('xpath=ancestor::li[1]').getByTestId('value-bet-detail').first().textContent();
      expect(detail).toMatch(/stake 1\.0% of your bankroll \(flat\)$/);
      await take.click();
      const form = page.getByRole('form', { name: /^I took / });
      expect(Number(await form.getByLabel('Price taken').inputValue())).toBe(flagged);
      expect(await form.getByLabel('Stake').inputValue()).toBe('1');
      await form.getByText('Suggested 1 unit: flat, 1 unit = 1% of your bankroll').waitFor();
      const taken = (flagged - 0.05).toFixed(2);
      await form.getByLabel('Price taken').fill(taken);
      await form.getByRole('button', { name: 'Confirm' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `at ${taken}` })
        .waitFor();

      await (await openAccountMenu(page)).getByRole('menuitem', { name: 'My bets' }).click();
      await heading(page, 'My bets').waitFor();
      await page
        .getByRole('table', { name: 'Open bets' })
        .getByText(`you took ${taken} of the flagged ${flagged.toFixed(2)}`)
        .waitFor();
      expect(await page.getByTestId('my-bets-money').textContent()).toMatch(/^1 bet, /);
      // One more by hand, on another market of a match the product covers; the download holds both.
      const hand = page.getByRole('form', { name: 'Add a bet by hand' });
      await hand.getByLabel('Market').selectOption('ou25');
      await hand.getByLabel('Selection').selectOption('under25');
      await hand.getByLabel('Price').fill('1.90');
      await hand.getByLabel('Stake').fill('10');
      await hand.getByRole('button', { name: 'Add bet' }).click();
      await hand.getByRole('status').filter({ hasText: 'Added to My bets.' }).waitFor();
      await page
        .getByTestId('my-bets-money')
        .filter({ hasText: /^2 bets, / })
        .waitFor();
      const csv = await context.request.get('/api/my-bets.csv');
      expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
      expect((await csv.text()).trim().split('\n')).toHaveLength(3);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await expectAccessible(page, '/my-bets at 390 px');
      await screenshot(page, 'my-bets-390');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('opens a match page from a card: the scoreline heatmap and each model beside the published forecast (named as on the card), with 0 axe violations at 1280 and 390 px', async () => {
    await open(page, '/predictions', 'Predictions');
    const card = page.getByRole('main').getByRole('article').first();
    const title = (await card.getByRole('heading').textContent())!.replace(/\s+/g, ' ').trim();
    await card.getByRole('link', { name: 'Match details' }).click();
    await heading(page, title).waitFor();
    const heatmap = page.getByRole('table', { name: /Scoreline probabilities/ });
    await heatmap.waitFor();
    expect(await heatmap.getByRole('row').count()).toBe(7);
    expect(await heatmap.getByRole('cell').count()).toBe(36);
    await page
      .getByRole('region', { name: 'Home, draw, away by model' })
      .getByRole('row', { name: /^Forecast: (market fair price|our models|\d+% our models|\d+% past market prices)/ })
      .waitFor();
    await page.getByRole('region', { name: 'Goals' }).getByText('Over 3.5').waitFor();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      expect(await hasHorizontalScroll(page), `match page at ${width} px`).toBe(false);
      await expectAccessible(page, `match page as premium at ${width} px`);
      await screenshot(page, `match-premium-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('sees /analytics with the reliability diagram and the per-league table, with 0 axe violations at 1280 and 390 px', async () => {
    await open(page, '/analytics', 'Performance Analytics');
    await page.getByRole('region', { name: 'Picks by market table' }).waitFor();
    // Charts load when they come near the screen (docs/decisions/0213-leagues-in-the-header-and-code-per-page.md).
    await page.getByRole('region', { name: 'Reliability diagram' }).scrollIntoViewIfNeeded();
    await page.getByTestId('reliability-chart').locator('svg.recharts-surface').waitFor();
    expect(await page.getByRole('table', { name: 'Reliability bins' }).getByRole('row').count()).toBeGreaterThan(1);
    expect(await page.getByRole('region', { name: 'By league table' }).getByRole('row').count()).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'All time' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'All time' }).getAttribute('aria-pressed')).toBe('true');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      // The chart follows its container's new width on the next resize observation.
      await expect.poll(() => hasHorizontalScroll(page), { message: `/analytics at ${width} px` }).toBe(false);
      await expectAccessible(page, `/analytics as premium at ${width} px`);
      await screenshot(page, `analytics-premium-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('downloads the ledger as CSV from /analytics: every bet with its closing price and CLV, sealed in the public digests', async () => {
    await open(page, '/analytics', 'Performance Analytics');
    await page
      .getByRole('region', { name: 'Closing line value' })
      .getByText(/Mean CLV over \d+ bets/)
      .waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^ledger-(30-days|all-time)-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = (await readFile(await download.path(), 'utf8')).trimEnd().split('\n');
    const columns = header!.split(',');
    expect(columns.slice(0, 3)).toEqual(['id', 'basis', 'fixture_id']);
    const cells = rows.map((r) => r.split(','));
    const settled = cells.filter((c) => ['won', 'lost'].includes(c[columns.indexOf('result')]!));
    // A fresh stack: the first run's back-tested month, each settled bet with its closing price and CLV.
    expect(
      settled.filter((c) => c[columns.indexOf('closing_price')] !== 'no closing price' && /^-?\d/.test(c[columns.indexOf('clv')]!)).length,
    ).toBeGreaterThanOrEqual(20);
    // Each day of the download is sealed in a public digest.
    const digests = (await (await page.request.get('/api/ledger/digests')).json()) as { backtest: { day: string }[] };
    const days = new Set(cells.filter((c) => c[1] === 'backtest').map((c) => c[columns.indexOf('forecast_at')]!.slice(0, 10)));
    for (const day of days) expect(digests.backtest.map((d) => d.day)).toContain(day);
  });

  it("answers another Premium attempt with 'Current Plan' and 'Already subscribed'", async () => {
    await open(page, '/pricing', 'Simple, transparent pricing');
    const current = page.getByRole('button', { name: 'Current Plan' });
    expect(await current.getAttribute('aria-disabled')).toBe('true');
    await current.click({ force: true }); // aria-disabled: Playwright would wait for it to be enabled
    await expectToast(page, 'Already subscribed');
    expect(currentPath(page)).toBe('/pricing');
  });
});

describe('the subscriber manages the account', () => {
  it("cancels: 'Subscription cancelled', then 'Cancels on <date>' while Premium stays", async () => {
    const menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'Account Settings' }).click();
    await heading(page, 'Account Settings').waitFor();
    await page.getByRole('main').getByText(email).waitFor();
    await expectAccessible(page, '/account as premium');
    await screenshot(page, 'account-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'account-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // What they pay, under one 'Subscription' heading: the price from the provider, the renewal date, the card.
    const main = page.getByRole('main');
    expect(await main.getByRole('heading', { name: 'Subscription', exact: true }).count()).toBe(1);
    expect(await main.getByTestId('plan-price').textContent()).toBe('$29.00/month');
    await main.getByText(/^Renews on \d{1,2} \w+ \d{4}$/).waitFor();
    await main.getByText(/^Visa ending in 4242/).waitFor();
    await main.getByText('Invoices', { exact: true }).waitFor();
    const billing = (await (await context.request.get('/api/account/billing')).json()) as { renewsAt: number };
    expect(Math.abs(billing.renewsAt * 1000 - (stackNow().getTime() + 30 * 86_400_000))).toBeLessThan(86_400_000);

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('button', { name: 'Yes, cancel subscription' }).click();
    await expectToast(page, 'Subscription cancelled', 'You keep Premium until');
    await page.getByText(/^Cancels on \d{1,2} \w+ \d{4}$/).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
    await page.getByRole('banner').getByText('Premium', { exact: true }).waitFor();

    // Resume undoes it: the plan renews again.
    await page.getByRole('button', { name: 'Resume' }).click();
    await expectToast(page, 'Subscription resumed');
    await main.getByText(/^Renews on \d{1,2} \w+ \d{4}$/).waitFor();
    await page.getByRole('button', { name: 'Cancel subscription' }).waitFor();
  });

  it('takes a break of 24 hours: no probability or value flag until its end, which cannot be brought forward', async () => {
    // By keyboard, as every new control must allow.
    const protections = page.getByRole('region', { name: 'Responsible gambling' });
    await protections.getByRole('radio', { name: '24 hours' }).focus();
    await page.keyboard.press('Space');
    expect(await protections.getByRole('radio', { name: '24 hours' }).isChecked()).toBe(true);
    await protections.getByRole('button', { name: 'Take a break' }).focus();
    await page.keyboard.press('Enter');
    await protections.getByText(/^Take a break of 24 hours, until /).waitFor();
    await protections.getByRole('button', { name: 'Yes, take a break' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Break started');
    const { user } = (await (await context.request.get('/api/auth/me')).json()) as { user: { breakUntil: string } };
    expect(Math.abs(Date.parse(user.breakUntil) - (stackNow().getTime() + 86_400_000))).toBeLessThan(10 * 60_000);
    await protections.getByRole('status').filter({ hasText: 'You are taking a break until' }).waitFor();
    // Only a longer break can follow: 24 hours would end sooner.
    expect(await protections.getByRole('radio', { name: '24 hours' }).isDisabled()).toBe(true);
    expect(await protections.getByRole('radio', { name: '7 days' }).isDisabled()).toBe(false);

    await open(page, '/predictions', 'Predictions');
    await page.getByRole('status').filter({ hasText: 'You are taking a break until' }).waitFor();
    const cards = page.getByRole('main').getByRole('article');
    // until when, once: the page's notice; each card only that it is hidden
    await cards.first().getByText('On a break: hidden until it ends').waitFor();
    expect(await page.getByText(/taking a break until/).count()).toBe(1);
    expect(await page.getByTestId('probability').count()).toBe(0);
    // The server sends none: the break is decided there, not hidden by the page.
    const during = (await (await context.request.get('/api/predictions')).json()) as {
      isLocked: boolean;
      homeWinProb: number | null;
      isValueBet: boolean | null;
    }[];
    expect(during.every((p) => p.isLocked && p.homeWinProb === null && p.isValueBet === null)).toBe(true);
    expect((await context.request.get('/api/analytics')).status()).toBe(403);
    // Opened afresh (no toast on screen): the account on a break, with 0 axe violations.
    await open(page, '/account', 'Account Settings');
    await page.getByRole('region', { name: 'Responsible gambling' }).getByRole('status').filter({ hasText: 'You are taking a break until' }).waitFor();
    await expectAccessible(page, '/account on a break');
  });

  it("changes the password: mismatch, too short, then 'Password changed'", async () => {
    const form = page.getByRole('form', { name: 'Change password' });
    const fill = async (current: string, next: string, confirm: string) => {
      await form.getByLabel('Current password').fill(current);
      await form.getByLabel('New password', { exact: true }).fill(next);
      await form.getByLabel('Confirm new password').fill(confirm);
      await form.getByRole('button', { name: 'Change password' }).click();
    };

    await fill(PASSWORD, NEW_PASSWORD, 'something else entirely');
    await expectToast(page, "Passwords don't match", 'Please make sure your new password and confirmation match.');

    await fill(PASSWORD, 'short', 'short');
    await expectToast(page, 'Password too short');

    await fill('not the current one', NEW_PASSWORD, NEW_PASSWORD);
    await expectToast(page, 'Failed to change password');

    // The current password again, and a common one: refused, the server's reason under the field.
    await fill(PASSWORD, PASSWORD, PASSWORD);
    await expectToast(page, 'Same password', 'The new password must be different from the current one.');
    const same = await context.request.post('/api/auth/change-password', { data: { currentPassword: PASSWORD, newPassword: PASSWORD } });
    expect(same.status()).toBe(400);
    expect(await same.text()).toContain('The new password must be different from the current one.');
    await fill(PASSWORD, 'football', 'football');
    await expectToast(page, 'Failed to change password', 'This password is too common: choose one that is harder to guess.');
    await form.getByText('This password is too common: choose one that is harder to guess.').waitFor();

    await fill(PASSWORD, NEW_PASSWORD, NEW_PASSWORD);
    await expectToast(page, 'Password changed', 'Your new password is active.');
    expect(await form.getByLabel('New password', { exact: true }).inputValue()).toBe('');
  });

  it('logs out from the user menu to /, and logs back in with the new password only', async () => {
    const menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    await heading(page, 'AI-Powered Football Predictions').waitFor();
    expect(currentPath(page)).toBe('/');
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();

    await open(page, '/account');
    await heading(page, 'Welcome back').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectToast(page, 'Error');
    await page.getByRole('alert').waitFor();

    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectToast(page, 'Welcome back!');
    await heading(page, /Account Settings|Predictions/).waitFor();
  });

  it("deletes the account: 'Account deleted', home after 1.5 s, and the email can register again", async () => {
    await open(page, '/account', 'Account Settings');
    await page.getByRole('button', { name: 'Delete account' }).click();
    await page
      .getByRole('form', { name: /Are you sure/ })
      .getByLabel('Password')
      .fill('not my password');
    await page.getByRole('button', { name: 'Yes, delete my account' }).click();
    await expectToast(page, 'Failed to delete account');
    await page
      .getByRole('form', { name: /Are you sure/ })
      .getByLabel('Password')
      .fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Yes, delete my account' }).click();
    await expectToast(page, 'Account deleted');
    await page.getByText('Your account has been deleted. Taking you to the home page...').waitFor();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    expect((await context.request.get('/api/auth/me')).status()).toBe(401);

    const fresh = await newContext(browser);
    await registerViaApi(fresh, email);
    await fresh.close();
  });
});

describe('a free user', () => {
  it("has 'Upgrade' in the header, locked cards, and 'Upgrade to Premium' goes straight to checkout", async () => {
    const free = await newContext(browser);
    await registerViaApi(free, uniqueEmail('free'));
    const target = await free.newPage();
    await open(target, '/predictions', 'Predictions');
    await target.getByRole('article').first().waitFor();
    expect(await target.getByTestId('probability').count()).toBe(0);

    await target.getByRole('banner').getByRole('link', { name: 'Upgrade' }).click();
    await heading(target, 'Simple, transparent pricing').waitFor();
    expect(await target.getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(true);
    await target.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await target.waitForURL(/\/__local\/checkout\//);

    // Leaving the checkout comes back to pricing, which says nothing was charged; still on the free plan.
    await target.getByRole('link', { name: 'Cancel' }).click();
    await heading(target, 'Simple, transparent pricing').waitFor();
    await target.getByRole('status').filter({ hasText: 'Checkout cancelled: you have not been charged.' }).waitFor();
    expect(currentPath(target)).toBe('/pricing?checkout=cancelled');
    await target.getByRole('banner').getByRole('link', { name: 'Upgrade' }).waitFor();
    await free.close();
  });
});
