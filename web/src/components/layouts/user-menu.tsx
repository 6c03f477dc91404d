import { LogOut, NotebookPen, Settings, ShieldCheck, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router-dom';

import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';

const item =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-foreground outline-none ' +
  'data-[highlighted]:bg-muted [&_svg]:size-4 [&_svg]:text-muted-foreground';

/** The signed-in user as the header shows them; `isAdmin` adds the 'Admin' entry (the server still guards the admin pages). */
export type HeaderUser = { email: string; isPremium: boolean; isAdmin?: boolean };

/**
 * The signed-in user's menu: 'My Account', the email, 'Account Settings', 'My bets', 'Admin' (admins only) and 'Logout'.
 * `modal={false}`: a modal menu locks scrolling by injecting a `<style>` element, which our CSP forbids.
 */
export function UserMenu({ user, onLogout }: { user: HeaderUser; onLogout?: (() => void) | undefined }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Account menu for ${user.email}`}
        className="flex h-10 max-w-56 items-center gap-2 rounded-full border border-border bg-background px-2 text-sm font-medium hover:bg-muted xl:px-3"
      >
        <UserRound aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
        <span className="hidden truncate xl:inline">{user.email}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 w-64 rounded-xl border border-border bg-background p-1.5 shadow-lg">
          <DropdownMenu.Label className="px-2 pt-1.5 text-sm font-semibold">My Account</DropdownMenu.Label>
          <div className="flex items-center gap-2 px-2 pb-2">
            <span className="truncate text-sm text-muted-foreground">{user.email}</span>
            {user.isPremium ? <Badge variant="premium">Premium</Badge> : null}
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={item}>
            <Link to={paths.account.getHref()}>
              <Settings aria-hidden="true" />
              Account Settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={item}>
            <Link to={paths.myBets.getHref()}>
              <NotebookPen aria-hidden="true" />
              My bets
            </Link>
          </DropdownMenu.Item>
          {user.isAdmin ? (
            <DropdownMenu.Item asChild className={item}>
              <Link to={paths.admin.odds.getHref()}>
                <ShieldCheck aria-hidden="true" />
                Admin
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item className={item} onSelect={() => onLogout?.()}>
            <LogOut aria-hidden="true" />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
