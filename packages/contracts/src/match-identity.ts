import * as z from 'zod/mini';

/**
 * Which match: the fields every view of one match starts with (its page, a row of the results),
 * spread into each schema. A module of its own, so a bundle that needs only these does not carry
 * the match page's schemas.
 */
export const matchIdentityFields = {
  fixtureId: z.string(),
  leagueId: z.string(),
  league: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  /** Kickoff, ISO 8601 UTC. */
  matchTime: z.iso.datetime(),
};
export type MatchIdentity = z.infer<z.ZodMiniObject<typeof matchIdentityFields>>;
