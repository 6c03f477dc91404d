import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { currentUrl, renderApp } from '@/testing/test-utils';

function linkTargets(container: HTMLElement) {
  return within(container)
    .getAllByRole('link')
    .map((link) => [link.textContent?.trim(), link.getAttribute('href')]);
}

describe('header and footer (logged out)', () => {
  it('header links to Home, Predictions, Results, Leagues, How It Works and Pricing, plus Login and Subscribe', async () => {
    await renderApp('/about');
    const header = await screen.findByRole('banner');

    expect(linkTargets(within(header).getByRole('navigation', { name: 'Main' }))).toEqual([
      ['Home', '/'],
      ['Predictions', '/predictions'],
      ['Results', '/results'],
      ['Leagues', '/leagues'],
      ['How It Works', '/how-it-works'],
      ['Pricing', '/pricing'],
    ]);
    expect(within(header).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/pricing');
    expect(within(header).queryByRole('button', { name: /account menu/i })).not.toBeInTheDocument();
  });

  it('footer links to the seven pages of the spec', async () => {
    await renderApp('/');
    const footerNav = within(await screen.findByRole('contentinfo')).getByRole('navigation', { name: 'Footer' });

    expect(linkTargets(footerNav).map(([, href]) => href)).toEqual(['/predictions', '/how-it-works', '/pricing', '/about', '/contact', '/privacy', '/terms']);
  });

  it('footer says 18+ | Gamble responsibly and links to the help services and to /responsible-gambling', async () => {
    await renderApp('/about');
    const help = within(await screen.findByRole('contentinfo')).getByRole('region', { name: '18+ | Gamble responsibly' });

    expect(within(help).getByRole('link', { name: /Responsible gambling/ })).toHaveAttribute('href', '/responsible-gambling');
    const services = within(within(help).getByRole('list', { name: 'Gambling help' }));
    expect(services.getByRole('link', { name: 'BeGambleAware' })).toHaveAttribute('href', 'https://www.begambleaware.org/');
    expect(services.getByRole('link', { name: 'GamCare' })).toHaveAttribute('href', 'https://www.gamcare.org.uk/');
    expect(services.getByRole('link', { name: 'NCPG' })).toHaveAttribute('href', 'https://www.ncpgambling.org/');
    expect(services.getByRole('link', { name: 'Call NCPG on 1-800-MY-RESET' })).toHaveAttribute('href', 'tel:+18006973738');
    expect(services.getByRole('link', { name: 'Call CCGNJ on 1-800-GAMBLER' })).toHaveAttribute('href', 'tel:+18004262537');
  });

  it('marks the current page in the header', async () => {
    await renderApp('/pricing');
    const nav = within(await screen.findByRole('banner')).getByRole('navigation', { name: 'Main' });

    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('navigates when a header link is clicked', async () => {
    const { user, router } = await renderApp('/');

    await user.click(within(await screen.findByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'How It Works' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'How It Works' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/how-it-works');
  });

  it('offers a skip link to the main content as the first focusable element', async () => {
    const { user } = await renderApp('/');

    await user.tab();

    const skip = await screen.findByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });

  it('opens and closes the mobile menu with the keyboard', async () => {
    const { user, router } = await renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();

    toggle.focus();
    await user.keyboard('{Enter}');
    const mobileNav = screen.getByRole('navigation', { name: 'Mobile' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(mobileNav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.click(within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Pricing' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Simple, transparent pricing' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/pricing');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });
});
