import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
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
 * context `prepare` may set up first (a login); the phone's context is closed afterwards.
 */
export async function onDesktopAndPhone(
  browser: Browser,
  page: Page,
  check: (target: Page, width: 1280 | 390) => Promise<void>,
  prepare?: (phone: BrowserContext) => Promise<void>,
): Promise<void> {
  await check(page, 1280);
  const phone = await newContext(browser, { width: 390, height: 844 });
  try {
    await prepare?.(phone);
    await check(await phone.newPage(), 390);
  } finally {
    await phone.close();
  }
}

/** Runs axe with the WCAG 2 A and AA rules and returns the violations (id: nodes). */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations.map(
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
