import { useId, useState, type ReactNode } from 'react';

import { cn } from '@/utils/cn';

type TooltipProps = {
  content: ReactNode;
  /** Renders the trigger; spread `triggerProps` on the focusable element. */
  children: (triggerProps: { 'aria-describedby': string }) => ReactNode;
  align?: 'center' | 'start' | 'end';
  className?: string;
};

/**
 * A tooltip that shows on hover and on keyboard focus, hides on Escape (WCAG 1.4.13) and
 * describes its trigger (`aria-describedby`, so screen readers read it even while hidden).
 * Plain CSS positioning: no runtime `<style>` element (CSP).
 */
export function Tooltip({ content, children, align = 'center', className }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span
      className={cn('relative inline-flex', className)}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      {children({ 'aria-describedby': id })}
      <span
        id={id}
        role="tooltip"
        hidden={!open}
        className={cn(
          'absolute bottom-full z-30 mb-2 w-max max-w-[min(18rem,80vw)] rounded-lg bg-foreground px-3 py-2 text-left text-xs leading-snug font-normal text-background shadow-lg',
          align === 'center' && 'left-1/2 -translate-x-1/2',
          align === 'start' && 'left-0',
          align === 'end' && 'right-0',
        )}
      >
        {content}
      </span>
    </span>
  );
}
