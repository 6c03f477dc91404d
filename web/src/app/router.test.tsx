import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp } from '@/testing/test-utils';

describe('routes of spec section 2', () => {
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
    ['/account', 'Account Settings'],
    ['/subscription/success?session_id=cs_test_1', 'Payment result'],
    ['/admin/odds', 'Admin: Odds'],
    ['/admin/tracking', 'Performance Tracking'],
  ])('%s shows its page inside the layout', async (url, heading) => {
    await renderApp(url);

    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it.each(['/does-not-exist', '/admin', '/predictions/extra/segments'])('%s shows the 404 page', async (url) => {
    await renderApp(url);

    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it('gives every page a document title', async () => {
    await renderApp('/terms');

    expect(document.title).toBe('Terms of Service | AI Football Predictions');
  });
});
