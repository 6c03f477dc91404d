import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * True once the element is near the viewport. recharts is the heaviest chunk of the app: it is
 * only fetched and run when a chart is about to be seen (always, where there is no observer).
 * The landing page's trend keeps a copy of its own (accuracy-trend.tsx): a module shared with the
 * other pages would be one more chunk in the landing's budgeted first load.
 */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

/**
 * The place of a lazily loaded chart: a box of the chart's height (`className`, e.g. 'h-64') that
 * loads and draws the chart once it comes near the screen. The page's first load carries no chart
 * code, and nothing moves when the chart arrives.
 */
export function ChartSlot({ className, children }: { className: string; children: ReactNode }) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  if (!near) return <div ref={ref} className={className} />;
  return <Suspense fallback={<div className={className} />}>{children}</Suspense>;
}
