import { lazy, Suspense, type ReactNode } from 'react';

import { Footer } from '@/components/layouts/footer';
import { Header, type HeaderProps } from '@/components/layouts/header';

export const MAIN_CONTENT_ID = 'main-content';

/** Off the first load: it renders nothing but on a local stack's demo. */
const DemoNotice = lazy(() => import('@/components/layouts/demo-notice').then((module) => ({ default: module.DemoNotice })));

/** Skip link, header, the page in `<main>`, footer. */
export function MainLayout({ children, ...header }: HeaderProps & { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-lg bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <Header {...header} />
      <Suspense fallback={null}>
        <DemoNotice />
      </Suspense>
      {/* At least a screen tall below the header (h-16): the footer starts below the fold, so a page
          whose data arrives late never moves it into view and back (layout shift, docs/decisions/0210-pages-that-hold-still.md). */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
