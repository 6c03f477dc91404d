import { useId, useLayoutEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

import { cn } from '@/utils/cn';

type TooltipProps = {
  content: ReactNode;
  /** Renders the trigger; spread `triggerProps` on the focusable element. */
  children: (triggerProps: { 'aria-describedby': string }) => ReactNode;
  align?: 'center' | 'start' | 'end';
  className?: string;
};

/** Space kept between the bubble and its trigger, and between the bubble and the viewport's edges. */
const GAP = 8;

/**
 * Where the bubble goes: above the trigger (below when there is no room), aligned as asked, then
 * moved back inside the viewport. Fixed positioning from measured boxes, set as inline style (the
 * CSP allows CSSOM styles, not `<style>` elements).
 */
function place(trigger: DOMRect, bubble: DOMRect, align: NonNullable<TooltipProps['align']>): CSSProperties {
  const viewport = document.documentElement.clientWidth;
  let left = align === 'start' ? trigger.left : align === 'end' ? trigger.right - bubble.width : trigger.left + trigger.width / 2 - bubble.width / 2;
  left = Math.max(GAP, Math.min(left, viewport - bubble.width - GAP));
  const above = trigger.top - GAP - bubble.height;
  const top = above >= GAP ? above : trigger.bottom + GAP;
  return { position: 'fixed', top, left };
}

// False while rendering on the server and hydrating, true afterwards: portals only exist in the browser.
const noSubscription = () => () => undefined;
const isClient = () => true;
const isServer = () => false;

/**
 * A tooltip that shows on hover and on keyboard focus, hides on Escape (WCAG 1.4.13) and
 * describes its trigger (`aria-describedby`, so screen readers read it even while hidden).
 * The bubble is rendered in a portal on `<body>`: no ancestor's overflow can clip it. Until the
 * app has mounted (server render, hydration) it stays inline and hidden.
 */
export function Tooltip({ content, children, align = 'center', className }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const mounted = useSyncExternalStore(noSubscription, isClient, isServer);
  const [style, setStyle] = useState<CSSProperties>({ position: 'fixed', top: 0, left: 0, visibility: 'hidden' });
  const triggerRef = useRef<HTMLSpanElement>(null);
  const bubbleRef = useRef<HTMLSpanElement>(null);

  useLayoutEffect(() => {
    if (!open) return;
    const update = () => {
      if (triggerRef.current && bubbleRef.current)
        setStyle(place(triggerRef.current.getBoundingClientRect(), bubbleRef.current.getBoundingClientRect(), align));
    };
    update();
    window.addEventListener('scroll', update, true);
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update, true);
      window.removeEventListener('resize', update);
    };
  }, [open, align]);

  const bubble = (
    <span
      id={id}
      ref={bubbleRef}
      role="tooltip"
      hidden={!open}
      style={mounted ? style : undefined}
      className="z-50 w-max max-w-[min(18rem,calc(100vw-1rem))] rounded-lg bg-foreground px-3 py-2 text-left text-xs leading-snug font-normal text-background shadow-lg"
    >
      {content}
    </span>
  );

  return (
    <span
      ref={triggerRef}
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
      {mounted ? createPortal(bubble, document.body) : bubble}
    </span>
  );
}
