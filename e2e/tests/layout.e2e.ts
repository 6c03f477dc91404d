import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { baseUrl, hasHorizontalScroll, launch, newContext } from '../support/browser.ts';
import { demoDataReady, open } from '../support/app.ts';
import { layoutShift, premiumContext, recordLayoutShift } from '../support/premium.ts';

// Pages that hold still and fit every width (issue 34 items 3 and 4), and each page's JavaScript
// (issue 37 item 2, the light check; `npm run bench` runs Lighthouse): a visitor and a subscriber,
// each in one context whose viewport moves through 390, 768, 1024 and 1440 px.

const WIDTHS = [390, 768, 1024, 1440] as const;
const HEIGHT = { 390: 844, 768: 1024, 1024: 768, 1440: 900 } as const;
/** The most layout shift a page may show while it loads, at 390 px. */
const MAX_LAYOUT_SHIFT = 0.1;
/** The most JavaScript (compressed, as sent) a page may load. */
const MAX_JS_KB = 200;

let browser: Browser;
let visitor: BrowserContext;
let subscriber: BrowserContext;
/** Public pages, with their h1 (a pattern where it names the match, team or league). */
let publicPages: [string, string | RegExp][];
const premiumPages: [string, string | RegExp][] = [
  ['/analytics', 'Performance Analytics'],
  ['/account', 'Account Settings'],
];

beforeAll(async () => {
  await demoDataReady();
  browser = await launch();
  const [first] = (await (await fetch(`${baseUrl()}/api/predictions`)).json()) as { id: string; leagueId: string; homeTeamSlug: string }[];
  publicPages = [
    ['/', 'AI-Powered Football Predictions'],
    ['/predictions', 'Predictions'],
    ['/results', 'Results'],
    ['/leagues', 'Leagues'],
    [`/leagues/${first!.leagueId}`, /season .* simulated/],
    [`/teams/${first!.homeTeamSlug}`, /./],
    [`/predictions/${encodeURIComponent(first!.id)}`, / vs /],
    ['/how-it-works', 'How It Works'],
    ['/pricing', 'Simple, transparent pricing'],
  ];
  visitor = await newContext(browser, { width: 390, height: 844 });
  subscriber = (await premiumContext(browser, { width: 390, height: 844 })).context;
  await recordLayoutShift(visitor);
  await recordLayoutShift(subscriber);
}, 240_000);

afterAll(async () => {
  await browser?.close();
});

/**
 * Opens a page and waits until its data has arrived and been laid out: no new resource finished
 * for half a second (a page that polls never goes fully idle, so this is not 'networkidle'), then
 * two frames.
 */
async function openSettled(page: Page, path: string, h1: string | RegExp): Promise<void> {
  await open(page, path, h1).catch((error: Error) => {
    throw new Error(`${path} at ${page.viewportSize()?.width} px: ${error.message}`);
  });
  await page.waitForLoadState('load');
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let seen = -1;
        let quiet = 0;
        const check = () => {
          const count = performance.getEntriesByType('resource').length;
          quiet = count === seen ? quiet + 1 : 0;
          seen = count;
          if (quiet >= 5) requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
          else setTimeout(check, 100);
        };
        check();
      }),
  );
}

/**
 * Cards (bordered, rounded boxes) and tables of <main> whose right edge passes their column's,
 * or the screen's: each as 'tag.class: right edge > column edge'. Content inside a region that
 * scrolls sideways on purpose is left out (it is inside its column by design).
 */
function overflowingCards(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const element of Array.from(
      document.querySelectorAll<HTMLElement>('main article, main section, main table, main [class*="rounded-xl"], main [class*="rounded-2xl"]'),
    )) {
      // Inside a closed <details> nothing is on screen (the browser measures it unlaid out, wider than its column).
      if (element.parentElement?.closest('details:not([open])')) continue;
      const scroller = element.parentElement?.closest<HTMLElement>('[role="region"][tabindex]');
      if (scroller && ['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) continue;
      let column = element.parentElement;
      while (column && getComputedStyle(column).display === 'contents') column = column.parentElement;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || !column) continue;
      const edge = Math.min(column.getBoundingClientRect().right, width);
      if (box.right > edge + 1)
        found.push(`${element.tagName.toLowerCase()}.${String(element.className).slice(0, 50)}: ${Math.round(box.right)} > ${Math.round(edge)}`);
    }
    return found;
  });
}

/** Waits until a resized page has laid itself out again: a media query's listeners re-render, then two frames. */
async function resized(page: Page, width: (typeof WIDTHS)[number]): Promise<void> {
  await page.setViewportSize({ width, height: HEIGHT[width] });
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), 50)));
}

