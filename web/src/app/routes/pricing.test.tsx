import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { currentUrl, renderApp } from '@/testing/test-utils';

describe('/pricing for a visitor', () => {
  it('shows Free at $0 forever, Premium at $29 per month and 2,500+ members', async () => {
    await renderApp('/pricing');

    const free = screen.getByRole('article', { name: 'Free' });
    const premium = screen.getByRole('article', { name: 'Premium' });
    expect(within(free).getByText('$0')).toBeInTheDocument();
    expect(within(free).getByText('forever')).toBeInTheDocument();
    expect(within(premium).getByText('$29')).toBeInTheDocument();
    expect(within(premium).getByText('per month')).toBeInTheDocument();
    expect(screen.getByText(/2,500\+ members/)).toBeInTheDocument();
  });

  it('sends the Free button to sign-up', async () => {
    const { user, router } = await renderApp('/pricing');

    await user.click(within(screen.getByRole('article', { name: 'Free' })).getByRole('link', { name: 'Get Started Free' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/login?mode=signup');
  });

  it("sends the Premium button to sign-up with intent=subscribe and says 'Account required'", async () => {
    const { user, router } = await renderApp('/pricing');

    await user.click(within(screen.getByRole('article', { name: 'Premium' })).getByRole('button', { name: 'Subscribe Now' }));

    expect(await screen.findByText('Account required')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/login?mode=signup&intent=subscribe');
  });
});
