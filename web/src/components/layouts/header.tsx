import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink } from 'react-router-dom';

import { BrandLink } from '@/components/layouts/brand';
import { headerNavItems } from '@/components/layouts/nav-items';
import { Badge } from '@/components/ui/badge';
import { buttonStyles } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/utils/cn';
import type { HeaderUser } from '@/components/layouts/user-menu';

// Only signed-in users need the dropdown (and its Radix code), so it loads on demand.
const UserMenu = lazy(() => import('@/components/layouts/user-menu').then((module) => ({ default: module.UserMenu })));

/** What the header needs to know about the signed-in user; `null` when logged out. */

export type HeaderProps = {
  user: HeaderUser | null;
  /** Called by the user menu's 'Logout' item. */
  onLogout?: () => void;
};

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-primary-soft text-primary' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
  );

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  cn('block rounded-lg px-3 py-3 text-base font-medium', isActive ? 'bg-primary-soft text-primary' : 'text-foreground hover:bg-muted');

export function Header({ user, onLogout }: HeaderProps) {
  const navItems = headerNavItems(user);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  const closeMenu = () => setMenuOpen(false);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && menuOpen) {
      setMenuOpen(false);
      menuButton.current?.focus();
    }
  };

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur" onKeyDown={closeOnEscape}>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <BrandLink />

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={desktopLink}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex min-w-0 items-center gap-2">
          {user ? (
            <>
              {user.isPremium ? (
                <Badge variant="premium" className="hidden sm:inline-flex">
                  Premium
                </Badge>
              ) : (
                <Link to={paths.pricing.getHref()} className={buttonStyles({ size: 'sm', className: 'hidden sm:inline-flex' })}>
                  Upgrade
                </Link>
              )}
              <Suspense fallback={<span className="size-9 rounded-full bg-muted" aria-hidden="true" />}>
                <UserMenu user={user} onLogout={onLogout} />
              </Suspense>
            </>
          ) : (
            <div className="hidden items-center gap-2 lg:flex">
              <Link to={paths.auth.login.getHref()} className={buttonStyles({ variant: 'ghost', size: 'sm' })}>
                Login
              </Link>
              <Link to={paths.pricing.getHref()} className={buttonStyles({ size: 'sm' })}>
                Subscribe
              </Link>
            </div>
          )}

          <button
            ref={menuButton}
            type="button"
            className={buttonStyles({ variant: 'ghost', size: 'icon', className: 'lg:hidden' })}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label="Menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </button>
        </div>
      </div>

      <div id={menuId} hidden={!menuOpen} className="border-t border-border lg:hidden">
        {menuOpen ? (
          <nav aria-label="Mobile" className="mx-auto max-w-7xl px-4 py-3 sm:px-6">
            <ul className="space-y-1">
              {navItems.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className={mobileLink} onClick={closeMenu}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="mt-3 flex flex-col gap-2 border-t border-border pt-3">
              {user ? (
                user.isPremium ? (
                  <Badge variant="premium" className="self-start">
                    Premium
                  </Badge>
                ) : (
                  <Link to={paths.pricing.getHref()} className={buttonStyles()} onClick={closeMenu}>
                    Upgrade
                  </Link>
                )
              ) : (
                <>
                  <Link to={paths.auth.login.getHref()} className={buttonStyles({ variant: 'outline' })} onClick={closeMenu}>
                    Login
                  </Link>
                  <Link to={paths.pricing.getHref()} className={buttonStyles()} onClick={closeMenu}>
                    Subscribe
                  </Link>
                </>
              )}
            </div>
          </nav>
        ) : null}
      </div>
    </header>
  );
}
