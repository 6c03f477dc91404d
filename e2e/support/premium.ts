import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

import { newContext } from './browser.ts';
import { registerViaApi, uniqueEmail } from './app.ts';

/**
 * A new context signed in as a premium subscriber, made the fast way: sign-up through the API,
 * then the local test-mode checkout paid with one POST (its webhook goes through the real route).
 * The UI flow has its own test (subscriber.e2e.ts).
 */
export async function premiumContext(browser: Browser, options: { width?: number; height?: number } = {}): Promise<{ context: BrowserContext; email: string }> {
  const context = await newContext(browser, options);
  const email = uniqueEmail('premium');
  await registerViaApi(context, email);
  const checkout = await context.request.post('/api/stripe/create-checkout-session', { data: {} });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await context.request.post(`${new URL(url, 'http://localhost').pathname}/pay`, { maxRedirects: 0 });
  expect(paid.status(), await paid.text()).toBe(303);
  const me = (await (await context.request.get('/api/auth/me')).json()) as { user: { subscriptionStatus: string } };
  expect(me.user.subscriptionStatus).toBe('premium');
  return { context, email };
}

/**
 * Records the page's cumulative layout shift from its first paint (PerformanceObserver of
 * 'layout-shift' entries without recent input), for every document the context opens.
 */
export async function recordLayoutShift(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const record = { value: 0, sources: [] as string[] };
    (window as unknown as { __layoutShift: typeof record }).__layoutShift = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
        if (entry.hadRecentInput) continue;
        record.value += entry.value;
        const nodes = (entry.sources ?? []).map((s) =>
          s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${String(s.node.className).slice(0, 60)}` : String(s.node?.nodeName),
        );
        record.sources.push(`${entry.value.toFixed(3)}: ${nodes.join(' | ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift recorded so far on the page's current document, with what moved. */
export function layoutShift(page: Page): Promise<{ value: number; sources: string[] }> {
  return page.evaluate(() => (window as unknown as { __layoutShift: { value: number; sources: string[] } }).__layoutShift);
}
