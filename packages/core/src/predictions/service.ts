import type { Prediction } from '@app/contracts/predictions';
import { answerMaker, makeReadCache, type Serialised } from '../cache/read-cache.ts';
import { DAY_MS, type Clock } from '../clock.ts';
import { seesPremiumContent, type Viewer } from '../account/viewer.ts';
import { toPublicPrediction } from './locking.ts';
import type { PredictionRepository, ScanMarkStore } from './ports.ts';
import { asOfLastScan, marksByLeague } from './scan-marks.ts';

/** Matches stay listed for a while after kickoff so in-play games do not vanish. */
export const LISTED_AFTER_KICKOFF_MS = 3 * 60 * 60 * 1000;
export const UPCOMING_WINDOW_DAYS = 7;

export interface PredictionServiceOptions {
  predictions: PredictionRepository;
  clock: Clock;
  /** The odds scan's league marks: each prediction as of its last scan (docs/decisions/0296-a-scan-that-changed-nothing-writes-nothing.md). */
  marks?: Pick<ScanMarkStore, 'all'>;
  /** How long a read of the upcoming window may be reused (the read path is hot). 0 reads every time. */
  cacheTtlMs?: number;
}

/** Use cases on the read side of predictions. */
export function makePredictionService({ predictions, clock, marks, cacheTtlMs = 0 }: PredictionServiceOptions) {
  const lockedAnswer = answerMaker<Prediction[]>();
  const premiumAnswer = answerMaker<Prediction[]>();
  async function read(): Promise<{ locked: Serialised<Prediction[]>; premium: Serialised<Prediction[]> }> {
    const now = clock.now().getTime();
    const from = now - LISTED_AFTER_KICKOFF_MS;
    const to = now + UPCOMING_WINDOW_DAYS * DAY_MS;
    const [listed, scanMarks] = await Promise.all([predictions.listByKickoff(new Date(from), new Date(to)), marks ? marks.all() : []]);
    const byLeague = marksByLeague(scanMarks);
    const items = listed
      .filter((p) => {
        const t = Date.parse(p.kickoff);
        return t >= from && t <= to;
      })
      .map((p) => asOfLastScan(p, byLeague));
    // Both views are built and serialised once per read (the same answer while their content is the same): the hot path then only picks one.
    return {
      locked: await lockedAnswer(items.map((p) => toPublicPrediction(p, null))),
      premium: await premiumAnswer(items.map((p) => toPublicPrediction(p, { userId: '', email: '', role: 'user', subscriptionStatus: 'premium' }))),
    };
  }

  // An empty list is not kept: it means the first generation is still running.
  const cache = makeReadCache({ load: read, clock, ttlMs: cacheTtlMs, keep: (views) => views.locked.value.length > 0 });

  return {
    /**
     * Today's and upcoming predictions (kickoff within the next 7 days, or within the last 3
     * hours), locked unless the viewer is premium, with their JSON text and entity tag.
     */
    async upcoming(viewer: Viewer | null): Promise<Serialised<Prediction[]>> {
      const views = await cache.get();
      return seesPremiumContent(viewer) ? views.premium : views.locked;
    },
    /** Forgets the cached read (a generation run in this process just published). */
    invalidate: cache.invalidate,
  };
}

export type PredictionService = ReturnType<typeof makePredictionService>;
