import { startTransition, useEffect, useState } from 'react';

/** A list this long or shorter is drawn whole (the demo's week of matches is about 30). */
const WHOLE_UP_TO = 60;
/** A longer one draws this many at once (more than a phone's or a desktop's first screen of rows or cards) ... */
const FIRST_BATCH = 20;
/** ... then this many more in each later step. */
const NEXT_BATCH = 20;

/**
 * A long list drawn a screenful at a time (docs/decisions/0356-long-lists-drawn-a-screenful-at-a-time.md):
 * a list longer than `wholeUpTo` draws its first `first` items at once, then `step` more in each later
 * task, each step a transition, until all are drawn. A slow phone lays out a screenful of rows in a
 * short task; hundreds of matches (every league scanned) in one task would hold its main thread.
 * Once grown, the count stays: a filter or a sort of the same list draws at once.
 */
export function useRevealed<T>(items: readonly T[], { wholeUpTo = WHOLE_UP_TO, first = FIRST_BATCH, step = NEXT_BATCH } = {}): readonly T[] {
  const [count, setCount] = useState(first);
  const more = items.length > wholeUpTo && count < items.length;
  useEffect(() => {
    if (!more) return;
    const timer = setTimeout(() => startTransition(() => setCount((c) => c + step)));
    return () => clearTimeout(timer);
  }, [more, count, step]);
  return more ? items.slice(0, count) : items;
}
