import { Coffee } from 'lucide-react';

import { formatDateTime } from '@/utils/format';

/**
 * What a subscriber on a break reads where the probabilities would be (docs/responsible-gambling.md#what-is-shown-where):
 * when the break ends, never an invitation to subscribe.
 */
export function BreakNotice({ until }: { until: string }) {
  return (
    <p role="status" className="flex items-center gap-2 rounded-xl border border-border bg-surface px-4 py-3 text-sm font-medium">
      <Coffee aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      You are taking a break until {formatDateTime(until)}: odds, probabilities and value flags are hidden until then.
    </p>
  );
}
