/**
 * football-data.org v4 `/competitions/{code}/matches` payloads (docs/providers.md), read
 * leniently: a match without an id, a date or its teams is skipped; everything else optional.
 * The `odds` node (a message on the free plan) is not read.
 */
import * as z from 'zod/mini';
import { lenient, optionalCount, optionalText } from '../http/lenient.ts';

const GoalsSchema = z.object({ home: optionalCount, away: optionalCount });

export const FdoScoreSchema = z.object({
  duration: optionalText,
  regularTime: lenient(GoalsSchema),
  fullTime: lenient(GoalsSchema),
});
export type FdoScore = z.infer<typeof FdoScoreSchema>;

const TeamSchema = z.object({ name: optionalText, shortName: optionalText });

export const FdoMatchSchema = z.object({
  id: z.number(),
  utcDate: z.string(),
  status: optionalText,
  homeTeam: TeamSchema,
  awayTeam: TeamSchema,
  score: lenient(FdoScoreSchema),
  season: lenient(z.object({ startDate: optionalText, endDate: optionalText })),
});
export type FdoMatch = z.infer<typeof FdoMatchSchema>;

/** The envelope: `matches` is read item by item (see `parseEach`). */
export const FdoMatchesSchema = z.object({ matches: z.array(z.unknown()) });
