import * as z from 'zod/mini';
import { FormMatchSchema } from './matches.ts';
import { PredictionSchema } from './predictions.ts';

const Percent = z.number().check(z.gte(0), z.lte(100));

/** League ids are ours (football-data.co.uk codes, demo codes): letters and digits. */
export const LeagueParamsSchema = z.object({ leagueId: z.string().check(z.regex(/^[A-Za-z0-9]{1,12}$/, 'leagueId must be a league id')) });

/** Team slugs are lower-case words joined by '-' (core's slug()). */
export const TeamParamsSchema = z.object({ slug: z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug must be a team slug'), z.maxLength(80)) });

/** One club's row of a season simulation (percent, one decimal). */
export const SimulationTeamSchema = z.strictObject({
  team: z.string(),
  slug: z.string(),
  points: z.strictObject({ mean: z.number(), p10: z.number(), p90: z.number() }),
  /** Percent of runs finishing 1st, 2nd, ... last: sums to 100, and each place sums to 100 across clubs. */
  position: z.array(Percent),
  title: Percent,
  top4: Percent,
  relegation: Percent,
});
export type SimulationTeam = z.infer<typeof SimulationTeamSchema>;

/** `GET /api/simulations/:leagueId`: the rest of the season simulated `simulations` times, clubs in expected order. */
export const SimulationSchema = z.strictObject({
  leagueId: z.string(),
  season: z.string(),
  simulations: z.int().check(z.gte(0)),
  generatedAt: z.iso.datetime(),
  teams: z.array(SimulationTeamSchema),
});
export type Simulation = z.infer<typeof SimulationSchema>;

/** `GET /api/simulations/:leagueId/history`: the title, top-four and relegation chances of each day's simulation, oldest first. */
export const SimulationHistorySchema = z.strictObject({
  leagueId: z.string(),
  /** The league's name (the simulation itself names only its id). */
  league: z.string(),
  season: z.string(),
  days: z.array(
    z.strictObject({
      date: z.string(),
      teams: z.array(z.strictObject({ slug: z.string(), title: Percent, top4: Percent, relegation: Percent })),
    }),
  ),
});
export type SimulationHistory = z.infer<typeof SimulationHistorySchema>;

/** A played match of the team with our pre-match probabilities (null when we made no forecast). */
export const TeamResultSchema = z.extend(FormMatchSchema, {
  fixtureId: z.nullable(z.string()),
  /**
   * Our pre-match home / draw / away, percent; public once the match is played (the track record).
   * `origin`: published before kickoff, or back-tested (reconstructed when the league was added).
   */
  forecast: z.nullable(z.strictObject({ home: Percent, draw: Percent, away: Percent, origin: z.optional(z.enum(['published', 'backfilled'])) })),
});

/** `GET /api/teams/:slug`. */
export const TeamPageSchema = z.strictObject({
  slug: z.string(),
  team: z.string(),
  leagueId: z.string(),
  league: z.string(),
  /** The team's Elo rating (our rating model) after each match day of this season and the last, oldest first. */
  ratingHistory: z.array(z.strictObject({ date: z.string(), rating: z.number() })),
  /** The last ten results, newest first. */
  results: z.array(TeamResultSchema),
  /** The next fixtures, as prediction cards (locked unless the viewer is premium). */
  fixtures: z.array(PredictionSchema),
  /** The team's row of the league's latest season simulation; null before the first. */
  simulation: z.nullable(z.extend(SimulationTeamSchema, { season: z.string(), simulations: z.int(), generatedAt: z.iso.datetime() })),
});
export type TeamPage = z.infer<typeof TeamPageSchema>;
