import type { Prediction } from '@app/contracts/predictions';

import { localDay } from '@/utils/format';

import { shownOutcomes } from './shown-probabilities';

/*
 * The home page's top 3 and what they are sorted by, apart from the list filters of /predictions
 * (filter-predictions.ts): the landing page's first load carries this module only
 * (docs/decisions/0357-landing-features-load-after-the-page.md).
 */

/** The highest of the three outcome probabilities as the card shows it; null when locked. */
export function maxOutcome(prediction: Prediction): number | null {
  const shown = shownOutcomes(prediction);
  return shown && Math.max(shown.home, shown.draw, shown.away);
}

/** The local day (`YYYY-MM-DD`) `days` days after `now`'s. */
export function dayOffset(now: Date, days: number): string {
  return localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
}

const isToday = (prediction: Prediction, now: Date) => localDay(new Date(prediction.matchTime)) === dayOffset(now, 0);

/** Plain code-unit order: `localeCompare` builds an ICU collator (~80 ms on a throttled phone CPU). */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// ISO timestamps in UTC sort correctly as text.
export const byKickoff = (a: Prediction, b: Prediction) => compareText(a.matchTime, b.matchTime) || compareText(a.id, b.id);

/** Descending by a probability; locked (null) values last, ties by kickoff. */
export const byDescending =
  (value: (p: Prediction) => number | null) =>
  <T extends Prediction>(list: T[]): T[] => {
    // Each value once per prediction (shown values are rounded together), not once per comparison.
    const key = new Map(list.map((p) => [p, value(p) ?? -1]));
    return list.sort((a, b) => key.get(b)! - key.get(a)! || byKickoff(a, b));
  };

const byMaxOutcome = byDescending(maxOutcome);

/**
 * Home page: today's top 3 by the highest outcome probability (docs/product.md#landing). Without
 * probabilities (locked for this viewer) they are today's first kickoffs; with no match today,
 * those of the next day with matches ({@link topPredictionsDay} says which).
 */
export function topPredictions<T extends Prediction>(predictions: T[], { now = new Date(), count = 3 } = {}): T[] {
  const today = predictions.filter((p) => isToday(p, now));
  const day = topPredictionsDay(predictions, { now });
  const pool = today.length > 0 ? today : predictions.filter((p) => new Date(p.matchTime) >= now && localDay(new Date(p.matchTime)) === day);
  return byMaxOutcome([...pool]).slice(0, count);
}

/** The local day (`YYYY-MM-DD`) of the home page's top 3 when no match is today: the next day with a match; null when today has one (or nothing is ahead). */
export function topPredictionsDay(predictions: readonly Prediction[], { now = new Date() } = {}): string | null {
  if (predictions.some((p) => isToday(p, now))) return null;
  const ahead = predictions.map((p) => new Date(p.matchTime)).filter((d) => d >= now);
  if (!ahead.length) return null;
  return localDay(new Date(Math.min(...ahead.map((d) => d.getTime()))));
}
