import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { Header } from '@/components/layouts/header';
import { renderWithProviders } from '@/testing/test-utils';

describe('header for a signed-in user', () => {
  it("shows the user's menu with 'My Account', 'Account Settings' and 'Logout'", async () => {
    const onLogout = vi.fn();
    const { user } = renderWithProviders(<Header user={{ email: 'fan@example.com', isPremium: false }} onLogout={onLogout} />);

    await user.click(await screen.findByRole('button', { name: /account menu for fan@example.com/i }));
    const menu = await screen.findByRole('menu');

    expect(within(menu).getByText('My Account')).toBeInTheDocument();
    expect(within(menu).getByText('fan@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Account Settings' })).toHaveAttribute('href', '/account');
    expect(within(menu).queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it("has an 'Admin' entry to /admin/odds for an admin", async () => {
    const { user } = renderWithProviders(<Header user={{ email: 'staff@example.com', isPremium: false, isAdmin: true }} />);

    await user.click(await screen.findByRole('button', { name: /account menu for staff@example.com/i }));
    const menu = await screen.findByRole('menu');

    expect(within(menu).getByRole('menuitem', { name: 'Admin' })).toHaveAttribute('href', '/admin/odds');
  });

  it("offers a free user an 'Upgrade' button to /pricing and no Login link", async () => {
    renderWithProviders(<Header user={{ email: 'fan@example.com', isPremium: false }} />);

    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByText('Premium')).not.toBeInTheDocument();
    await screen.findByRole('button', { name: /account menu/i });
  });

  it("shows a premium user a 'Premium' badge instead of 'Upgrade'", async () => {
    renderWithProviders(<Header user={{ email: 'pro@example.com', isPremium: true }} />);

    expect(screen.getByText('Premium')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
    await screen.findByRole('button', { name: /account menu/i });
  });

  it('links a subscriber to /analytics and the leagues, and offers no Pricing link, in the header and the phone menu', async () => {
    const { user } = renderWithProviders(<Header user={{ email: 'pro@example.com', isPremium: true }} />);
    const main = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(main.getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/analytics');
    expect(main.getByRole('link', { name: 'Leagues' })).toHaveAttribute('href', '/leagues');
    expect(main.queryByRole('link', { name: 'Pricing' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const mobile = within(screen.getByRole('navigation', { name: 'Mobile' }));
    expect(mobile.getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/analytics');
    expect(mobile.getByRole('link', { name: 'Leagues' })).toHaveAttribute('href', '/leagues');
    expect(mobile.queryByRole('link', { name: 'Pricing' })).not.toBeInTheDocument();
    await screen.findByRole('button', { name: /account menu/i });
  });

  it('offers a free user Pricing and no Analytics link', async () => {
    renderWithProviders(<Header user={{ email: 'fan@example.com', isPremium: false }} />);
    const main = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(main.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(main.queryByRole('link', { name: 'Analytics' })).not.toBeInTheDocument();
    await screen.findByRole('button', { name: /account menu/i });
  });
});
