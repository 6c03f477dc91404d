import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LedgerList } from '@app/contracts/ledger';
import type { MatchPage } from '@app/contracts/matches';
import type { Prediction } from '@app/contracts/predictions';

import { launch, newContext } from '../support/browser.ts';
import { demoDataReady, expectAccessible, heading, open, registerViaApi, uniqueEmail } from '../support/app.ts';

// The value bet where the user is (decisions 0190-0192): a subscriber on a fresh demo stack sees
// every value flag as one line (side, price, bookmaker, fair price, edge, when it was seen) on the
// compact list at 390 px, on the cards at 1280 px and beside the match page's odds table; every
// value entry of the ledger has its price, bookmaker, quote time and fair probability.

let browser: Browser;
let context: BrowserContext;
let page: Page;
let flagged: Prediction;

/** "Value: Under 2.5 @ 3.42 Northbet - fair 3.20 - +6.9% - seen Sat 14 Mar 14:05 GMT" (the one stamp format of quote and seen times) */
const VALUE_LINE =
  /^Value: (Home|Draw|Away|Over 2\.5|Under 2\.5) @ \d+\.\d\d .+ - fair \d+\.\d\d - \+\d+\.\d% - seen (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} \d\d:\d\d GMT([+-]\d{1,2}(:\d\d)?)?$/;
/** Under it: "quoted Tue 8 Dec 21:34 GMT - stake 1.0% of your bankroll (flat)" (the card holds both in one list item). */
const VALUE_DETAIL =
  /^quoted (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} \d\d:\d\d GMT([+-]\d{1,2}(:\d\d)?)? - stake \d+\.\d% of your bankroll \(flat\)$/;
const VALUE_CARD_ITEM = new RegExp(`${VALUE_LINE.source.slice(0, -1)} ${VALUE_DETAIL.source.slice(1)}`);

beforeAll(async () => {
  await demoDataReady();
  browser = await launch();
  context = await newContext(browser);
  await registerViaApi(context, uniqueEmail('value'));
  // The local test-mode checkout, as a subscriber pays.
  const checkout = await context.request.post('/api/stripe/create-checkout-session', { data: {} });
  expect(checkout.status(), await checkout.text()).toBe(200);
  page = await context.newPage();
  await page.goto(((await checkout.json()) as { url: string }).url);
  await page.getByRole('button', { name: 'Pay $29 (test mode)' }).click();
  await heading(page, 'Welcome to Premium!').waitFor();
  const upcoming = (await (await context.request.get('/api/predictions')).json()) as Prediction[];
  const withFlags = upcoming.filter((p) => p.valueBets?.length);
  expect(withFlags.length, 'the demo week has value flags').toBeGreaterThan(0);
  flagged = withFlags[0]!;
}, 240_000);

afterAll(async () => {
  await browser?.close();
});

describe('the value bet where the user is', () => {
  it('reads as one line on the compact list at 390 px', async () => {
    const phone = await newContext(browser, { width: 390, height: 844 });
    try {
      await phone.addCookies(await context.cookies());
      const target = await phone.newPage();
      await open(target, '/predictions', 'Predictions');
      const row = target.locator(`a[data-testid="prediction-row"][href="/predictions/${flagged.id}"]`);
      const lines = row.getByTestId('value-bet-line');
      await lines.first().waitFor();
      expect(await lines.count()).toBe(flagged.valueBets!.length);
      for (const text of await lines.allTextContents()) expect(text.replace(/\s+/g, ' ').trim()).toMatch(VALUE_LINE);
      // each flag's quote time with its day and zone, and its stake (flat until a bankroll and plan are set)
      for (const text of await row.getByTestId('value-bet-detail').allTextContents()) expect(text.trim()).toMatch(VALUE_DETAIL);
      await expectAccessible(target, '/predictions list with value lines at 390 px');
    } finally {
      await phone.close();
    }
  });

  it('reads the same on the card at 1280 px', async () => {
    await open(page, '/predictions', 'Predictions');
    const card = page.getByRole('article').filter({ has: page.locator(`a[href="/predictions/${flagged.id}"]`) });
    const bets = card.getByRole('list', { name: 'Value bets' }).getByRole('listitem');
    await bets.first().waitFor();
    expect(await bets.count()).toBe(flagged.valueBets!.length);
    // the line, its detail, then the subscriber's 'I took this' button
    for (const text of await bets.allTextContents())
      expect(
        text
          .replace(/\s+/g, ' ')
          .replace(/I took this$/, '')
          .trim(),
      ).toMatch(VALUE_CARD_ITEM);
  });

  it('stands beside the odds table on the match page, with Pick and Value told apart when both are there', async () => {
    await open(page, `/predictions/${flagged.id}`);
    const odds = page.getByRole('region', { name: 'Odds' });
    const lines = odds.getByTestId('value-bet-line');
    await lines.first().waitFor();
    for (const text of await lines.allTextContents()) expect(text.replace(/\s+/g, ' ').trim()).toMatch(VALUE_LINE);
    const match = (await (await context.request.get(`/api/predictions/${flagged.id}`)).json()) as MatchPage;
    expect(match.forecast?.valueBets.length).toBe(await lines.count());
    expect(await odds.getByTestId('pick-and-value').count()).toBe(match.forecast!.picks.length ? 1 : 0);
    await expectAccessible(page, 'the match page with its value bet');
  });

  it('records every value entry of the ledger with its price, bookmaker, quote time and fair probability', async () => {
    const ledger = (await (await context.request.get('/api/ledger?period=all')).json()) as LedgerList;
    const value = ledger.entries.filter((e) => e.kind === 'value');
    expect(value.length).toBeGreaterThan(0);
    for (const e of value) {
      expect(e.price, e.id).toBeGreaterThan(1);
      expect(e.bookmaker, e.id).toBeTruthy();
      expect(e.quotedAt, e.id).toBeTruthy();
      expect(e.fairProbability, e.id).toBeGreaterThan(0);
    }
    // the flagged card's entries are among them, at the price first flagged
    for (const bet of flagged.valueBets!) expect(value.some((e) => e.fixtureId === flagged.fixtureId && e.selection === bet.market)).toBe(true);
  });
});
