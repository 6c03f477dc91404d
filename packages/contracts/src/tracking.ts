import * as z from 'zod/mini';

export const TrackingQuerySchema = z.object({ days: z.enum(['1', '7', '30'], 'days must be 1, 7 or 30') });
export type TrackingQuery = z.infer<typeof TrackingQuerySchema>;

/** One high-confidence pick on the Performance Tracking page. */
export const TrackingRowSchema = z.object({
  id: z.string(),
  fixtureId: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  league: z.string(),
  matchTime: z.iso.datetime(),
  ourPrediction: z.string(),
  /** Percent, one decimal. */
  confidence: z.number(),
  actualResult: z.string(),
  hasResult: z.boolean(),
  isCorrect: z.nullable(z.boolean()),
});
export type TrackingRow = z.infer<typeof TrackingRowSchema>;
export const TrackingListSchema = z.array(TrackingRowSchema);
