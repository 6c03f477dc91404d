import * as z from 'zod/mini';

export const JobTypeSchema = z.enum(['generate', 'results', 'metrics']);
export type JobType = z.infer<typeof JobTypeSchema>;

/**
 * Put on the `jobs-planner` queue by a schedule, an admin button or the operator CLI.
 * The planner creates the job record (unless the caller did) and fans out one task per league.
 */
export const JobRequestedSchema = z.object({
  type: z.literal('job.requested'),
  version: z.literal(1),
  jobType: JobTypeSchema,
  /** Set when the caller already created the job record (admin trigger answers 202 {jobId}). */
  jobId: z.optional(z.string().check(z.minLength(1))),
  /** Restrict to some leagues; all active leagues when absent. */
  leagues: z.optional(z.array(z.string().check(z.minLength(1)))),
  requestedBy: z.enum(['schedule', 'admin', 'cli', 'pipeline']),
  /**
   * The schedule that fired it; `requestedAt` is then its scheduled time, and the run's id is
   * derived from both (`scheduledJobId`), so a redelivered or repeated firing joins the same run.
   */
  schedule: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  requestedAt: z.iso.datetime(),
  /** The id of the work that caused this message (an API request id), logged by every function that handles it. */
  correlationId: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
});
export type JobRequested = z.infer<typeof JobRequestedSchema>;
