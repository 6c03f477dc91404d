import type { User } from '@app/contracts/auth';
import { ShieldAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';

import { Head } from '@/components/seo/head';
import { buttonStyles } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';

type RequireUserProps = {
  /** Only users with this role may see the page; others get a 'not authorised' state. */
  role?: User['role'];
  children: (user: User) => ReactNode;
};

/**
 * Guards a page on the server-confirmed session: waits for `GET /api/auth/me`, sends visitors
 * to /login?redirect=<this page>, and tells signed-in users without the role that they are not
 * authorised (instead of a redirect loop through /login).
 */
export function RequireUser({ role, children }: RequireUserProps) {
  const session = useSession();
  const location = useLocation();
  // A user who signs out (or deletes the account) here is on the way to /, not to /login.
  const [hadUser, setHadUser] = useState(false);
  if (session.isConfirmed && session.user && !hadUser) setHadUser(true);

  if (!session.isConfirmed) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner label="Checking your session" />
      </div>
    );
  }
  if (!session.user) {
    if (hadUser) return <Navigate replace to={paths.home.getHref()} />;
    return <Navigate replace to={paths.auth.login.getHref({ redirect: `${location.pathname}${location.search}` })} />;
  }
  if (role && session.user.role !== role) return <NotAuthorised />;
  return children(session.user);
}

export function NotAuthorised() {
  return (
    <>
      <Head title="Not authorised" />
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <ShieldAlert aria-hidden="true" className="size-12 text-destructive" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight">Not authorised</h1>
        <p className="mt-4 text-muted-foreground">This page is for administrators only. Your account does not have access to it.</p>
        <Link to={paths.home.getHref()} className={buttonStyles({ className: 'mt-8' })}>
          Back to home
        </Link>
      </div>
    </>
  );
}
