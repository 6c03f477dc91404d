import { useEffect, useRef } from 'react';
import { useLocation, type Location } from 'react-router-dom';

import { MAIN_CONTENT_ID } from '@/components/layouts/main-layout';

/**
 * How this document was opened. react-router keys the first entry of every document 'default',
 * so without care a page opened fresh (typed, reloaded, or arriving from the checkout page)
 * would get the scroll position some earlier document of the tab saved under that same key.
 */
function openedByBackForward(): boolean {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return false;
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'back_forward';
}

const freshDocumentKey = `document-${Math.random().toString(36).slice(2)}`;
let documentKey: string | undefined;

/**
 * The key `<ScrollRestoration>` saves and restores positions under: the history entry's key, and
 * for the document's first entry a key of this document only, unless the browser went back or
 * forward to it. So every route change starts at the top and only back/forward restores
 * (docs/decisions/0073-scroll-and-focus-on-navigation.md).
 */
export function scrollKey(location: Location): string {
  if (location.key !== 'default') return location.key;
  documentKey ??= openedByBackForward() ? 'default' : freshDocumentKey;
  return documentKey;
}

/** The new page's h1, focusable by script only. */
function pageHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>(`#${MAIN_CONTENT_ID} h1`);
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}

/**
 * After a navigation to another page (not the first load, not a filter change in the query
 * string), moves the focus to the new page's h1 so that keyboard and screen-reader users start
 * reading there instead of on the header link they used. A guarded page may show a spinner
 * first: the heading is looked for over a few frames. The focus is left alone when something in
 * the page already has it (an autofocused field).
 */
export function useFocusHeadingOnNavigation(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const main = document.getElementById(MAIN_CONTENT_ID);
      if (main?.contains(document.activeElement) && document.activeElement !== main) return;
      const heading = pageHeading();
      if (heading) heading.focus({ preventScroll: true });
      else if ((tries += 1) < 60) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
