import type { Prediction } from '@app/contracts/predictions';
import { DAY_MS, type Clock } from '../clock.ts';
import { isPremium, type Viewer } from '../viewer.ts';
import { toPublicPrediction } from './locking.ts';
import type { PredictionRepository } from './ports.ts';

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
  let cached: { at: number; locked: Prediction[]; premium: Prediction[] } | undefined;
  let inFlight: Promise<NonNullable<typeof cached>> | undefined;

  async function read(): Promise<NonNullable<typeof cached>> {
    const now = clock.now().getTime();
    const from = now - LISTED_AFTER_KICKOFF_MS;
    const to = now + UPCOMING_WINDOW_DAYS * DAY_MS;
    const items = (await predictions.listByKickoff(new Date(from), new Date(to))).filter((p) => {
      const t = Date.parse(p.kickoff);
      return t >= from && t <= to;
    });
    // Both views are built once per read: the hot path then only picks one.
    return {
      at: now,
      locked: items.map((p) => toPublicPrediction(p, null)),
      premium: items.map((p) => toPublicPrediction(p, { userId: '', email: '', role: 'user', subscriptionStatus: 'premium' })),
    };
  }

  async function current(): Promise<NonNullable<typeof cached>> {
    const now = clock.now().getTime();
    // An empty list is not kept: it means the first generation is still running.
    if (cached && cached.locked.length > 0 && cacheTtlMs > 0 && now - cached.at < cacheTtlMs) return cached;
    // One read at a time: a burst of requests on a cold cache shares it.
    inFlight ??= read().finally(() => (inFlight = undefined));
    cached = await inFlight;
    return cached;
  }

  return {
    /**
     * Today's and upcoming predictions (kickoff within the next 7 days, or within the last 3
     * hours), locked unless the viewer is premium. While cached, the same array is returned for
     * the same kind of viewer, so callers may memoise what they derive from it.
     */
    async listUpcoming(viewer: Viewer | null): Promise<Prediction[]> {
      const views = await current();
      return isPremium(viewer) ? views.premium : views.locked;
    },
  };
}

export type PredictionService = ReturnType<typeof makePredictionService>;
