/**
 * What a deployed stage's generation pipeline reads, as rules shared by the pipeline (packages/core generation)
 * and the `--deployed` backtest, which replays them day by day (docs/decisions/0110-the-deployed-backtest.md):
 *
 * - the first run imports the last HISTORY_SEASONS seasons of results and statistics (no odds: the fixtures
 *   provider has none for past matches), then the results job (every 30 minutes, from two hours after kickoff) adds
 *   every match it finds finished, with the prices captured before its kickoff and the statistics the source has
 *   then (a match without them joins the history without them);
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
/** The results job looks for a finished match from two hours after kickoff... */
export const RESULT_DELAY_MS = 2 * HOUR_MS;
/** ...and runs every 30 minutes (on the half hours). */
const RESULTS_EVERY_MS = HOUR_MS / 2;
/**
 * Kickoff to the moment the source has a match's statistics, by default: API-Football publishes them during the
 * match, so they are there when the results job first finds it finished, two hours after kickoff. A source slower
 * than that run leaves the match in the history without statistics (the results job reads them once).
 */
export const DEFAULT_STATS_LAG_HOURS = 2;
export const MAX_STATS_LAG_HOURS = 48;

/** The first results run that finds a match finished (epoch ms). */
export function firstResultsRun(kickoffMs: number): number {
  return Math.ceil((kickoffMs + RESULT_DELAY_MS) / RESULTS_EVERY_MS) * RESULTS_EVERY_MS;
}
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
      ...(m.homeShotsOnTarget !== undefined && m.awayShotsOnTarget !== undefined
        ? { homeShotsOnTarget: m.homeShotsOnTarget, awayShotsOnTarget: m.awayShotsOnTarget }
        : {}),
    };
    const record: MatchRecord = {
      date: kickoff,
      league: m.league,
      season: m.season,
      home: m.home,
      away: m.away,
      homeGoals: m.homeGoals,
      awayGoals: m.awayGoals,
      ...(odds ? { odds } : {}),
    };
    return { match: m, kickoffMs, record, withStats: { ...record, ...stats } };
  });
  return out.sort((a, b) => a.kickoffMs - b.kickoffMs);
}

/**
 * The history a generation run at `runAt` holds: the first run's import (matches finished by then, of the kept
 * seasons, with the statistics the source has, without prices), and every match the results job has found finished
 * since, with its captured prices and the statistics the source had at that first look.
 */
export function historyAt(matches: readonly StageMatch[], view: DeployedView, runAt: number): MatchRecord[] {
  const lag = view.statsLagHours * HOUR_MS;
  const imported = (s: StageMatch) => s.kickoffMs + RESULT_DELAY_MS <= view.stageStart;
  const keep = seasonsToKeep(matches.filter(imported).map((s) => s.record));
  const out: MatchRecord[] = [];
  for (const s of matches) {
    if (s.kickoffMs + RESULT_DELAY_MS > runAt) break;
    if (imported(s)) {
      if (keep.has(s.match.season)) out.push(s.kickoffMs + lag <= view.stageStart ? s.withStats : s.record);
      continue;
    }
    const seen = firstResultsRun(s.kickoffMs);
    if (seen <= runAt) out.push(s.kickoffMs + lag <= seen ? s.withStats : s.record);
  }
  return out;
}
