/**
 * Colour rules of docs/product.md#colours, as Tailwind text classes. Every tone passes WCAG AA on white.
 */

/** docs/product.md#colours: probabilities of 70 and above primary, 50 and above the second chart colour, below 50 muted. */
export function probabilityTone(percent: number): 'text-primary' | 'text-chart-2' | 'text-muted-foreground' {
  if (percent >= 70) return 'text-primary';
  if (percent >= 50) return 'text-chart-2';
  return 'text-muted-foreground';
}

/** The bar fill that goes with {@link probabilityTone}. */
export function probabilityBarTone(percent: number): 'bg-primary' | 'bg-chart-2' | 'bg-slate-400' {
  if (percent >= 70) return 'bg-primary';
  if (percent >= 50) return 'bg-chart-2';
  return 'bg-slate-400';
}

/** docs/product.md#colours: win rate green at 70% or more, yellow at 50% or more, otherwise red. */
export function winRateTone(percent: number): 'text-success' | 'text-warning' | 'text-destructive' {
  if (percent >= 70) return 'text-success';
  if (percent >= 50) return 'text-warning';
  return 'text-destructive';
}
