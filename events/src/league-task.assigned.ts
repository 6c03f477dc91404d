import * as z from 'zod/mini';
import { JobTypeSchema } from './job.requested.ts';

/**
 * One task of a job run, put by the planner on the job type's stage queue
 * (`prediction-generation`, `result-ingestion` or `metrics-recompute`). Carries ids only.
 */
export const LeagueTaskAssignedSchema = z.object({
  type: z.literal('league-task.assigned'),
  version: z.literal(1),
  jobId: z.string().check(z.minLength(1)),
  jobType: JobTypeSchema,
  /** A league id, 'all' for the metrics job, or 'flag-only' for a results run's leagues without a forecast. */
  key: z.string().check(z.minLength(1)),
  /** The id of the work that caused this message (an API request id), logged by every function that handles it. */
  correlationId: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
});
export type LeagueTaskAssigned = z.infer<typeof LeagueTaskAssignedSchema>;

/** The queue each job type's tasks go to. */
export const stageQueue = {
  generate: 'prediction-generation',
  results: 'result-ingestion',
  metrics: 'metrics-recompute',
} as const;
