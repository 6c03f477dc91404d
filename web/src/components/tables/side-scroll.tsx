import { ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A region that scrolls sideways, with a visible cue at its right edge ('More' and an arrow) while
 * columns are hidden there. The cue is laid over the table, so showing or hiding it moves nothing.
 */
export function SideScroll({ label, children }: { label: string; children: ReactNode }) {
  const region = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const update = () => setMore(element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);
  return (
    <div className="relative">
      <div ref={region} className="overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
        {children}
      </div>
      {more ? (
        <div
          aria-hidden="true"
          data-testid="scroll-cue"
          className="pointer-events-none absolute inset-y-0 right-0 flex w-16 items-start justify-end bg-gradient-to-l from-background via-background/80 to-transparent"
        >
          <span className="mt-0.5 flex items-center rounded-full bg-primary-soft px-1.5 py-0.5 text-xs font-semibold text-primary">
            More
            <ChevronRight className="size-3" />
          </span>
        </div>
      ) : null}
    </div>
  );
}
