import { SITE_ROUTES } from '@app/contracts/site';
import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { createAppRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/react-query';

import { makeUser } from '@/testing/data-generators';
import { mockApi } from '@/testing/mock-api';
import { currentUrl, renderApp } from '@/testing/test-utils';

describe('routes of docs/product.md#routes', () => {
  it.each([
    ['/', 'AI-Powered Football Predictions'],
    ['/predictions', 'Predictions'],
    ['/how-it-works', 'How It Works'],
    ['/pricing', 'Simple, transparent pricing'],
    ['/about', 'About Us'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/contact', 'Contact Us'],
    ['/login', 'Welcome back'],
    ['/login?mode=signup', 'Create your account'],
    ['/signup', 'Create your account'],
    ['/responsible-gambling', 'Responsible gambling'],
    ['/subscription/success', 'Payment not confirmed'],
  ])('%s shows its page inside the layout', async (url, heading) => {
    await renderApp(url);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it.each([
    ['/account', 'user', 'Account Settings'],
    ['/admin/odds', 'admin', 'Admin: Odds'],
    ['/admin/tracking', 'admin', 'Performance Tracking'],
  ] as const)('%s shows its page to a signed-in %s', async (url, role, heading) => {
    mockApi({
      'GET /api/auth/me': { user: makeUser({ role }) },
      'GET /api/admin/winning-predictions': [],
      'GET /api/tracking/predictions': [],
    });
    await renderApp(url);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each([
    ['/account', '/login?redirect=/account'],
    ['/admin/odds', '/login?redirect=/admin/odds'],
    ['/admin/tracking', '/login?redirect=/admin/tracking'],
  ])('%s sends a visitor to %s', async (url, target) => {
    const { router } = await renderApp(url);

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe(target);
  });

  it.each(['/admin/odds', '/admin/tracking'])('%s tells a signed-in user without the admin role that they are not authorised', async (url) => {
    const winning = mockApi({ 'GET /api/auth/me': { user: makeUser({ role: 'user', subscriptionStatus: 'premium' }) } });
    const { router } = await renderApp(url);

    expect(await screen.findByRole('heading', { level: 1, name: 'Not authorised' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe(url);
    expect(winning.calls.filter((call) => call.path.startsWith('/api/admin') || call.path.startsWith('/api/tracking'))).toEqual([]);
  });

  it.each(['/does-not-exist', '/admin', '/predictions/extra/segments'])('%s shows the 404 page', async (url) => {
    await renderApp(url);

    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it("has one route for each of the site's routes, the list the server's real 404 reads, and the catch-all", () => {
    const patterns = (routes: RouteObject[]): string[] => routes.flatMap((r) => [...(r.path ? [r.path] : r.index ? ['/'] : []), ...patterns(r.children ?? [])]);
    const [root] = createAppRoutes(createQueryClient());
    const paths = patterns(root!.children ?? []);
    expect(paths.filter((p) => p !== '*').sort()).toEqual(Object.values(SITE_ROUTES).sort());
    expect(paths).toContain('*');
  });

  it('gives every page a document title', async () => {
    await renderApp('/terms');

    expect(document.title).toBe('Terms of Service | AI Football Predictions');
  });
});
