import type { HTMLAttributes } from 'react';

import { cn } from '@/utils/cn';

export type BadgeVariant = 'default' | 'premium' | 'muted' | 'success' | 'destructive';

const variants: Record<BadgeVariant, string> = {
  default: 'bg-primary-soft text-primary',
  premium: 'bg-premium-soft text-premium',
  muted: 'bg-muted text-muted-foreground',
  success: 'bg-primary-soft text-success',
  destructive: 'bg-red-50 text-destructive',
};

export function Badge({ variant = 'default', className, ...props }: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return <span className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold', variants[variant], className)} {...props} />;
}
