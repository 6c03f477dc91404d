import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

import { stackNow } from './clock.ts';

/** Debian's chromium; CHROMIUM_PATH overrides. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const artifactsDir = resolve(import.meta.dirname, '..', 'artifacts');

export const baseUrl = () => inject('baseUrl');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** What the app's API client reported (web/src/lib/api-client.ts): answers outside their contract. */
const contractReports: string[] = [];

/** The reports since the last call (support/contract-reports.ts fails the test that caused one). */
export function takeContractReports(): string[] {
  return contractReports.splice(0);
}

/**
 * A browser context on the stack's clock (support/clock.ts): its pages run from `stackNow()` on.
 * Its pages' reports of an API answer outside its contract are collected for takeContractReports.
 */
export async function newContext(browser: Browser, options: { width?: number; height?: number } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: options.width ?? 1280, height: options.height ?? 800 } });
  // Each step waits for its locator, response or page; this only bounds a hang (Playwright's 30 s
  // default was within reach of a page's first load beside CPU burners).
  context.setDefaultTimeout(90_000);
  context.on('weberror', (error) => {
    const text = String(error.error());
    if (text.startsWith('ResponseContractError')) contractReports.push(`${error.page()?.url() ?? '(page closed)'}: ${text}`);
  });
  await context.clock.install({ time: stackNow() });
  return context;
}

/** A page in a new desktop context of its own (no cookies shared with other tests). */
export async function freshPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser);
  return { context, page: await context.newPage() };
}

/**
 * Runs `check` on `page` (the desktop, 1280 px) and then on a new 390 x 844 phone page, whose
 * context `prepare` may set up first (a login); the phone's context is closed afterwards. A file
 * that checks several pages this way as one visitor may pass its own `phone` context (390 x 844)
 * instead: a new page of it is used and closed, and its cache serves the next check.
 */
export async function onDesktopAndPhone(
  browser: Browser,
  page: Page,
  check: (target: Page, width: 1280 | 390) => Promise<void>,
  prepare?: (phone: BrowserContext) => Promise<void>,
  shared?: BrowserContext,
): Promise<void> {
  await check(page, 1280);
  const phone = shared ?? (await newContext(browser, { width: 390, height: 844 }));
  let target: Page | undefined;
  try {
    await prepare?.(phone);
    target = await phone.newPage();
    await check(target, 390);
  } finally {
    await (shared ? target?.close() : phone.close());
  }
}

/**
 * axe-core's minified build, the same version @axe-core/playwright carries (its own dependency),
 * configured as AxeBuilder's legacy mode configures it: frames of the page's own origin only.
 */
const axeScript = `${readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
)};axe.configure({ allowedOrigins: ['<same_origin>'] });`;

interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[] }[];
}
type AxeWindow = typeof window & {
  axe?: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> };
};

/** Pages scanned before, and those whose every new document gets axe as it starts. */
const scannedPages = new WeakSet<Page>();
const startingWithAxe = new WeakSet<Page>();

/**
 * Runs axe with the WCAG 2 A and AA rules and returns the violations (id: nodes).
 *
 * The same scan as @axe-core/playwright's analyze(), for a fraction of its CPU: that sent the
 * 1.3 MB unminified script over the protocol twice a scan and finished each scan in a new blank
 * page, most of a scan's cost on a small page. Here the minified script crosses once
 * for a page's first document, and once more for all the others: from its second scanned
 * document on, each new document of the page loads it as it starts (the browser keeps it
 * compiled). axe.run() runs in the document itself, as AxeBuilder's legacy mode does; the
 * product's pages hold no frame of another origin, the one thing legacy mode leaves out
 * (docs/decisions/0352-e2e-axe-in-the-page.md).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  for (const frame of page.frames()) {
    // A frame that cannot be reached (detached, another origin) is left out, as legacy mode does.
    if (await frame.evaluate(() => typeof (window as AxeWindow).axe === 'object').catch(() => true)) continue;
    if (frame === page.mainFrame() && scannedPages.has(page) && !startingWithAxe.has(page)) {
      startingWithAxe.add(page);
      await page.addInitScript(axeScript);
    }
    await frame.evaluate(axeScript);
  }
  scannedPages.add(page);
  // Only the violations are asserted: the passes' and incompletes' nodes are not collected.
  const violations = await page.evaluate(
    async (values) =>
      (await (window as AxeWindow).axe!.run(document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] })).violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.map((n) => ({ target: n.target })),
      })),
    ['wcag2a', 'wcag2aa'],
  );
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  // A full-page capture paints what is off screen too: lift content-visibility (the page skips
  // rendering far-away cards until they are scrolled near). CSSOM, so the CSP allows it.
  await page.evaluate(() => {
    window.scrollTo(0, 0); // the sticky header belongs at the top of the capture
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('*'))) {
      if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
    }
  });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
}

/** True when the page is wider than the viewport (horizontal scroll). */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}
