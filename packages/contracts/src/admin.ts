import * as z from 'zod/mini';

export const PredictionTypeSchema = z.enum(['home_win', 'draw', 'away_win', 'over_25', 'under_25']);

/** A high-confidence pick on the admin odds page: upcoming, or won (lost and void ones are not listed). */
export const WinningPredictionSchema = z.strictObject({
  id: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  league: z.string(),
  matchTime: z.iso.datetime(),
  predictionType: PredictionTypeSchema,
  ourPrediction: z.string(),
  /** 'Match not finished' until the result is in. */
  actualResult: z.string(),
  /** The admin's odds, else the best captured before kickoff; null when none. */
  winningOdds: z.nullable(z.number()),
  /** Whether the match has a result (drives Upcoming / Awaiting Odds / Finished). */
  hasResult: z.boolean(),
});
export type WinningPrediction = z.infer<typeof WinningPredictionSchema>;
export const WinningPredictionListSchema = z.array(WinningPredictionSchema);

export const UpdateOddsBodySchema = z.strictObject({
  predictionId: z.string().check(z.minLength(1), z.maxLength(200)),
  // Two decimals at most: odds are stored and shown to the same precision (1.234 would read 1.23).
  odds: z.number().check(
    z.gt(1, 'Odds must be greater than 1.00'),
    z.lte(1000, 'Odds must be at most 1000'),
    z.refine((odds) => Math.abs(odds * 100 - Math.round(odds * 100)) < 1e-6, 'Odds must have at most two decimals'),
  ),
});
export type UpdateOddsBody = z.infer<typeof UpdateOddsBodySchema>;

/** `GET /api/admin/role-changes`: who granted or revoked the admin role, to whom, when and from where; newest first. */
export const RoleChangeSchema = z.strictObject({
  id: z.string(),
  at: z.iso.datetime(),
  type: z.enum(['role_granted', 'role_revoked']),
  userId: z.string(),
  email: z.string(),
  actor: z.string(),
  origin: z.string(),
});
export type RoleChange = z.infer<typeof RoleChangeSchema>;
export const RoleChangesResponseSchema = z.strictObject({ changes: z.array(RoleChangeSchema) });
export type RoleChangesResponse = z.infer<typeof RoleChangesResponseSchema>;

export const JobTypeSchema = z.enum(['generate', 'results', 'metrics']);

/** 202 answer of an admin job trigger. */
export const JobAcceptedSchema = z.strictObject({ jobId: z.string() });
export type JobAccepted = z.infer<typeof JobAcceptedSchema>;

export const JobStatusSchema = z.strictObject({
  id: z.string(),
  type: JobTypeSchema,
  status: z.enum(['queued', 'running', 'done', 'failed']),
  total: z.int(),
  done: z.int(),
  failed: z.int(),
  startedAt: z.nullable(z.iso.datetime()),
  finishedAt: z.nullable(z.iso.datetime()),
  error: z.nullable(z.string()),
});
export type JobStatus = z.infer<typeof JobStatusSchema>;

export const JobParamsSchema = z.object({ id: z.string().check(z.regex(/^[0-9A-Z]{26}$/, 'Invalid job id')) });
