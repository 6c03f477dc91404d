import * as z from 'zod/mini';

/**
 * A local stack's demo whose last 30 days were replayed through the pipeline on its clock: its window,
 * and whether the replay still runs. Absent everywhere else (a deployed stage never replays).
 */
export const DemoReplaySchema = z.strictObject({
  replayedFrom: z.iso.datetime(),
  replayedTo: z.iso.datetime(),
  replaying: z.boolean(),
});
export type DemoReplay = z.infer<typeof DemoReplaySchema>;

export const HealthSchema = z.strictObject({
  status: z.literal('ok'),
  table: z.literal('reachable'),
  time: z.iso.datetime(),
  demo: z.optional(DemoReplaySchema),
});
export type Health = z.infer<typeof HealthSchema>;
