import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launch, newContext } from '../support/browser.ts';
import { currentPath, demoDataReady, heading, open } from '../support/app.ts';
import { premiumContext } from '../support/premium.ts';

// The paid features in reach (issue 34 item 5) and real 404s for unknown matches, teams and
// leagues (item 7): a visitor and a subscriber, on a phone and on a wide screen.

let browser: Browser;
let visitor: BrowserContext;
let subscriber: BrowserContext;
type Upcoming = { id: string; leagueId: string; league: string; homeTeam: string; homeTeamSlug: string };
let first: Upcoming;

beforeAll(async () => {
  await demoDataReady();
  browser = await launch();
  visitor = await newContext(browser, { width: 1440, height: 900 });
  subscriber = (await premiumContext(browser, { width: 1440, height: 900 })).context;
  first = ((await (await visitor.request.get('/api/predictions')).json()) as Upcoming[])[0]!;
}, 240_000);

afterAll(async () => {
  await browser?.close();
});

const navLinks = (page: Page, name: 'Main' | 'Mobile') =>
  page
    .getByRole('navigation', { name })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => `${a.textContent} ${a.getAttribute('href')}`));

describe('the header and the phone menu', () => {
  it('offers a visitor the league pages and Pricing, not Analytics, on a wide screen and in the phone menu', async () => {
    const page = await visitor.newPage();
    await open(page, '/about', 'About Us');
    expect(await navLinks(page, 'Main')).toEqual([
      'Home /',
      'Predictions /predictions',
      'Results /results',
      'Leagues /leagues',
      'How It Works /how-it-works',
      'Pricing /pricing',
    ]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
    expect(await navLinks(page, 'Mobile')).toContain('Leagues /leagues');
    expect(await navLinks(page, 'Mobile')).not.toContain('Analytics /analytics');
    await page.close();
  });

  it('offers a subscriber /analytics and the league pages, and no Pricing link, on a wide screen and in the phone menu', async () => {
    const page = await subscriber.newPage();
    await open(page, '/about', 'About Us');
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('link', { name: 'Analytics' }).waitFor();
    expect(await navLinks(page, 'Main')).toEqual([
      'Home /',
      'Predictions /predictions',
      'Results /results',
      'Leagues /leagues',
      'Analytics /analytics',
      'How It Works /how-it-works',
    ]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
    const mobile = await navLinks(page, 'Mobile');
    expect(mobile).toContain('Analytics /analytics');
    expect(mobile).toContain('Leagues /leagues');
    expect(mobile.some((link) => link.startsWith('Pricing'))).toBe(false);
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Analytics' }).click();
    await heading(page, 'Performance Analytics').waitFor();
    await page.close();
  });
});

describe('links to the league and team pages', () => {
  it('goes from the header to the leagues, from there to a league, to a club, and back through the badges and names of the cards', async () => {
    const page = await visitor.newPage();
    await open(page, '/', 'AI-Powered Football Predictions');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leagues' }).click();
    await heading(page, 'Leagues').waitFor();
    await page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(`^${first.league}`) })
      .click();
    await heading(page, new RegExp(`^${first.league}: season .* simulated$`)).waitFor();
    expect(currentPath(page)).toBe(`/leagues/${first.leagueId}`);

    // A club of the simulated table leads to its page.
    const club = page.getByRole('table', { name: 'Season simulation' }).getByRole('link').first();
    const clubPage = (await club.getAttribute('href'))!;
    expect(clubPage).toMatch(/^\/teams\//);
    await club.click();
    await page.waitForURL((url) => url.pathname === clubPage);
    await page.getByRole('region', { name: 'Season simulation', exact: true }).waitFor();

    // On the predictions' cards: the league badge and each club's name are links to their pages.
    await open(page, '/predictions', 'Predictions');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: 'Match details' }) })
      .first();
    await card.waitFor();
    const links = await card.getByRole('link').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links.some((href) => href?.startsWith('/leagues/'))).toBe(true);
    expect(links.filter((href) => href?.startsWith('/teams/'))).toHaveLength(2);
    const cardClub = card.getByRole('heading').getByRole('link').first();
    const href = (await cardClub.getAttribute('href'))!;
    await cardClub.click();
    await page.waitForURL((url) => url.pathname === href);
    await page.getByRole('region', { name: 'Season simulation', exact: true }).waitFor();
    await page.close();
  });

  it('links the match page to its league and its clubs, and /results to the leagues', async () => {
    const page = await visitor.newPage();
    await open(page, `/predictions/${encodeURIComponent(first.id)}`, / vs /);
    expect(await page.getByRole('main').getByRole('link', { name: first.league, exact: true }).first().getAttribute('href')).toBe(`/leagues/${first.leagueId}`);
    const form = page.getByRole('region', { name: 'Form: last five results' });
    expect(await form.getByRole('heading', { level: 3 }).first().getByRole('link').getAttribute('href')).toBe(`/teams/${first.homeTeamSlug}`);

    await open(page, '/results', 'Results');
    const row = page.getByRole('region', { name: 'Settled predictions' }).getByRole('row').nth(1);
    await row.waitFor();
    expect(
      await row.getByRole('link').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')).filter((href) => href?.startsWith('/leagues/'))),
    ).toHaveLength(1);
    await page.close();
  });
});

describe('real 404s', () => {
  it('answers an unknown match, team or league with HTTP 404 and a page that says so; a known one with 200', async () => {
    const page = await visitor.newPage();
    const cases: [string, string][] = [
      ['/predictions/no-such-match', 'Match not found'],
      ['/teams/no-such-team', 'Team not found'],
      ['/leagues/XX9', 'No season simulation yet'],
    ];
    for (const [path, title] of cases) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await heading(page, title).waitFor();
    }
    for (const path of [`/predictions/${encodeURIComponent(first.id)}`, `/teams/${first.homeTeamSlug}`, `/leagues/${first.leagueId}`, '/leagues']) {
      expect((await page.goto(path))?.status(), path).toBe(200);
    }
    await page.close();
  });
});
