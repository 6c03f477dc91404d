import { useId, type ReactNode } from 'react';

import { cn } from '@/utils/cn';

/** The look of a filter bar's inputs and selects. */
export const controlClass = 'h-10 w-full rounded-lg border border-slate-500 bg-background px-3 text-sm text-foreground shadow-sm';

/** A labelled control of a filter bar: the label above, full width on a phone, its own width from `sm` up. */
export function FilterField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-none">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A labelled select of a filter bar. */
export function SelectField({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <FilterField label={label}>
      {(id) => (
        <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={cn(controlClass, 'sm:min-w-48')}>
          {children}
        </select>
      )}
    </FilterField>
  );
}
