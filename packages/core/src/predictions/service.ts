import type { Prediction } from '@app/contracts/predictions';
import { makeReadCache, type Keyed } from '../cache/read-cache.ts';
import { DAY_MS, type Clock } from '../clock.ts';
import { seesPremiumContent, type Viewer } from '../account/viewer.ts';
import { toPublicPrediction } from './locking.ts';
import type { PredictionRepository, ScanMarkRepository, ValueOnlyReads } from './ports.ts';
import { asOfLastScan, marksByLeague } from './scan-marks.ts';

/** Matches stay listed for a while after kickoff so in-play games do not vanish. */
export const LISTED_AFTER_KICKOFF_MS = 3 * 60 * 60 * 1000;
export const UPCOMING_WINDOW_DAYS = 7;

export interface PredictionServiceOptions {
  /**
   * The forecasts, and the flag-only records of leagues without history where the store keeps them: those listed
   * while they carry a flag (docs/decisions/0312-value-flags-in-every-league-with-a-sharp-price.md).
   */
  predictions: PredictionRepository & Partial<ValueOnlyReads>;
  clock: Clock;
  /** The odds scan's league marks: each prediction as of its last scan (docs/decisions/0296-a-scan-that-changed-nothing-writes-nothing.md). */
  marks?: Pick<ScanMarkRepository, 'all'>;
  /** How long a read of the upcoming window may be reused (the read path is hot). 0 reads every time. */
  cacheTtlMs?: number;
}

/** Use cases on the read side of predictions. */
export function makePredictionService({ predictions, clock, marks, cacheTtlMs = 0 }: PredictionServiceOptions) {
  /** Both views, built once per read: the hot path then only picks one. */
  async function read(): Promise<{ locked: Prediction[]; premium: Prediction[] }> {
    const now = clock.now().getTime();
    // The repository returns exactly the kickoffs within these bounds.
    const [from, to] = [new Date(now - LISTED_AFTER_KICKOFF_MS), new Date(now + UPCOMING_WINDOW_DAYS * DAY_MS)];
    const [listed, flagOnly, scanMarks] = await Promise.all([
      predictions.listByKickoff(from, to),
      predictions.listValueOnlyByKickoff ? predictions.listValueOnlyByKickoff(from, to) : [],
      marks ? marks.all() : [],
    ]);
    const byLeague = marksByLeague(scanMarks);
    // a flag-only record is listed while it carries a flag: without one it says nothing (no forecast)
    const withFlags = flagOnly.filter((p) => p.valueBets.length > 0);
    const merged = withFlags.length ? [...listed, ...withFlags].sort((a, b) => Date.parse(a.kickoff) - Date.parse(b.kickoff)) : listed;
    const items = merged.map((p) => asOfLastScan(p, byLeague));
    return {
      locked: items.map((p) => toPublicPrediction(p, { premium: false })),
      premium: items.map((p) => toPublicPrediction(p, { premium: true })),
    };
  }

  // An empty list is not kept: it means the first generation is still running.
  const cache = makeReadCache({ load: read, clock, ttlMs: cacheTtlMs, keep: (views) => views.locked.length > 0 });

  return {
    /**
     * Today's and upcoming predictions (kickoff within the next 7 days, or within the last 3
     * hours), locked unless the viewer is premium, under a key naming the view and its read.
     */
    async upcoming(viewer: Viewer | null): Promise<Keyed<Prediction[]>> {
      const { value, version } = await cache.loaded();
      const view = seesPremiumContent(viewer) ? 'premium' : 'locked';
      return { key: `${view}@${version}`, value: value[view] };
    },
    /** Forgets the cached read (a generation run in this process just published). */
    invalidate: cache.invalidate,
  };
}

export type PredictionService = ReturnType<typeof makePredictionService>;
