import { Link } from 'react-router-dom';

import { Head } from '@/components/seo/head';
import { buttonStyles } from '@/components/ui/button';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  return (
    <>
      <Head title="Page not found" />
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <h1 className="text-3xl font-bold tracking-tight">404 Page Not Found</h1>
        <p className="mt-4 text-muted-foreground">Did you forget to add the page to the router?</p>
        <Link to={paths.home.getHref()} className={buttonStyles({ className: 'mt-8' })}>
          Back to home
        </Link>
      </div>
    </>
  );
}
