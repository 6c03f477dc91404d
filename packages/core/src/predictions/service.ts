import type { Prediction } from '@app/contracts/predictions';
import { DAY_MS, type Clock } from '../clock.ts';
import type { Viewer } from '../viewer.ts';
import { toPublicPrediction } from './locking.ts';
import type { PredictionRepository } from './ports.ts';
import type { StoredPrediction } from './prediction.ts';

/** Matches stay listed for a while after kickoff so in-play games do not vanish. */
export const LISTED_AFTER_KICKOFF_MS = 3 * 60 * 60 * 1000;
export const UPCOMING_WINDOW_DAYS = 7;

export interface PredictionServiceOptions {
  predictions: PredictionRepository;
  clock: Clock;
  /** How long a read of the upcoming window may be reused (the read path is hot). 0 disables. */
  cacheTtlMs?: number;
}

/** Use cases on the read side of predictions. */
export function makePredictionService({ predictions, clock, cacheTtlMs = 0 }: PredictionServiceOptions) {
  let cached: { at: number; items: StoredPrediction[] } | undefined;

  async function upcomingStored(): Promise<StoredPrediction[]> {
    const now = clock.now();
    if (cached && cacheTtlMs > 0 && now.getTime() - cached.at < cacheTtlMs) return cached.items;
    // Read a little wider than the window so a cached copy stays valid while time moves on.
    const from = new Date(now.getTime() - LISTED_AFTER_KICKOFF_MS);
    const to = new Date(now.getTime() + UPCOMING_WINDOW_DAYS * DAY_MS + cacheTtlMs);
    const items = await predictions.listByKickoff(from, to);
    cached = { at: now.getTime(), items };
    return items;
  }

  return {
    /** Today's and upcoming predictions (next 7 days), locked unless the viewer is premium. */
    async listUpcoming(viewer: Viewer | null): Promise<Prediction[]> {
      const now = clock.now().getTime();
      const from = now - LISTED_AFTER_KICKOFF_MS;
      const to = now + UPCOMING_WINDOW_DAYS * DAY_MS;
      const items = await upcomingStored();
      return items
        .filter((p) => {
          const t = Date.parse(p.kickoff);
          return t >= from && t <= to;
        })
        .map((p) => toPublicPrediction(p, viewer));
    },
  };
}

export type PredictionService = ReturnType<typeof makePredictionService>;
