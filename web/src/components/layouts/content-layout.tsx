import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { Head } from '@/components/seo/head';
import { paths } from '@/config/paths';
import { cn } from '@/utils/cn';

type ContentLayoutProps = {
  title: string;
  /** Shown under the heading. */
  description?: ReactNode;
  /** Document title when it should differ from the heading. */
  documentTitle?: string;
  width?: 'prose' | 'wide';
  children: ReactNode;
};

/** A page with one h1, an optional lead paragraph and its content. */
export function ContentLayout({ title, description, documentTitle, width = 'wide', children }: ContentLayoutProps) {
  return (
    <>
      <Head title={documentTitle ?? title} />
      <div className={cn('mx-auto px-4 py-8 sm:px-6 sm:py-16 lg:px-8', width === 'prose' ? 'max-w-3xl' : 'max-w-7xl')}>
        <div className="mb-6 max-w-3xl sm:mb-10">
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
          {description ? <p className="mt-3 text-base text-muted-foreground sm:mt-4 sm:text-lg">{description}</p> : null}
        </div>
        {children}
      </div>
    </>
  );
}

/** A page whose subject does not exist (an old or mistyped link): says so and leads back to the predictions. */
export function NotFoundPage({ title }: { title: string }) {
  return (
    <ContentLayout title={title}>
      <Link to={paths.predictions.getHref()} className="font-semibold text-primary underline underline-offset-4">
        Back to predictions
      </Link>
    </ContentLayout>
  );
}
