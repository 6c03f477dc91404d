import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

type CollapsibleSectionProps = {
  /** The id of the h2, which names the section (`aria-labelledby`). */
  headingId: string;
  title: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
};

/**
 * A card section whose body folds away: a native `<details>` (keyboard and screen readers get
 * the disclosure for free, no script), with the h2 inside its summary.
 */
export function CollapsibleSection({ headingId, title, children, defaultOpen = true }: CollapsibleSectionProps) {
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-border bg-background shadow-sm">
      <details open={defaultOpen} className="group">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-2xl p-5 [&::-webkit-details-marker]:hidden">
          <h2 id={headingId} className="flex items-center gap-2 font-semibold">
            {title}
          </h2>
          <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" />
        </summary>
        <div className="px-5 pb-5">{children}</div>
      </details>
    </section>
  );
}
