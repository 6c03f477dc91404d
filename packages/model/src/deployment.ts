/**
 * What a deployed stage's generation pipeline reads, as rules shared by the pipeline (packages/core generation)
 * and the `--deployed` backtest, which replays them day by day (docs/decisions/0110-the-deployed-backtest.md):
 *
 * - the first run imports the last HISTORY_SEASONS seasons of results and statistics (no odds: the fixtures
 *   provider has none for past matches), then the results job adds every match that finishes, with the prices
 *   captured before its kickoff, and its statistics once the source has them;
 * - generation runs daily at 06:00 UK time, fits each league on the history it then holds and predicts the next
 *   7 days; the last run before a kickoff makes the published forecast.
 */
import { dayNumber, dayToIso } from './features.ts';
import { preKickoffOdds, type ParsedMatch } from './football-data.ts';
import type { MatchOdds, MatchRecord } from './types.ts';
import { ukLocalToUtc } from './uk-time.ts';

/** Seasons of history a stage's first run imports per league (the current one and the three before it). */
export const HISTORY_SEASONS = 4;

/** The seasons a first run keeps of the imported history: the last HISTORY_SEASONS labels present. */
export function seasonsToKeep(records: readonly MatchRecord[]): Set<string> {
  const seasons = [...new Set(records.map((r) => r.season ?? r.date.slice(0, 4)))].sort();
  return new Set(seasons.slice(-HISTORY_SEASONS));
}

const HOUR_MS = 3_600_000;
/** The results job looks for a finished match from two hours after kickoff. */
export const RESULT_DELAY_MS = 2 * HOUR_MS;
/**
 * Kickoff to the match statistics in the stored history, by default: the results job (every 30 minutes) first sees
 * the match finished two hours after kickoff, and fetches its statistics then; an hour more for the source to
 * publish them.
 */
export const DEFAULT_STATS_LAG_HOURS = 3;
/** Statistics later than this are not modelled: the results job only looks three days back. */
export const MAX_STATS_LAG_HOURS = 48;
/** UK wall-clock time of the daily generation run (the schedule in events/src/schedules.ts). */
export const GENERATION_UK_TIME = '06:00';

/** Kickoff of a research-file match (its UK local date and time, 15:00 when the file has no time), ISO UTC. */
export function kickoffOf(m: Pick<ParsedMatch, 'date' | 'time'>): string {
  return ukLocalToUtc(m.date, m.time ?? '15:00').toISOString();
}

/** The daily generation run on a UTC day (06:00 UK time), in epoch ms. */
export function generationRunOn(day: number): number {
  return ukLocalToUtc(dayToIso(day), GENERATION_UK_TIME).getTime();
}

/** The last daily generation run before a kickoff: the run that publishes its forecast. */
export function lastRunBefore(kickoffMs: number): number {
  const day = dayNumber(new Date(kickoffMs).toISOString());
  const run = generationRunOn(day);
  return run < kickoffMs ? run : generationRunOn(day - 1);
}

/** The prices the model reads for a match: Pinnacle's per market when complete, else the average (core's modelOdds). */
const capturedOdds = (m: Pick<ParsedMatch, 'pre' | 'preOU'>): MatchOdds | undefined => preKickoffOdds(m, ['ps', 'avg']);

export interface DeployedView {
  /** The stage's first generation run (epoch ms). */
  stageStart: number;
  statsLagHours: number;
  /** Whether the stage has an odds provider (`--market all`). */
  odds: boolean;
}

/** A league's research-file matches as the stage's providers would report them: kickoff times, captured prices. */
export interface StageMatch {
  match: ParsedMatch;
  kickoffMs: number;
  /** The history record before its statistics arrive, and after. */
  record: MatchRecord;
  withStats: MatchRecord;
}

export function stageMatches(matches: readonly ParsedMatch[], view: DeployedView): StageMatch[] {
  const out = matches.map((m): StageMatch => {
    const kickoff = kickoffOf(m);
    const kickoffMs = Date.parse(kickoff);
    const odds = view.odds && kickoffMs > view.stageStart ? capturedOdds(m) : undefined;
    const stats = {
      ...(m.homeShots !== undefined && m.awayShots !== undefined ? { homeShots: m.homeShots, awayShots: m.awayShots } : {}),
      ...(m.homeShotsOnTarget !== undefined && m.awayShotsOnTarget !== undefined ? { homeShotsOnTarget: m.homeShotsOnTarget, awayShotsOnTarget: m.awayShotsOnTarget } : {}),
    };
    const record: MatchRecord = { date: kickoff, league: m.league, season: m.season, home: m.home, away: m.away, homeGoals: m.homeGoals, awayGoals: m.awayGoals, ...(odds ? { odds } : {}) };
    return { match: m, kickoffMs, record, withStats: { ...record, ...stats } };
  });
  return out.sort((a, b) => a.kickoffMs - b.kickoffMs);
}

/**
 * The history a generation run at `runAt` holds: the first run's import (finished matches of the kept seasons,
 * without prices) and every match finished since, with its captured prices; statistics once they have arrived.
 */
export function historyAt(matches: readonly StageMatch[], view: DeployedView, runAt: number): MatchRecord[] {
  const lag = view.statsLagHours * HOUR_MS;
  const imported = matches.filter((s) => s.kickoffMs + RESULT_DELAY_MS <= view.stageStart);
  const keep = seasonsToKeep(imported.map((s) => s.record));
  const out: MatchRecord[] = [];
  for (const s of matches) {
    if (s.kickoffMs + RESULT_DELAY_MS > runAt) break;
    if (s.kickoffMs + RESULT_DELAY_MS <= view.stageStart && !keep.has(s.match.season)) continue;
    out.push(s.kickoffMs + lag <= runAt ? s.withStats : s.record);
  }
  return out;
}
