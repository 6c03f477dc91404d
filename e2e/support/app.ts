import { randomUUID } from 'node:crypto';
import type { BrowserContext, Locator, Page, Request, Response } from 'playwright-core';
import { expect } from 'vitest';

import { axeViolations, baseUrl } from './browser.ts';
import { linkIn, mailsTo, waitForMail } from './mail.ts';
import { waitForDemoData } from './stack.ts';

/** Registered like anyone, then made an admin by the operator command (`npm run admin -- grant`). */
export const ADMIN_EMAIL = 'admin@e2e.test';
export const PASSWORD = 'correct horse battery';

export const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 13)}@e2e.test`;

/** Waits (once per file) for the stack's demo pipeline: predictions and metrics. */
export const demoDataReady = () => waitForDemoData(baseUrl());

/**
 * Opens `path` and waits until the app has started (the HTML holds a prerendered first paint that
 * React replaces; web/src/app/start.tsx) and the page's h1 is there (pages load lazily).
 */
export async function open(page: Page, path: string, h1?: string | RegExp): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-app="started"]').waitFor({ state: 'attached' });
  await heading(page, h1).waitFor();
}

/**
 * Opens `path` like `open` and returns the response of the first request matching `wanted` that
 * the new document made. Waiting for any matching response instead can catch one still in flight
 * from the page before, whose body the browser drops when the navigation commits.
 */
export async function openReading(page: Page, path: string, h1: string | RegExp, wanted: (request: Request) => boolean): Promise<Response> {
  let committed = false;
  const onNavigated = (frame: unknown) => {
    if (frame === page.mainFrame()) committed = true;
  };
  let onRequest: (request: Request) => void = () => {};
  const requested = new Promise<Request>((resolve) => {
    onRequest = (request) => {
      if (committed && wanted(request)) resolve(request);
    };
  });
  page.on('framenavigated', onNavigated);
  page.on('request', onRequest);
  try {
    await open(page, path, h1);
    const response = await (await requested).response();
    if (!response) throw new Error(`${path}: the request it made got no response`);
    return response;
  } finally {
    page.off('framenavigated', onNavigated);
    page.off('request', onRequest);
  }
}

/** The page's h1; a string name matches exactly ('Predictions' is not 'AI-Powered Football Predictions'). */
export function heading(page: Page, name?: string | RegExp): Locator {
  return page.getByRole('heading', { level: 1, ...(name ? { name, exact: true } : {}) });
}

/** 0 axe violations (wcag2a, wcag2aa). */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  expect(await axeViolations(page), `axe on ${label}`).toEqual([]);
}

/**
 * Records the title of every toast the page shows from now on, across full-page navigations (a
 * toast right before the browser leaves for checkout is gone before a locator could wait for it).
 */
export async function recordToasts(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__toastShown', (text: string) => void seen.push(text));
  await page.addInitScript(() => {
    // The first toast arrives inside its newly added list: look below each added node too.
    const report = (node: Node) => {
      if (!(node instanceof HTMLElement)) return;
      const toasts = node.matches('[data-sonner-toast]') ? [node] : Array.from(node.querySelectorAll('[data-sonner-toast]'));
      for (const t of toasts) (window as unknown as { __toastShown(t: string): void }).__toastShown(t.textContent ?? '');
    };
    new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach(report))).observe(document, { childList: true, subtree: true });
  });
  return seen;
}

/** A toast with this title is on screen. */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title });
  await toast.first().waitFor();
  if (description) await toast.getByText(description).first().waitFor();
}

const CONFIRMATION = /confirm your email/i;

/**
 * Signs up through the API (201: the context's cookie jar is signed in) and confirms the address
 * with the emailed link, as most accounts are by the time they matter (fast; the UI flow has its
 * own tests in spec-flows.e2e.ts).
 */
export async function registerViaApi(context: BrowserContext, email: string, password = PASSWORD): Promise<void> {
  // An address signed up before (an account deleted since) already holds a used link.
  const before = (await mailsTo(context, email, CONFIRMATION)).length;
  const response = await context.request.post('/api/auth/register', { data: { email, password, acceptTerms: true, confirmAge: true } });
  expect(response.status(), await response.text()).toBe(201);
  await confirmEmail(context, email, before);
}

/**
 * Opens the verification link of the newest sign-up email to `email` (as a person would, in any
 * browser), once more than `after` such emails arrived.
 */
export async function confirmEmail(context: BrowserContext, email: string, after = 0): Promise<void> {
  const link = new URL(linkIn(await waitForMail(context, email, CONFIRMATION, { after }), '/verify-email'), 'http://localhost');
  const response = await context.request.post('/api/auth/verify-email', { data: { token: link.searchParams.get('token') } });
  expect(response.status(), await response.text()).toBe(200);
}

export async function loginViaApi(context: BrowserContext, email: string, password = PASSWORD): Promise<void> {
  const response = await context.request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Ticks sign-up's one box, 'I am 18 or older and accept the Terms', by its label as a person would. */
export async function acceptTerms(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: 'I am 18 or older and accept the Terms' }).check();
}

/**
 * What a betting product must never say (docs/decisions/0167-no-promise-of-winning.md): that a bet
 * is sure, guaranteed or free of risk, or that betting is an income.
 */
const PROMISES_OF_WINNING = [
  /\bguarantee(s|d|ing)?\b/i,
  /\bsure[- ]?(bet|thing|win|winner|fire)s?\b/i,
  /\brisk[- ]free\b/i,
  /\b(can['’]?t|cannot|never|won['’]?t) lose\b/i,
  /\bbeat the bookies?\b/i,
  /\bincome\b/i,
  /\bget rich\b/i,
  /\bfinancial (freedom|security|independence)\b/i,
  /\b(quit|replace) your (day )?job\b/i,
];

/** Every promise of winning in `text`, each with the words around it (none: an empty list). */
export function promisesOfWinning(text: string): string[] {
  return PROMISES_OF_WINNING.flatMap((pattern) => {
    const found = new RegExp(pattern.source, 'gi');
    return [...text.matchAll(found)].map((m) => text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40).replace(/\s+/g, ' '));
  });
}

/** The help line of the footer every page carries, with its four services and their numbers. */
export async function expectResponsibleGamblingFooter(page: Page, label = page.url()): Promise<void> {
  const footer = page.getByRole('contentinfo');
  await footer.getByText('18+ | Gamble responsibly').waitFor();
  const help = footer.getByRole('list', { name: 'Gambling help' });
  const links = await help.getByRole('link').evaluateAll((anchors) => anchors.map((a) => `${a.textContent} ${a.getAttribute('href')}`));
  expect(links, `the footer's help links on ${label}`).toEqual([
    'BeGambleAware https://www.begambleaware.org/',
    'GamCare https://www.gamcare.org.uk/',
    '0808 8020 133 tel:+448088020133',
    'NCPG https://www.ncpgambling.org/',
    '1-800-MY-RESET tel:+18006973738',
    'CCGNJ https://www.800gambler.org/',
    '1-800-GAMBLER tel:+18004262537',
  ]);
  expect(await footer.getByRole('link', { name: 'Responsible gambling: take a break or self-exclude' }).getAttribute('href')).toBe('/responsible-gambling');
}

/** The pathname and search of the page. */
export const currentPath = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** The numbers of the probability figures in a card, in order (home, draw, away, over, under). */
export async function cardProbabilities(card: Locator): Promise<number[]> {
  const texts = await card.getByTestId('probability').allTextContents();
  return texts.map((text) => Number.parseFloat(text));
}
