import type { ReactNode } from 'react';

/** A titled block of a detail page (a match, the analytics): a bordered card whose heading names it for assistive technology too. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-2xl border border-border bg-background p-5">
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}