// Each page loads once, at 390 px as a phone opens it (its layout shift is measured then), and is
// then widened to 768, 1024 and 1440 px as a window is: it must fit at every width either way. One
// load per page instead of one per width (issue 37 item 4: the e2e layer's time).
describe.each([
  ['a visitor', () => visitor, () => publicPages],
  ['a subscriber', () => subscriber, () => [...publicPages, ...premiumPages]],
])('%s', (_, context, pages) => {
  it(
    'sees every page hold still while it loads at 390 px (layout shift at most 0.1), then fit at 390, 768, 1024 and 1440 px: no sideways scroll, no card past its column, the navigation in the menu below 1024 px',
    { timeout: 180_000 },
    async () => {
      const page = await context().newPage();
      const shifts: string[] = [];
      const problems: string[] = [];
      for (const [path, h1] of pages()) {
        await page.setViewportSize({ width: 390, height: HEIGHT[390] });
        await openSettled(page, path, h1);
        const { value, sources } = await layoutShift(page);
        if (value > MAX_LAYOUT_SHIFT) shifts.push(`${path}: ${value.toFixed(3)} (${sources.join('; ')})`);
        for (const width of WIDTHS) {
          if (width !== 390) await resized(page, width);
          if (await hasHorizontalScroll(page)) problems.push(`${path} at ${width} px: sideways scroll`);
          for (const card of await overflowingCards(page)) problems.push(`${path} at ${width} px: ${card}`);
          const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
          if ((await menuButton.isVisible()) !== width < 1024) problems.push(`${path} at ${width} px: the Menu button ${width < 1024 ? 'missing' : 'shown'}`);
          if ((await page.getByRole('navigation', { name: 'Main' }).isVisible()) !== width >= 1024)
            problems.push(`${path} at ${width} px: the header's navigation ${width >= 1024 ? 'missing' : 'shown'}`);
        }
      }
      await page.close();
      expect(shifts).toEqual([]);
      expect(problems).toEqual([]);
    },
  );
});

describe('tables on a phone', () => {
  it("stacks /results as labelled rows (pick, odds, CLV, won/lost on screen), the analytics intervals too, and pins the league table's first column with a scroll cue", async () => {
    const page = await subscriber.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await openSettled(page, '/results', 'Results');
    const row = page.getByRole('region', { name: 'Settled predictions' }).getByRole('row').nth(1);
    for (const label of ['Bets', 'Odds', 'CLV', 'Outcome']) {
      const cell = row.locator(`[data-label="${label}"]`);
      const box = (await cell.boundingBox())!;
      expect(box.x, label).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, label).toBeLessThanOrEqual(390);
      // The column's name is shown beside the value.
      expect(await cell.evaluate((element) => getComputedStyle(element, '::before').content)).toBe(`"${label}"`);
    }

    // One set of numbers: the landing card's read, the /results summary's column of its basis and /analytics' all picks count the same picks.
    const latest = (await (await page.request.get('/api/metrics/latest')).json()) as { basis: 'published' | 'backtest'; totalPredictions: number };
    const settled = await page
      .getByRole('table', { name: 'Last 30 days by basis' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Settled picks' }) })
      .getByRole('cell')
      .allTextContents();
    expect(settled[latest.basis === 'published' ? 0 : 1]).toBe(String(latest.totalPredictions));

    await openSettled(page, '/analytics', 'Performance Analytics');
    const interval = page.getByRole('region', { name: 'Picks by market table' }).locator('[data-label="ROI [95% interval]"]').first();
    const box = (await interval.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.getByRole('region', { name: 'Picks by market table' }).locator('[data-label="Bets"]').first().textContent()).toBe(
      String(latest.totalPredictions),
    );

    const [first] = (await (await page.request.get('/api/predictions')).json()) as { leagueId: string }[];
    await openSettled(page, `/leagues/${first!.leagueId}`, /season .* simulated/);
    const chances = page.getByRole('region', { name: 'Season simulation, scrolls sideways' });
    // The cue lies over the region's right edge (a sibling, so showing it moves nothing).
    const cue = chances.locator('xpath=..').getByTestId('scroll-cue');
    await cue.waitFor();
    const club = chances.getByRole('rowheader').first();
    const before = (await club.boundingBox())!.x;
    await chances.evaluate((element) => element.scrollBy({ left: 400 }));
    await expect.poll(async () => (await club.boundingBox())!.x).toBe(before);
    await expect.poll(() => cue.count()).toBe(0);
    await page.close();
  });
});

describe('JavaScript per page', () => {
  it('loads at most 200 KB of JavaScript (compressed) on each public page at 390 px, and no chart library on a page that draws no chart', async () => {
    const heavy: string[] = [];
    for (const [path, h1] of publicPages) {
      // A context of its own: an empty cache, so every script the page needs is fetched and counted.
      const context = await newContext(browser, { width: 390, height: 844 });
      const page = await context.newPage();
      const scripts: Promise<{ url: string; bytes: number }>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script')
          scripts.push(
            response
              .request()
              .sizes()
              .then((sizes) => ({ url: response.url(), bytes: sizes.responseBodySize })),
          );
      });
      await openSettled(page, path, h1);
      const sizes = await Promise.all(scripts);
      const total = sizes.reduce((sum, s) => sum + s.bytes, 0) / 1024;
      if (total > MAX_JS_KB) heavy.push(`${path}: ${total.toFixed(1)} KB`);
      const drawsChart = (await page.locator('.recharts-wrapper').count()) > 0;
      if (!drawsChart && sizes.some((s) => /\/assets\/(LineChart|AreaChart|BarChart|recharts)[-.]/i.test(s.url)))
        heavy.push(`${path}: loads the chart library without drawing a chart`);
      await context.close();
    }
    expect(heavy).toEqual([]);
  });
});
