/**
 * API-Football v3 payloads (docs/providers.md), read leniently: a fixture without an id or its
 * teams is skipped, a field of the wrong type reads as missing, never as 0. Every answer comes in
 * one envelope whose `errors` may report a failure with HTTP 200.
 */
import * as z from 'zod/mini';
import { lenient, lenientArray, optionalCount, optionalNumber, optionalText } from '../http/lenient.ts';

/**
 * The envelope of every endpoint: `errors` is `[]` or `{}` when all is well, else an object of
 * messages by kind (`token`, `requests`, `rateLimit`, `plan`, `access`, or a parameter's name).
 */
export const AfEnvelopeSchema = z.object({
  errors: z.optional(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())])),
  response: z.array(z.unknown()),
});

const GoalsSchema = z.object({ home: optionalCount, away: optionalCount });
export type AfGoals = z.infer<typeof GoalsSchema>;

const TeamSchema = z.object({ id: optionalNumber, name: optionalText });

/** One team's statistics of a fixture: `{ type: 'Total Shots', value: 13 }`, value a number, a string ('55%') or null. */
const TeamStatisticsSchema = z.object({
  team: z.object({ id: z.number() }),
  statistics: lenientArray(z.object({ type: z.string(), value: lenient(z.nullable(z.union([z.number(), z.string()]))) })),
});
export type AfTeamStatistics = z.infer<typeof TeamStatisticsSchema>;

/** An item of `GET /fixtures`; with `ids=` it also carries `statistics` (and events, lineups, players: not read). */
export const AfFixtureSchema = z.object({
  fixture: z.object({
    id: z.int(),
    date: optionalText,
    timestamp: optionalNumber,
    status: lenient(z.object({ short: optionalText })),
  }),
  league: lenient(z.object({ id: optionalNumber, season: optionalCount })),
  teams: z.object({ home: TeamSchema, away: TeamSchema }),
  goals: lenient(GoalsSchema),
  score: lenient(z.object({ fulltime: lenient(GoalsSchema), extratime: lenient(GoalsSchema) })),
  statistics: lenientArray(TeamStatisticsSchema),
});
export type AfFixture = z.infer<typeof AfFixtureSchema>;
