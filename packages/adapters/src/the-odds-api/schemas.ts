/**
 * The Odds API v4 payloads (docs/providers.md): `/v4/sports/{sport}/odds` answers a list of
 * events, `/events/{id}/odds` one event, `/scores` a list of events with their scores. Read leniently: a bookmaker, market or outcome of the
 * wrong shape is skipped, the rest of the event kept.
 */
import * as z from 'zod/mini';
import { lenientArray, optionalNumber, optionalText } from '../http/lenient.ts';

const OutcomeSchema = z.object({ name: optionalText, price: optionalNumber, point: optionalNumber });
const MarketSchema = z.object({ key: optionalText, last_update: optionalText, outcomes: lenientArray(OutcomeSchema) });
/** `last_update`: when the bookmaker last changed its prices (ISO); a market may carry its own. */
const BookmakerSchema = z.object({ key: optionalText, title: optionalText, last_update: optionalText, markets: lenientArray(MarketSchema) });

export const OddsApiEventSchema = z.object({
  id: optionalText,
  commence_time: optionalText,
  home_team: optionalText,
  away_team: optionalText,
  bookmakers: lenientArray(BookmakerSchema),
});
export type OddsApiEvent = z.infer<typeof OddsApiEventSchema>;
export type OddsApiBookmaker = z.infer<typeof BookmakerSchema>;

/** A side's score in `/scores`: the API sends it as text ("2"); a number is read too. */
const ScoreSchema = z.object({ name: optionalText, score: z.catch(z.optional(z.union([z.string(), z.number()])), undefined) });

/**
 * One event of `/v4/sports/{sport}/scores`: `completed` once the match is over, `scores` (by team name) from kickoff,
 * null before it.
 */
export const OddsApiScoreEventSchema = z.object({
  id: optionalText,
  commence_time: optionalText,
  home_team: optionalText,
  away_team: optionalText,
  completed: z.catch(z.optional(z.boolean()), undefined),
  scores: lenientArray(ScoreSchema),
});
export type OddsApiScoreEvent = z.infer<typeof OddsApiScoreEventSchema>;

/** The `/odds` envelope: a list, read event by event. */
export const OddsApiEventsSchema = z.array(z.unknown());

/** An error body: `{ message, error_code }`. */
export const OddsApiErrorSchema = z.object({ error_code: optionalText });
